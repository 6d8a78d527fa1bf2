/**
 * One round of asking the person through MCP, before a tool approves or schedules an item with
 * AI-ism matches (docs/approval.md). A host that renders the review card gets the card at once.
 * Any other host gets the question as `input_required` (2026-07-28; the SDK turns it into
 * `elicitation/create` for a 2025-11-25 client), and the person's answer is applied through the
 * same gate as every other face (`tools/approval/`).
 */
import {
  type InputRequiredResult,
  inputRequired,
  ProtocolError,
  ProtocolErrorCode,
} from "@modelcontextprotocol/server";
import { type TraceContext, withParentFrom } from "../../core/observe/tracing.js";
import type { RequestOptions } from "../../core/request-options.js";
import { type Gate, NO_PROOF, type Proof, type Ticket } from "../../tools/approval/index.js";
import type { DecodedToolCall } from "../../tools/decode-tool-call.js";
import { runThroughGate } from "../../tools/run-tool.js";
import { callResultOf, type McpCallResult } from "../server/call-result.js";
import { ACKNOWLEDGMENT_INPUT_KEY, acknowledgmentForm } from "./acknowledgment-form.js";
import { cardAnswer } from "./review-card/card-tools.js";

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
  /** The context the tool run's `execute_tool` span starts in (the request's server span). */
  readonly traceContext: TraceContext | undefined;
}

/**
 * Runs a round: the tool's result, the card, or the question to the person. Nobody is asked for
 * a call the gate does not apply to, under `"model"`, for a host that can neither show a form nor
 * render the card (the refusal then reaches the model as today, or under `"human"` tells it to
 * ask its user), or for input the tool will refuse anyway. Otherwise an approval counts only for
 * the text whose digest the signed state names; a changed text is asked again.
 */
export async function acknowledgmentRound(
  name: string,
  input: unknown,
  options: RequestOptions,
  context: AcknowledgmentContext,
): Promise<McpCallResult | InputRequiredResult> {
  const { gate, traceContext, state, answer } = context;
  // The tool's span starts in the context's `traceContext` (the request's server span).
  const run = async (proof: Proof, decoded?: DecodedToolCall) =>
    callResultOf(await runThroughGate(gate, name, input, options, { proof, context, decoded }));
  if (gate.mode === "model" || !(context.canElicit || context.showsCard)) return run(NO_PROOF);
  // A person decides here: the call runs with no ticket unless they answer, so the model's own
  // acknowledgment is never sent; input the tool refuses is answered by the tool's own path.
  const unanswered: Proof = { kind: "step", callId: undefined, ticket: undefined };
  // Decoded once: the question, the answer's check and the call read this one value.
  const decoded = await gate.decode(name, input, unanswered);
  if (!decoded.ok) return run(unanswered);
  const { call } = decoded;
  if (call.itemId === undefined) return run(unanswered, call);
  // The person's review is read before the tool runs: a child of the request's server span.
  const reading = withParentFrom(options, traceContext);
  if (context.showsCard) {
    const card = await cardAnswer(name, call.input, { gate, options: reading }, call.itemId);
    return card ?? run(unanswered, call);
  }
  const outcome = await gate.ask(call, { scope: "ask", options: reading, state, answer });
  if ("invalid" in outcome) {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, "Invalid or expired requestState", {
      reason: "invalid_request_state",
    });
  }
  if ("run" in outcome) return run(outcome.run, call);
  if ("answer" in outcome) return callResultOf(outcome.answer);
  const { review, requestState } = outcome.question;
  return inputRequired({
    inputRequests: { [ACKNOWLEDGMENT_INPUT_KEY]: acknowledgmentForm(review) },
    requestState,
  });
}
