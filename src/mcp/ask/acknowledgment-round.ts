/**
 * One round of asking the person through MCP, before a tool approves or schedules an item with
 * AI-ism matches (docs/approval.md): the question as `input_required` (2026-07-28; the SDK turns
 * it into `elicitation/create` for a 2025-11-25 client), or the person's answer applied through
 * the same gate as every other face (`tools/approval/`).
 */
import {
  type InputRequiredResult,
  inputRequired,
  ProtocolError,
  ProtocolErrorCode,
} from "@modelcontextprotocol/server";
import type { RequestOptions } from "../../core/request-options.js";
import { resultRedactorOf } from "../../core/result-redactor.js";
import type { AcknowledgmentMode } from "../../tools/approval/acknowledgment-policy.js";
import { declinedResult } from "../../tools/approval/approval-envelopes.js";
import { mintTicket, ticketCodec } from "../../tools/approval/approval-ticket.js";
import type { PersonGate } from "../../tools/approval/gated-call.js";
import { type DecodedToolCall, decodeToolCall } from "../../tools/decode-tool-call.js";
import type { ToolResult } from "../../tools/envelope.js";
import { resultOfError } from "../../tools/error-result.js";
import type { ToolClient } from "../../tools/tool-client.js";
import {
  ACKNOWLEDGMENT_INPUT_KEY,
  acknowledgmentAnswer,
  acknowledgmentForm,
} from "./acknowledgment-form.js";
import type { AcknowledgmentState } from "./request-state.js";

/** What one call knows about asking its person. */
export interface AcknowledgmentContext {
  readonly mode: AcknowledgmentMode;
  /** The host declared form elicitation, for this request (2026) or this connection (2025). */
  readonly canElicit: boolean;
  /** The host renders the review card: a person decides there, though no form can be shown. */
  readonly showsCard: boolean;
  /** The answers a retried call carries, unchecked. */
  readonly inputResponses: Record<string, unknown> | undefined;
  /** The `requestState` it carries, already verified by the server's codec. */
  readonly state: unknown;
  /** Signs the state of a new question. */
  readonly mint: (state: AcknowledgmentState) => Promise<string>;
}

/**
 * The round's outcome: run the tool under `gate` (the call as decoded here, when it was), answer
 * at once, or ask the person.
 */
export type AcknowledgmentRound =
  | { readonly gate: PersonGate; readonly call?: DecodedToolCall | undefined }
  | { readonly answer: ToolResult }
  | { readonly ask: InputRequiredResult };

/**
 * Decides a round. Nobody is asked for a call the gate does not apply to, under `"model"`, for a
 * host that cannot show a form (the refusal then reaches the model as today, or under `"human"`
 * tells it to ask its user), or for input the tool will refuse anyway. Otherwise an approval
 * counts only for the text whose digest the signed state names; a changed text is asked again.
 */
export async function acknowledgmentRound(
  client: ToolClient,
  name: string,
  input: unknown,
  options: RequestOptions,
  context: AcknowledgmentContext,
): Promise<AcknowledgmentRound> {
  const { mode } = context;
  if (mode === "model" || !(context.canElicit || context.showsCard)) return { gate: { mode } };
  const step = { codec: tickets, callId: MCP_CALL_ID };
  const personGate = { mode, approvalStep: { ...step, ticket: undefined } };
  // Decoded once: the question, the answer's check and the call read this one value.
  const decoded = await decodeToolCall(name, input, { stripAcknowledgment: true });
  // A person decides here: the tool answers the refusal (text and approval in one call) under
  // the same gate, so the model's own acknowledgment is never sent.
  if (!decoded.ok) return { gate: personGate };
  const { call } = decoded;
  const { itemId } = call;
  if (itemId === undefined || !context.canElicit) return { gate: personGate, call };
  const state = stateOfCall(context.state, name, itemId);
  let review: Awaited<ReturnType<ToolClient["content"]["review"]>>;
  try {
    review = await client.content.review(itemId, options);
  } catch (error) {
    return { answer: resultOfError(error, resultRedactorOf(client)) };
  }
  // No matches: nothing to ask, and the model's own acknowledgeAiIsms still does not count.
  if (!review.needsAcknowledgment) return { gate: personGate, call };
  if (state?.textDigest === review.textDigest) {
    const answer = acknowledgmentAnswer(context.inputResponses);
    if (answer === "approve") {
      // The verified requestState is the person's answer: the runner gets it as a ticket.
      const ticket = await mintTicket(tickets, call, MCP_CALL_ID, review);
      return { gate: { mode, approvalStep: { ...step, ticket } }, call };
    }
    if (answer === "decline") return { answer: declinedResult(review) };
  }
  const requestState = await context.mint({
    tool: name,
    itemId,
    textDigest: review.textDigest,
  });
  return {
    ask: inputRequired({
      inputRequests: { [ACKNOWLEDGMENT_INPUT_KEY]: acknowledgmentForm(review) },
      requestState,
    }),
  };
}

// The answer and the call meet within one request: this process's key signs their ticket.
const tickets = ticketCodec(undefined);
/** MCP has no tool call id: the ticket binds the request's arguments instead. */
const MCP_CALL_ID = "mcp";

/** The verified state, which must be a question about this very tool and item. */
function stateOfCall(
  state: unknown,
  name: string,
  itemId: string,
): AcknowledgmentState | undefined {
  if (state === undefined) return undefined;
  const bound = state as Partial<AcknowledgmentState> | null;
  if (bound?.tool !== name || bound.itemId !== itemId || typeof bound.textDigest !== "string") {
    // A signed state of another call: as invalid here as a tampered one.
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, "Invalid or expired requestState", {
      reason: "invalid_request_state",
    });
  }
  return bound as AcknowledgmentState;
}
