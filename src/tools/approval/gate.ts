/**
 * The approval gate (docs/approval.md), built once per face by {@link createGate}. `ask` is the
 * one place that reads a review for a person and mints the ticket that binds their answer to it;
 * `run` is the one place that passes `acknowledge` to the client. Both read the call as
 * `decodeToolCall` decoded it once, at the face's entry.
 */
import type { AcknowledgmentRequiredError } from "../../core/errors/conflict.js";
import type { RequestOptions } from "../../core/request-options.js";
import { resultRedactorOf } from "../../core/result-redactor.js";
import { type ContentReview, reviewOf, textDigest } from "../../resources/content/review.js";
import type { ContentItem } from "../../schemas/index.js";
import { type DecodedToolCall, type DecodeOutcome, decodeToolCall } from "../decode-tool-call.js";
import type { ToolResult } from "../envelope.js";
import { resultOfError } from "../error-result.js";
import { toJsonSafe } from "../json-safe.js";
import { isSdkError } from "../sdk-error-guard.js";
import type { ToolClient } from "../tool-client.js";
import type { AcknowledgmentMode, ConfirmAcknowledgment } from "./acknowledgment-policy.js";
import {
  askAgainResult,
  askYourUserResult,
  changedSinceApprovalResult,
  declinedResult,
} from "./approval-envelopes.js";
import {
  type Proposal,
  type SignedReview,
  type Ticket,
  type TicketFault,
  ticketCodec,
} from "./approval-ticket.js";
import type { SpentTickets } from "./spent-tickets.js";

export interface GateOptions {
  readonly client: ToolClient;
  readonly mode: AcknowledgmentMode;
  /** Asks a person inline, for runners without an approval step of their own. */
  readonly confirm?: ConfirmAcknowledgment | undefined;
  /** The `requestStateKey` that signs tickets (default: this process's random key). */
  readonly key?: unknown;
  /** Where spent tickets are kept (default: this process). */
  readonly spent?: SpentTickets | undefined;
}

/**
 * What a person's answer came with, for one call:
 * - `none`: nothing; `confirm` asks inline when the gate has it, or the mode decides;
 * - `step`: the face's approval step ran before the call and kept a ticket for its call id
 *   (unchecked: it may come from saved state); without a valid one the call asks again;
 * - `card`: the review card's decision, whose ticket was spent and whose text the decision
 *   checked: `approved` is the review the person approved, for the write that acknowledges.
 */
export type Proof =
  | { readonly kind: "none" }
  | { readonly kind: "step"; readonly callId: string | undefined; readonly ticket: unknown }
  | { readonly kind: "card"; readonly approved: ContentReview | undefined };

export const NO_PROOF: Proof = { kind: "none" };

/** A framework's approval step asks before the call runs, for its tool call id. */
interface StepAsk {
  readonly scope: "step";
  readonly callId: string;
}

/** An MCP form: a new question, or the person's answer to the one its signed state names. */
interface FormAsk {
  readonly scope: "ask";
  readonly options: RequestOptions;
  /** The verified `requestState` the call carries; one about another tool or item is invalid. */
  readonly state: Ticket | undefined;
  readonly answer: "approve" | "decline" | undefined;
}

/** The review card: the item's review as it stands, with a new token. */
interface CardAsk {
  readonly scope: "card";
  readonly options?: RequestOptions | undefined;
  readonly proposal?: Proposal | undefined;
}

/** The person's decision in the review card: the token it carries, spent here. */
interface CardDecision {
  readonly scope: "card";
  readonly token: unknown;
  readonly options?: RequestOptions | undefined;
}

/** An MCP form round: run the call (with the person's proof), answer at once, or ask. */
type FormOutcome =
  | { readonly run: Proof }
  | { readonly answer: ToolResult }
  | { readonly question: { readonly review: ContentReview; readonly requestState: string } }
  | { readonly invalid: true };

