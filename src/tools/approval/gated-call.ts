/**
 * A tool call that approves or schedules an item, run so that only a person acknowledges AI-ism
 * matches where a person can be asked (docs/approval.md). Every face calls it: `runTool` with
 * `confirm`, and the framework adapters with the review their own approval step took.
 */

import type { AcknowledgmentRequiredError } from "../../core/errors/conflict.js";
import type { Redactor } from "../../core/redact.js";
import type { RequestOptions } from "../../core/request-options.js";
import type { AcknowledgeOptions } from "../../resources/content/params.js";
import type { ContentReview } from "../../resources/content/review.js";
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
import { withoutModelAcknowledgment } from "./approval-target.js";

/** How a person can be asked about one tool call. */
export interface PersonGate {
  readonly mode: AcknowledgmentMode;
  /** Ask inline, for runners without an approval step. */
  readonly confirm?: ConfirmAcknowledgment | undefined;
  /**
   * The face has its own approval step, which ran before this call: `approved` is the review the
   * person approved there, `undefined` when the step asked nobody (no matches then) or its
   * review is not known here.
   */
  readonly approvalStep?: { readonly approved: ContentReview | undefined } | undefined;
}

/** The SDK call behind the tool: `tool.call` with the options given. */
export type GatedToolCall = (
  input: object,
  options: AcknowledgeOptions | undefined,
) => Promise<unknown>;

/** Rounds of asking when the text keeps changing while the person answers. */
const MAX_ASKS = 3;

type Attempt = { readonly result: ToolResult } | { readonly refusal: AcknowledgmentRequiredError };

/** Runs a gated call under `gate`; `input` is valid, `itemId` the item it approves or schedules. */
export async function callThroughGate(
  client: ToolClient,
  call: GatedToolCall,
  itemId: string,
  input: object,
  options: RequestOptions | undefined,
  gate: PersonGate,
  redact: Redactor,
): Promise<ToolResult> {
  const attempt = async (acknowledge?: ContentReview): Promise<Attempt> => {
    const sent = acknowledge === undefined ? options : { ...options, acknowledge };
    try {
      return { result: toJsonSafe(await call(stripped, sent), redact) };
    } catch (error) {
      if (isSdkError(error, "AcknowledgmentRequiredError")) return { refusal: error };
      return { result: resultOfError(error, redact) };
    }
  };
  const stripped = withoutModelAcknowledgment(input);

  if (gate.approvalStep !== undefined) {
    const approved = gate.approvalStep.approved;
    const outcome = await attempt(approved);
    if ("result" in outcome) return outcome.result;
    const { aiIsmMatches } = outcome.refusal;
    return approved === undefined
      ? askAgainResult(itemId, aiIsmMatches)
      : changedSinceApprovalResult(itemId, aiIsmMatches);
  }
  if (gate.confirm !== undefined)
    return askInline(client, gate.confirm, itemId, attempt, options, redact);
  if (gate.mode === "ask") {
    // Nobody can be asked: the model acknowledges as the service allows, as without a gate.
    try {
      return toJsonSafe(await call(input, options), redact);
    } catch (error) {
      return resultOfError(error, redact);
    }
  }
  const outcome = await attempt();
  return "result" in outcome
    ? outcome.result
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
  return askAgainResult(itemId, last?.aiIsmMatches ?? []);
}
