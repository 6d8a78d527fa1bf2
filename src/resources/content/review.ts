/**
 * The acknowledgment gate as a person's decision (api-v1.md §4 PATCH rule 3: "the acknowledgment
 * binds to the exact text"): a review is what the person was shown, and an acknowledgment is sent
 * only for that exact text (docs/approval.md).
 */
import { AcknowledgmentRequiredError } from "../../core/errors/conflict.js";
import { InvalidRequestError } from "../../core/errors/local-errors.js";
import type { AiIsmMatch, ContentItem } from "../../schemas/index.js";

/**
 * What a person is shown before acknowledging an item's AI-ism matches: the exact text, its
 * matches, and a digest of the text that binds a later acknowledgment to it.
 */
export interface ContentReview {
  /** The item reviewed. */
  readonly itemId: string;
  /** The item's text when it was read: the text a person approves. */
  readonly text: string;
  /** The AI-writing patterns found in that text. */
  readonly aiIsmMatches: readonly AiIsmMatch[];
  /** Whether approving or scheduling this text needs an acknowledgment (it has matches). */
  readonly needsAcknowledgment: boolean;
  /** SHA-256 of `text` (UTF-8), as lowercase hex: binds an answer to the text shown. */
  readonly textDigest: string;
}

/** The review of an item as read. */
export async function reviewOf(item: ContentItem): Promise<ContentReview> {
  const aiIsmMatches = item.aiIsmMatches.map((match) => ({ ...match }));
  return Object.freeze({
    itemId: item.id,
    text: item.content,
    aiIsmMatches,
    needsAcknowledgment: aiIsmMatches.length > 0,
    textDigest: await textDigest(item.content),
  });
}

/**
 * SHA-256 of a text as lowercase hex, with the platform's Web Crypto (Node 22, browsers, edge
 * workers all have it).
 *
 * @example
 * ```ts
 * const same = (await textDigest(item.content)) === review.textDigest;
 * ```
 */
export async function textDigest(text: string): Promise<string> {
  const bytes = new TextEncoder().encode(text);
  const digest = await globalThis.crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The `acknowledge` option checked: a review of this very item. */
export function checkedReview(value: unknown, id: string): ContentReview {
  const review = value as Partial<ContentReview> | null;
  if (
    review === null ||
    typeof review !== "object" ||
    typeof review.itemId !== "string" ||
    typeof review.text !== "string"
  ) {
    throw new InvalidRequestError(
      "acknowledge",
      "acknowledge must be the ContentReview a person saw, from client.content.review(id)",
    );
  }
  if (review.itemId !== id) {
    throw new InvalidRequestError(
      "acknowledge",
      `acknowledge is a review of ${review.itemId}, not of ${id}: a person approves one item's text`,
    );
  }
  return review as ContentReview;
}

/** Where the refused request would have gone: named by the local refusal. */
export interface RefusedRequest {
  readonly method: string;
  readonly url: string;
  readonly callId: string;
}

/**
 * The local refusal of an acknowledgment whose text changed after the person's review: nothing
 * is sent, and the error carries the current text's matches so the person can be asked again.
 */
export function staleReviewError(
  current: ContentItem,
  request: RefusedRequest,
): AcknowledgmentRequiredError {
  const message =
    `The text of ${current.id} changed after the review the acknowledgment was given on, so ` +
    "nothing was sent. Review the current text and ask again.";
  const error = {
    code: "validation_error",
    message,
    acknowledgmentRequired: true,
    stale: true,
    itemId: current.id,
    aiIsmMatches: current.aiIsmMatches,
  };
  return new AcknowledgmentRequiredError(
    {
      status: 409,
      code: "validation_error",
      message,
      headers: new Headers(),
      body: { error },
      retryable: false,
      ...request,
    },
    { itemId: current.id, stale: true },
  );
}