/** What the card shows: the item, its review, and the review's token. */
export interface CardQuestion {
  readonly review: ContentReview;
  readonly item: ContentItem;
  readonly reviewToken: string;
}

/** Why a card decision was refused, as its answer says it. */
export type TokenRefusal = TicketFault | "missing" | "other_item" | "spent";

/**
 * A card decision: refused; or the text changed since the card showed it (the card shows the
 * new text, with a new token); or the review the person decided on, with the call's proposal.
 */
type CardDecisionOutcome =
  | { readonly refused: TokenRefusal }
  | { readonly stale: CardQuestion; readonly proposal: Proposal | undefined }
  | { readonly review: ContentReview; readonly proposal: Proposal | undefined };

/** A write's outcome: the tool's result, or the SDK's refusal of an acknowledgment. */
type Attempt = { readonly result: ToolResult } | { readonly refusal: AcknowledgmentRequiredError };

export interface Gate {
  readonly client: ToolClient;
  readonly mode: AcknowledgmentMode;
  /**
   * Decodes a model's call once, dropping its own `acknowledgeAiIsms` whenever a person decides
   * (never under `"model"`, except in the card, where only the person decides).
   */
  decode(name: string, input: unknown, proof?: Proof): Promise<DecodeOutcome>;
  /** The review to show, signed for this call; `undefined` when there is nothing to ask. */
  ask(call: DecodedToolCall, context: StepAsk): Promise<SignedReview | undefined>;
  ask(call: DecodedToolCall, context: FormAsk): Promise<FormOutcome>;
  ask(call: { readonly itemId: string }, context: CardAsk): Promise<CardQuestion>;
  ask(call: { readonly itemId: string }, context: CardDecision): Promise<CardDecisionOutcome>;
  /** Runs a decoded call with what the person's answer came with. */
  run(
    call: DecodedToolCall,
    proof: Proof & { kind: "card" },
    options?: RequestOptions,
  ): Promise<Attempt>;
  run(call: DecodedToolCall, proof: Proof, options?: RequestOptions): Promise<ToolResult>;
  /** Opens an MCP form's `requestState`; throws a fixed reason (never the state's content). */
  openQuestion(state: unknown): Promise<Ticket>;
}

/** MCP has no tool call id: a form's ticket binds the request's arguments instead. */
const FORM_CALL_ID = "mcp";

/** Rounds of asking when the text keeps changing while the person answers. */
const MAX_ASKS = 3;

