/**
 * The header a review card's decision sends with its write, so a log can tell an approval a
 * person made in the card from any other. The contract names no such header and refuses none;
 * the service ignores it. The fake records it (`approvalSource` in its journal and on the watch
 * page), reading only this exact value, never the header's text.
 */

export const APPROVAL_SOURCE_HEADER = "x-postline-approval-source";

/** Where an approval came from, when a face says so: the MCP review card. */
export type ApprovalSource = "review-card";

/** The header a review card's approve and schedule send. */
export const REVIEW_CARD_APPROVAL: Readonly<Record<string, ApprovalSource>> = Object.freeze({
  [APPROVAL_SOURCE_HEADER]: "review-card",
});

/** The source a header value names: exactly `review-card`, or nothing. */
export function approvalSourceOf(value: string | null | undefined): ApprovalSource | undefined {
  return value === "review-card" ? value : undefined;
}
