/**
 * The card's answers: `awaiting_review`, a review the card shows with a token for it, and how
 * every card answer travels. The token rides only in a result's
 * `_meta["io.postline/reviewToken"]`, which hosts hand the card and not the model; it is the
 * gate's `"card"` ticket (`tools/approval/approval-ticket.ts`).
 */
import type { Redactor } from "../../../core/redact.js";
import {
  type CardQuestion,
  describeMatches,
  type Proposal,
} from "../../../tools/approval/index.js";
import { isToolError, type ToolResult } from "../../../tools/envelope.js";
import { toJsonSafe } from "../../../tools/json-safe.js";
import type { McpCallResult } from "../../server/call-result.js";
import { REVIEW_CARD_URI } from "./card-page.js";
import { REVIEW_TOKEN_META_KEY } from "./review-token.js";

/** A card answer, and the token of the review the card shows next, if any. */
export interface CardAnswer {
  readonly result: ToolResult;
  readonly reviewToken?: string | undefined;
}

/** Why the card shows a review: the model opened it, a gated call met matches, or a decision. */
type AwaitingReason = "requested" | "acknowledgment_required" | "edited" | "text_changed";

/** `awaiting_review`: the item's text, its matches and what the card shows beside them. */
export function awaitingReview(
  { item, review, reviewToken }: CardQuestion,
  why: {
    readonly reason: AwaitingReason;
    readonly proposal: Proposal | undefined;
    readonly redact: Redactor;
    /** What the model reads, when the answer reaches it. */
    readonly message?: string | undefined;
  },
): CardAnswer {
  // toJsonSafe drops what is undefined: a scheduled time, a proposal or a message not at hand.
  const result = toJsonSafe(
    {
      status: "awaiting_review",
      reason: why.reason,
      itemId: review.itemId,
      text: review.text,
      aiIsmMatches: review.aiIsmMatches,
      matchesSummary: describeMatches(review.aiIsmMatches),
      channelName: item.channelName,
      platform: item.platform,
      itemStatus: item.status,
      scheduledAt: item.scheduledAt,
      flagReasons: item.flagReasons,
      sensitivityReasons: item.sensitivityReasons,
      proposal: why.proposal,
      message: why.message,
    },
    why.redact,
  );
  return { result, reviewToken };
}

/** A card answer as MCP carries it: the token only in `_meta`, never in the text. */
export function resultOf({ result, reviewToken }: CardAnswer): McpCallResult {
  return {
    content: [{ type: "text", text: JSON.stringify(result) }],
    ...(isToolError(result) ? { isError: true } : { structuredContent: result }),
    _meta: {
      ui: { resourceUri: REVIEW_CARD_URI },
      ...(reviewToken === undefined ? {} : { [REVIEW_TOKEN_META_KEY]: reviewToken }),
    },
  };
}