/** The approval gate of one face: build it once, where the face reads its options. */
export function createGate(options: GateOptions): Gate {
  const { client, mode, confirm } = options;
  const codec = ticketCodec(options.key, options.spent);
  // Results are scrubbed with the client's own key, not only by pattern: a server may echo it.
  const redact = resultRedactorOf(client);

  const send = async (
    call: DecodedToolCall,
    requestOptions: RequestOptions | undefined,
    acknowledge?: ContentReview,
  ): Promise<Attempt> => {
    const sent = acknowledge === undefined ? requestOptions : { ...requestOptions, acknowledge };
    try {
      return { result: toJsonSafe(await call.tool.call(client, call.input, sent), redact) };
    } catch (error) {
      if (isSdkError(error, "AcknowledgmentRequiredError")) return { refusal: error };
      return { result: resultOfError(error, redact) };
    }
  };

  /** Reviews, asks the person, and acknowledges what they saw; asks again when the text changed. */
  const askInline = async (
    ask: ConfirmAcknowledgment,
    call: DecodedToolCall,
    itemId: string,
    requestOptions: RequestOptions | undefined,
  ): Promise<ToolResult> => {
    for (let round = 1; ; round++) {
      let review: ContentReview;
      try {
        review = await client.content.review(itemId, requestOptions);
      } catch (error) {
        return resultOfError(error, redact);
      }
      if (review.needsAcknowledgment && !(await ask(review))) return declinedResult(review);
      const outcome = await send(
        call,
        requestOptions,
        review.needsAcknowledgment ? review : undefined,
      );
      if ("result" in outcome) return outcome.result;
      // The text changed between the review and the write: ask again, at most MAX_ASKS times.
      if (round === MAX_ASKS) return askAgainResult(itemId, outcome.refusal);
    }
  };

  const run = async (
    call: DecodedToolCall,
    proof: Proof,
    requestOptions?: RequestOptions,
  ): Promise<ToolResult | Attempt> => {
    if (proof.kind === "card") return send(call, requestOptions, proof.approved);
    const { itemId } = call;
    // Only a call that approves or schedules meets a person, and never under "model".
    const gated = itemId !== undefined && mode !== "model";
    if (gated && proof.kind === "step") {
      const approved = await verifiedReview(call, proof.callId, proof.ticket);
      const outcome = await send(call, requestOptions, approved);
      if ("result" in outcome) return outcome.result;
      return approved === undefined
        ? askAgainResult(itemId, outcome.refusal)
        : changedSinceApprovalResult(itemId, outcome.refusal);
    }
    if (gated && confirm !== undefined) return askInline(confirm, call, itemId, requestOptions);
    const outcome = await send(call, requestOptions);
    if ("result" in outcome) return outcome.result;
    // Under "ask" nobody can be asked here: the model's own acknowledgment went as it was given.
    return gated && mode === "human"
      ? askYourUserResult(itemId, outcome.refusal.aiIsmMatches)
      : resultOfError(outcome.refusal, redact);
  };

  /**
   * The review a person approved for this very call, when `stored` is a step ticket signed for
   * the same tool, item, call id and arguments, and its text is the text signed.
   */
  const verifiedReview = async (
    call: DecodedToolCall,
    callId: string | undefined,
    stored: unknown,
  ): Promise<ContentReview | undefined> => {
    if (callId === undefined || call.itemId === undefined) return undefined;
    if (stored === null || typeof stored !== "object") return undefined;
    const { ticket, text, aiIsmMatches } = stored as Partial<SignedReview>;
    if (typeof text !== "string" || !Array.isArray(aiIsmMatches)) return undefined;
    const bound = await codec.open(ticket, "step");
    if ("fault" in bound) return undefined;
    const digest = await textDigest(text);
    if (
      bound.tool !== call.name ||
      bound.itemId !== call.itemId ||
      bound.callId !== callId ||
      bound.argsDigest !== call.argumentDigest ||
      bound.textDigest !== digest
    ) {
      return undefined;
    }
    return Object.freeze({
      itemId: call.itemId,
      text,
      aiIsmMatches: aiIsmMatches.map((match) => ({ ...match })),
      needsAcknowledgment: true,
      textDigest: digest,
    });
  };

  /** A ticket for `scope` that binds `tool` to the review's item and text, and what `bound` adds. */
  const sign = (
    scope: Ticket["scope"],
    tool: string,
    review: ContentReview,
    bound?: Pick<Ticket, "callId" | "argsDigest" | "proposal">,
  ) => codec.mint({ scope, tool, itemId: review.itemId, ...bound, textDigest: review.textDigest });

  /** Signs the review shown for `call` (tool call `callId`): the ticket a step keeps. */
  const stepTicket = async (
    call: DecodedToolCall,
    callId: string,
    review: ContentReview,
  ): Promise<SignedReview> => ({
    ...review,
    aiIsmMatches: review.aiIsmMatches.map((match) => ({ ...match })),
    ticket: await sign("step", call.name, review, { callId, argsDigest: call.argumentDigest }),
  });

  const askStep = async (call: DecodedToolCall, { callId }: StepAsk) => {
    if (call.itemId === undefined) return undefined;
    // A review that cannot be read asks nothing: the call itself then reports the failure.
    const review = await client.content.review(call.itemId).catch(() => undefined);
    return review?.needsAcknowledgment ? stepTicket(call, callId, review) : undefined;
  };

  const askForm = async (call: DecodedToolCall, context: FormAsk): Promise<FormOutcome> => {
    const unanswered: Proof = { kind: "step", callId: FORM_CALL_ID, ticket: undefined };
    if (call.itemId === undefined) return { run: unanswered };
    const { state, answer } = context;
    // A signed state of another call: as invalid here as a tampered one.
    if (state !== undefined && (state.tool !== call.name || state.itemId !== call.itemId)) {
      return { invalid: true };
    }
    let review: ContentReview;
    try {
      review = await client.content.review(call.itemId, context.options);
    } catch (error) {
      return { answer: resultOfError(error, redact) };
    }
    // No matches: nothing to ask, and the model's own acknowledgeAiIsms still does not count.
    if (!review.needsAcknowledgment) return { run: unanswered };
    if (state?.textDigest === review.textDigest && answer !== undefined) {
      // A question is answered once: the same requestState sent again is refused.
      if (!(await codec.spend(state))) return { invalid: true };
      if (answer === "decline") return { answer: declinedResult(review) };
      const ticket = await stepTicket(call, FORM_CALL_ID, review);
      return { run: { kind: "step", callId: FORM_CALL_ID, ticket } };
    }
    return { question: { review, requestState: await sign("ask", call.name, review) } };
  };

  /** What the card shows: `review` of `item`, with a token that binds it to `proposal`. */
  const cardQuestion = async (
    item: ContentItem,
    review: ContentReview,
    proposal: Proposal | undefined,
  ): Promise<CardQuestion> => {
    const reviewToken = await sign("card", "decide_review", review, { proposal });
    return { review, item, reviewToken };
  };

  const askCard = async ({ itemId }: { readonly itemId: string }, context: CardAsk) => {
    const item = await client.content.get(itemId, context.options);
    return cardQuestion(item, await reviewOf(item), context.proposal);
  };

  /**
   * Checks a card decision's token (signature, expiry, scope, item, origin), reads the item, then
   * spends the token: the decision counts only for the text the card showed, and a failed read
   * leaves the token to decide again.
   */
  const decideCard = async (
    { itemId }: { readonly itemId: string },
    { token, options }: CardDecision,
  ): Promise<CardDecisionOutcome> => {
    if (typeof token !== "string" || token === "") return { refused: "missing" };
    const ticket = await codec.open(token, "card");
    if ("fault" in ticket) return { refused: ticket.fault };
    if (ticket.itemId !== itemId) return { refused: "other_item" };
    const item = await client.content.get(itemId, options);
    const review = await reviewOf(item);
    if (!(await codec.spend(ticket))) return { refused: "spent" };
    if (review.textDigest === ticket.textDigest) return { review, proposal: ticket.proposal };
    return { stale: await cardQuestion(item, review, ticket.proposal), proposal: ticket.proposal };
  };

  // The overloads of `Gate["ask"]` pair each scope with its call.
  const ask = (
    call: DecodedToolCall & { readonly itemId: string },
    context: StepAsk | FormAsk | CardAsk | CardDecision,
  ) =>
    context.scope === "step"
      ? askStep(call, context)
      : context.scope === "ask"
        ? askForm(call, context)
        : "token" in context
          ? decideCard(call, context)
          : askCard(call, context);

  return {
    client,
    mode,
    decode: (name, input, proof = NO_PROOF) =>
      decodeToolCall(name, input, {
        stripAcknowledgment:
          proof.kind === "card" ||
          (mode !== "model" &&
            (proof.kind === "step" || mode === "human" || confirm !== undefined)),
      }),
    ask: ask as Gate["ask"],
    run: run as Gate["run"],
    async openQuestion(state) {
      const opened = await codec.open(state, "ask");
      if ("fault" in opened) throw new Error(opened.fault);
      return opened;
    },
  };
}
