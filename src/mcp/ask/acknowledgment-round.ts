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
import {
  type AcknowledgmentMode,
  declinedResult,
  mintQuestion,
  mintTicket,
  type PersonGate,
  type Ticket,
  type TicketCodec,
} from "../../tools/approval/index.js";
import { type DecodedToolCall, decodeToolCall } from "../../tools/decode-tool-call.js";
import type { ToolResult } from "../../tools/envelope.js";
import { resultOfError } from "../../tools/error-result.js";
import type { ToolClient } from "../../tools/tool-client.js";
import {
  ACKNOWLEDGMENT_INPUT_KEY,
  acknowledgmentAnswer,
  acknowledgmentForm,
} from "./acknowledgment-form.js";

/** What one call knows about asking its person. */
export interface AcknowledgmentContext {
  readonly mode: AcknowledgmentMode;
  /** The host declared form elicitation, for this request (2026) or this connection (2025). */
  readonly canElicit: boolean;
  /** The host renders the review card: a person decides there, though no form can be shown. */
  readonly showsCard: boolean;
  /** The answers a retried call carries, unchecked. */
  readonly inputResponses: Record<string, unknown> | undefined;
  /** The `requestState` it carries, already verified by the gate's codec. */
  readonly state: Ticket | undefined;
  /** The gate's ticket codec: signs a new question, and spends an answered one. */
  readonly codec: TicketCodec;
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
  const step = { codec: context.codec, callId: MCP_CALL_ID };
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
  const answer = acknowledgmentAnswer(context.inputResponses);
  if (state?.textDigest === review.textDigest && answer !== undefined) {
    // A question is answered once: the same requestState sent again is refused.
    if (!(await context.codec.spend(state))) throw invalidState();
    if (answer === "decline") return { answer: declinedResult(review) };
    // The verified requestState is the person's answer: the runner gets it as a ticket.
    const ticket = await mintTicket(context.codec, call, MCP_CALL_ID, review);
    return { gate: { mode, approvalStep: { ...step, ticket } }, call };
  }
  const requestState = await mintQuestion(context.codec, review, name);
  return {
    ask: inputRequired({
      inputRequests: { [ACKNOWLEDGMENT_INPUT_KEY]: acknowledgmentForm(review) },
      requestState,
    }),
  };
}

/** MCP has no tool call id: the ticket binds the request's arguments instead. */
const MCP_CALL_ID = "mcp";

/** The verified state, which must be a question about this very tool and item. */
function stateOfCall(state: Ticket | undefined, name: string, itemId: string) {
  if (state === undefined) return undefined;
  // A signed state of another call: as invalid here as a tampered one.
  if (state.tool !== name || state.itemId !== itemId) throw invalidState();
  return state;
}

function invalidState(): ProtocolError {
  return new ProtocolError(ProtocolErrorCode.InvalidParams, "Invalid or expired requestState", {
    reason: "invalid_request_state",
  });
}
