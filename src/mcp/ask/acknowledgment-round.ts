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
import { type Gate, NO_PROOF, type Proof, type Ticket } from "../../tools/approval/index.js";
import type { DecodedToolCall } from "../../tools/decode-tool-call.js";
import type { ToolResult } from "../../tools/envelope.js";
import { ACKNOWLEDGMENT_INPUT_KEY, acknowledgmentForm } from "./acknowledgment-form.js";

/** What one call knows about asking its person. */
export interface AcknowledgmentContext {
  /** The server's gate: its mode, and the one place that asks and acknowledges. */
  readonly gate: Gate;
  /** The host declared form elicitation, for this request (2026) or this connection (2025). */
  readonly canElicit: boolean;
  /** The host renders the review card: a person decides there, though no form can be shown. */
  readonly showsCard: boolean;
  /** The person's answer a retried call carries, checked (`input-responses.ts`). */
  readonly answer: "approve" | "decline" | undefined;
  /** The `requestState` it carries, verified by the gate. */
  readonly state: Ticket | undefined;
}

/**
 * The round's outcome: run the tool with `proof` (the call as decoded here, when it was), answer
 * at once, or ask the person.
 */
export type AcknowledgmentRound =
  | { readonly proof: Proof; readonly call?: DecodedToolCall | undefined }
  | { readonly answer: ToolResult }
  | { readonly ask: InputRequiredResult };

/**
 * Decides a round. Nobody is asked for a call the gate does not apply to, under `"model"`, for a
 * host that cannot show a form (the refusal then reaches the model as today, or under `"human"`
 * tells it to ask its user), or for input the tool will refuse anyway. Otherwise an approval
 * counts only for the text whose digest the signed state names; a changed text is asked again.
 */
export async function acknowledgmentRound(
  name: string,
  input: unknown,
  options: RequestOptions,
  context: AcknowledgmentContext,
): Promise<AcknowledgmentRound> {
  const { gate } = context;
  if (gate.mode === "model" || !(context.canElicit || context.showsCard)) {
    return { proof: NO_PROOF };
  }
  // A person decides here: the call runs with no ticket unless they answer, so the model's own
  // acknowledgment is never sent; input the tool refuses is answered by the tool's own path.
  const unanswered: Proof = { kind: "step", callId: undefined, ticket: undefined };
  // Decoded once: the question, the answer's check and the call read this one value.
  const decoded = await gate.decode(name, input, unanswered);
  if (!decoded.ok) return { proof: unanswered };
  const { call } = decoded;
  if (call.itemId === undefined || !context.canElicit) return { proof: unanswered, call };
  const outcome = await gate.ask(call, {
    scope: "ask",
    options,
    state: context.state,
    answer: context.answer,
  });
  if ("invalid" in outcome) {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, "Invalid or expired requestState", {
      reason: "invalid_request_state",
    });
  }
  if ("run" in outcome) return { proof: outcome.run, call };
  if ("answer" in outcome) return outcome;
  const { review, requestState } = outcome.question;
  return {
    ask: inputRequired({
      inputRequests: { [ACKNOWLEDGMENT_INPUT_KEY]: acknowledgmentForm(review) },
      requestState,
    }),
  };
}
