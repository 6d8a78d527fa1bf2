/**
 * A person's decision in the review card (`decide_review`, an app-only tool): checked against
 * its signed review token and the item's current text before anything is sent. Approve and
 * schedule build the tool calls they mean (keeping the model's proposed channel and time) and send
 * them through the gate with one acknowledgment, for the text the person saw; edit saves the new
 * text the same way and answers a new review with a new token; decline changes nothing.
 */
import { z } from "zod";
import { REVIEW_CARD_APPROVAL } from "../../../contract/approval-source.js";
import type { RequestOptions } from "../../../core/request-options.js";
import { resultRedactorOf } from "../../../core/result-redactor.js";
import {
  type CardQuestion,
  declinedResult,
  type Gate,
  type Proposal,
  type TokenRefusal,
} from "../../../tools/approval/index.js";
import { isToolError, toolError } from "../../../tools/envelope.js";
import { resultOfError } from "../../../tools/error-result.js";
import type { JsonValue } from "../../../tools/json-schema.js";
import { awaitingReview, type CardAnswer } from "./awaiting-review.js";

/** The decision tool's input: the item, the card's token, and what the person chose. */
export const DecideReviewInput = z.strictObject({
  itemId: z.string().min(1),
  reviewToken: z.string(),
  decision: z.enum(["approve", "schedule", "edit", "decline"]),
  scheduledAt: z.iso.datetime({ offset: true }).optional(),
  publishNow: z.literal(true).optional(),
  text: z.string().min(1).optional(),
});

type Decision = z.output<typeof DecideReviewInput>;

/** What the decision needs: the server's gate (its client checks, spends and signs tickets). */
export interface ReviewDecisionDeps {
  readonly gate: Gate;
  readonly options?: RequestOptions | undefined;
  /** The tools the server serves; a decision never sends through one it does not. Default: all. */
  readonly servedNames?: ReadonlySet<string> | undefined;
}

const REFUSALS: Record<TokenRefusal, string> = {
  missing: "has no review token",
  invalid: "carries a review token this server did not sign for a review",
  expired: "carries a review token that has expired",
  other_item: "carries the review token of another item",
  spent: "carries a review token that has already decided once",
  other_process:
    "carries a review token another server process showed, which cannot tell here whether it decided already",
};

/** Runs one decision; refusals say why, and send nothing. */
export async function decideReview(input: unknown, deps: ReviewDecisionDeps): Promise<CardAnswer> {
  const parsed = DecideReviewInput.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const param = String(issue?.path[0] ?? "input");
    return refusal("validation_error", `${param}: ${issue?.message ?? "invalid"}`, { param });
  }
  const decision = parsed.data;
  const { gate, options } = deps;
  const { itemId, reviewToken } = decision;
  const redact = resultRedactorOf(gate.client);
  try {
    const decided = await gate.ask({ itemId }, { scope: "card", token: reviewToken, options });
    if ("refused" in decided) {
      return refusal(
        "review_refused",
        `This decision on ${itemId} ${REFUSALS[decided.refused]}. Only the person, in the ` +
          "review card, can decide; nothing was sent. Reopen the card with review_content.",
        { reason: decided.refused, itemId },
      );
    }
    const { proposal } = decided;
    // The card shows the item's text as it stands next, with its own token.
    const shown = (question: CardQuestion, reason: "edited" | "text_changed") =>
      awaitingReview(question, { reason, proposal, redact });
    const current = () => gate.ask({ itemId }, { scope: "card", options, proposal });
    if ("stale" in decided) return staleAnswer(itemId, shown(decided.stale, "text_changed"));
    const { review } = decided;
    if (decision.decision === "decline") return { result: declinedResult(review) };
    if (decision.decision === "edit" && decision.text === undefined) {
      return refusal("validation_error", "text: an edit needs the new text", { param: "text" });
    }
    const plan = writePlan(decision, proposal ?? {});
    const unserved = plan.calls.find(([name]) => deps.servedNames?.has(name) === false);
    if (unserved !== undefined) {
      return refusal(
        "validation_error",
        `decision: this server does not serve ${unserved[0]}, so the card cannot ` +
          `${decision.decision} ${itemId} here; nothing was sent.`,
        { param: "decision" },
      );
    }
    // Approve and schedule say in a header that the card approved; an edit approves nothing.
    const sendOptions =
      decision.decision === "edit"
        ? options
        : { ...options, headers: { ...options?.headers, ...REVIEW_CARD_APPROVAL } };
    for (const [name, input, acknowledges] of plan.calls) {
      const proof = { kind: "card", approved: acknowledges ? review : undefined } as const;
      const decoded = await gate.decode(name, input, proof);
      if (!decoded.ok) return { result: decoded.failure };
      const sent = await gate.run(decoded.call, proof, sendOptions);
      if ("refusal" in sent) return staleAnswer(itemId, shown(await current(), "text_changed"));
      if (isToolError(sent.result)) return { result: sent.result };
      if (acknowledges) {
        const status = name === "schedule_content" ? "scheduled" : "approved";
        return { result: { status, ...sent.result, ...plan.dropped } };
      }
    }
    // The edit is saved: the card shows the new text, for a new decision.
    return shown(await current(), "edited");
  } catch (error) {
    return { result: resultOfError(error, redact) };
  }
}

