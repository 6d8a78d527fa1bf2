/**
 * What a model reads when a person's approval decides a tool call. None of them tells the model
 * to acknowledge on its own: under "ask" and "human" only a person's answer acknowledges.
 */
import type { AcknowledgmentRequiredError } from "../../core/errors/conflict.js";
import type { ContentReview } from "../../resources/content/review.js";
import type { AiIsmMatch } from "../../schemas/index.js";
import { type ToolErrorResult, toolError } from "../envelope.js";
import { toJsonSafe } from "../json-safe.js";

/** `delve ("delve"), tapestry ("tapestry")`: the matches as a person or a model reads them. */
export function describeMatches(matches: readonly AiIsmMatch[]): string {
  return matches.map((match) => `${match.label} ("${match.match}")`).join(", ");
}

/** The SDK's refusal of a write: the matches it names, and `stale` when it refused before sending. */
type Refusal = Pick<AcknowledgmentRequiredError, "aiIsmMatches" | "stale">;

function gateDetail(itemId: string, matches: readonly AiIsmMatch[]) {
  return {
    acknowledgmentRequired: true,
    itemId,
    aiIsmMatches: toJsonSafe({ matches }).matches ?? [],
  };
}

/** The person said no: the item is as it was. */
export function declinedResult(review: ContentReview): ToolErrorResult {
  return toolError(
    "approval_declined",
    `The user did not approve the text of ${review.itemId}, which matches AI-writing patterns: ` +
      `${describeMatches(review.aiIsmMatches)}. Nothing was changed. Do not call again with the ` +
      "same text: ask the user what to change, or rewrite the text.",
    gateDetail(review.itemId, review.aiIsmMatches),
  );
}

/** Mode "human" where nobody can be asked: the refusal stands, and the model asks its user. */
export function askYourUserResult(itemId: string, matches: readonly AiIsmMatch[]): ToolErrorResult {
  return toolError(
    "validation_error",
    `The text of ${itemId} matches AI-writing patterns: ${describeMatches(matches)}. Only a ` +
      "person may accept them, and this tool cannot ask one. Show your user the text and these " +
      "matches: they can approve it themselves in Postline, or tell you how to rewrite it.",
    { ...gateDetail(itemId, matches), askUser: true },
  );
}

/**
 * What happened to the write, in the words of a tool result: a `stale` refusal is the SDK's, so
 * nothing was sent; any other is the service's refusal of the write it was sent.
 */
function whatHappened({ stale }: Refusal): string {
  return stale
    ? "nothing was sent"
    : "the write went without an acknowledgment and the service refused it: nothing was changed";
}

/** The text changed after the person answered: nothing was written, and they are asked again. */
export function changedSinceApprovalResult(itemId: string, refusal: Refusal): ToolErrorResult {
  return toolError(
    "validation_error",
    `The text of ${itemId} changed after the user approved it, so ${whatHappened(refusal)}. Its ` +
      `text now matches: ${describeMatches(refusal.aiIsmMatches)}. Call the tool again: the ` +
      "user will be asked about the current text.",
    { ...gateDetail(itemId, refusal.aiIsmMatches), stale: true, sent: !refusal.stale },
  );
}

/**
 * The text needs an acknowledgment that no person gave for this call (it gained matches after
 * the approval step ran, or the review the person saw is not known here): ask through the tool.
 */
export function askAgainResult(itemId: string, refusal: Refusal): ToolErrorResult {
  return toolError(
    "validation_error",
    `The text of ${itemId} matches AI-writing patterns: ${describeMatches(refusal.aiIsmMatches)}, ` +
      `and no approval of this exact text is known here, so ${whatHappened(refusal)}. Call the ` +
      "tool again: the user will be asked.",
    { ...gateDetail(itemId, refusal.aiIsmMatches), sent: !refusal.stale },
  );
}

/** What the person reads on every face: the matches, what approving means, then the exact text. */
export function questionText(review: ContentReview): string {
  return (
    `The text of ${review.itemId} matches AI-writing patterns: ` +
    `${describeMatches(review.aiIsmMatches)}. Approving acknowledges these matches for this ` +
    `exact text only. Approve this exact text?\n\n${review.text}`
  );
}
