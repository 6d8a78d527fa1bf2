/**
 * A tool call that approves or schedules an item, run so that only a person acknowledges AI-ism
 * matches where a person can be asked (docs/approval.md). Every face calls it: `runTool` with
 * `confirm`, and the framework adapters and MCP with the ticket their own approval step minted.
 * It only verifies tickets, and never mints one.
 */

import type { AcknowledgmentRequiredError } from "../../core/errors/conflict.js";
import type { Redactor } from "../../core/redact.js";
import type { RequestOptions } from "../../core/request-options.js";
import type { ContentReview } from "../../resources/content/review.js";
import type { DecodedToolCall } from "../decode-tool-call.js";
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
import { type TicketCodec, verifiedReview } from "./approval-ticket.js";

/** How a person can be asked about one tool call. */
export interface PersonGate {
  readonly mode: AcknowledgmentMode;
  /** Ask inline, for runners without an approval step. */
  readonly confirm?: ConfirmAcknowledgment | undefined;
  /** The face has its own approval step, which ran before this call and minted its ticket. */
  readonly approvalStep?: ApprovalStepTicket | undefined;
}

/**
 * What a face's approval step left for one call: the ticket kept for its call id (unchecked:
 * it may come from saved state), and the codec that verifies it. Without a valid ticket the call
 * is sent without an acknowledgment, and asks again if the service wants one.
 */
interface ApprovalStepTicket {
  readonly codec: TicketCodec;
  readonly callId: string | undefined;
  readonly ticket: unknown;
}

/**
 * Whether the model's own `acknowledgeAiIsms` is dropped (from every call of the two gated
 * tools): whenever a person decides, which `"model"` rules out.
 */
export function personDecides(gate: PersonGate): boolean {
  if (gate.mode === "model") return false;
  return gate.mode === "human" || gate.confirm !== undefined || gate.approvalStep !== undefined;
}

/** Rounds of asking when the text keeps changing while the person answers. */
const MAX_ASKS = 3;

/** A write's outcome: the tool's result, or the SDK's refusal of an acknowledgment. */
export type Attempt =
  | { readonly result: ToolResult }
  | { readonly refusal: AcknowledgmentRequiredError };

/**
 * Sends a decoded call, acknowledging `acknowledge` (the review a person approved) when given:
 * the one place a tool passes `acknowledge` to the client.
 */
export async function sendCall(
  client: ToolClient,
  call: DecodedToolCall,
  options: RequestOptions | undefined,
  redact: Redactor,
  acknowledge?: ContentReview,
): Promise<Attempt> {
  const sent = acknowledge === undefined ? options : { ...options, acknowledge };
  try {
    return { result: toJsonSafe(await call.tool.call(client, call.input, sent), redact) };
  } catch (error) {
    if (isSdkError(error, "AcknowledgmentRequiredError")) return { refusal: error };
    return { result: resultOfError(error, redact) };
  }
}

/**
 * Runs a decoded gated call under `gate`; `call.itemId` is the item it approves or schedules, and
 * `call.input` no longer holds the model's acknowledgment when a person decides.
 */
export async function callThroughGate(
  client: ToolClient,
  call: DecodedToolCall & { readonly itemId: string },
  options: RequestOptions | undefined,
  gate: PersonGate,
  redact: Redactor,
): Promise<ToolResult> {
  const { itemId } = call;
  const attempt = (acknowledge?: ContentReview) =>
    sendCall(client, call, options, redact, acknowledge);

  const step = gate.approvalStep;
  if (step !== undefined) {
    const approved = await verifiedReview(step.codec, call, step.callId, step.ticket);
    const outcome = await attempt(approved);
    if ("result" in outcome) return outcome.result;
    // `stale`: the SDK refused before sending; otherwise the service refused what was sent.
    const { aiIsmMatches, stale } = outcome.refusal;
    return approved === undefined
      ? askAgainResult(itemId, aiIsmMatches, { sent: !stale })
      : changedSinceApprovalResult(itemId, aiIsmMatches, { sent: !stale });
  }
  if (gate.confirm !== undefined)
    return askInline(client, gate.confirm, itemId, attempt, options, redact);
  const outcome = await attempt();
  if ("result" in outcome) return outcome.result;
  // Under "ask" nobody can be asked here: the model's own acknowledgment went as it was given.
  return gate.mode === "ask"
    ? resultOfError(outcome.refusal, redact)
    : askYourUserResult(itemId, outcome.refusal.aiIsmMatches);
}

/** Reviews, asks the person, and acknowledges what they saw; asks again when the text changed. */
async function askInline(
  client: ToolClient,
  confirm: ConfirmAcknowledgment,
  itemId: string,
  attempt: (acknowledge?: ContentReview) => Promise<Attempt>,
  options: RequestOptions | undefined,
  redact: Redactor,
): Promise<ToolResult> {
  let last: AcknowledgmentRequiredError | undefined;
  for (let ask = 0; ask < MAX_ASKS; ask++) {
    let review: ContentReview;
    try {
      review = await client.content.review(itemId, options);
    } catch (error) {
      return resultOfError(error, redact);
    }
    if (review.needsAcknowledgment && !(await confirm(review))) return declinedResult(review);
    const outcome = await attempt(review.needsAcknowledgment ? review : undefined);
    if ("result" in outcome) return outcome.result;
    last = outcome.refusal; // the text changed between the review and the write: ask again
  }
  return askAgainResult(itemId, last?.aiIsmMatches ?? [], { sent: last?.stale !== true });
}