type PlannedCall = readonly [name: string, input: Record<string, unknown>, acknowledges: boolean];

/** The time a decision or a proposal names, if any. */
function whenOf(named: Pick<Decision, "scheduledAt" | "publishNow">) {
  if (named.publishNow) return { publishNow: true as const };
  return named.scheduledAt === undefined ? undefined : { scheduledAt: named.scheduledAt };
}

/**
 * The tool calls a decision means. An edit saves the text. Approve and schedule end with the
 * call that acknowledges the text the person saw: the model's proposed channel and time are
 * kept, and a time the person chose instead is reported as dropped.
 */
function writePlan(
  decision: Decision,
  proposal: Proposal,
): { calls: PlannedCall[]; dropped?: Record<string, unknown> } {
  const id = decision.itemId;
  if (decision.decision === "edit") {
    return { calls: [["update_content", { id, content: decision.text }, false]] };
  }
  const proposedWhen = whenOf(proposal);
  const moves = proposal.channelId === undefined ? {} : { channelId: proposal.channelId };
  if (decision.decision === "approve" && proposedWhen === undefined) {
    return { calls: [["update_content", { id, status: "pending", ...moves }, true]] };
  }
  const when = decision.decision === "approve" ? proposedWhen : (whenOf(decision) ?? proposedWhen);
  const calls: PlannedCall[] = [["schedule_content", { id, ...when }, true]];
  if (proposal.channelId !== undefined) calls.unshift(["update_content", { id, ...moves }, false]);
  const replaced = JSON.stringify(when) !== JSON.stringify(proposedWhen);
  if (proposedWhen === undefined || !replaced) return { calls };
  const message = `The person chose ${JSON.stringify(when)} instead of the proposed ${JSON.stringify(proposedWhen)}.`;
  return { calls, dropped: { dropped: proposedWhen, message } };
}

/** A refusal, which sends nothing; a stale one carries the token of the text the card shows. */
function refusal(
  code: string,
  message: string,
  detail: { readonly [key: string]: JsonValue },
  reviewToken?: string,
): CardAnswer {
  return { result: toolError(code, message, detail), reviewToken };
}

/** The text changed behind the card: refused, with the new text and a token for it. */
function staleAnswer(itemId: string, next: CardAnswer): CardAnswer {
  const message =
    `The text of ${itemId} changed after the person saw it; nothing was sent. The card now ` +
    "shows the new text for a new decision.";
  return refusal("review_stale", message, { itemId, review: next.result }, next.reviewToken);
}
