// Canned response bodies shaped by api-v1.md §2.1 / §4 and by the OpenAI models API, built once
// at start so the stub spends its time on I/O, not on JSON.stringify.

/** Total items the stub's `GET /content` walks through (1,000 pages of 100). */
export const TOTAL_CONTENT_ITEMS = 100_000;

/** Documented default page size of `GET /content` when `limit` is absent (api-v1.md §4). */
export const DEFAULT_PAGE_LIMIT = 20;

/**
 * A post text of exactly 220 characters, a typical length for a post on X or LinkedIn. Each item
 * gets its own (its index is in it) so no two strings are the same object after parsing.
 */
function postText(index) {
  const text = `Shipping notes for week ${String(index % 100).padStart(2, "0")}: the scheduler now snaps to five minutes, drafts keep their channel, approvals show the plan slot they land in, and the review screen lists each AI-ism it found. `;
  return text.padEnd(220, "+").slice(0, 220);
}

/**
 * A content item with every field of api-v1.md §2.1 present, the optional ones too (`sourceUrl`,
 * `scheduledAt`, `publishedAt`, `publishedUrl`, `createdBy.email`), every array non-empty, and a
 * 220-character text: the most work a valid item gives the client's parse.
 */
function fullContentItem(index) {
  const id = `cnt_${String(index).padStart(8, "0")}`;
  return {
    id,
    status: "published",
    platform: index % 2 === 0 ? "x" : "linkedin",
    channelId: index % 2 === 0 ? "ch_x_primary" : "ch_li_company",
    channelName: index % 2 === 0 ? "Postline on X" : "Postline on LinkedIn",
    content: postText(index),
    source: index % 3 === 0 ? "news_reactive" : "api",
    createdAt: "2026-10-01T09:30:00.000Z",
    flagged: true,
    sensitive: true,
    flagReasons: ["length_violation"],
    aiIsmMatches: [
      { label: "delve", match: "delve into" },
      { label: "game-changer", match: "game-changer" },
    ],
    sensitivityReasons: ["keyword: launch", "principle: no pricing promises"],
    createdBy: { userId: "usr_owner", fullName: "Ada Owner", email: "ada@postline.example" },
    sourceUrl: `https://news.example/articles/${index}`,
    scheduledAt: "2026-10-02T14:05:00.000Z",
    publishedAt: "2026-10-02T14:05:03.000Z",
    publishedUrl: `https://x.com/postline/status/18${String(index).padStart(17, "0")}`,
  };
}

/**
 * The item this bench served before its items were made full: the optional `sourceUrl`,
 * `publishedAt`, `publishedUrl` and `createdBy.email` left out, some arrays empty, a 145-character
 * text. Kept only for `bench/profile/per-call-factors.ts`, which shows what the shape changes.
 */
function partialContentItem(index) {
  return {
    id: `cnt_${String(index).padStart(8, "0")}`,
    status: index % 3 === 0 ? "draft" : "pending",
    platform: index % 2 === 0 ? "x" : "linkedin",
    channelId: "ch_x_primary",
    channelName: "Postline on X",
    content:
      "Shipping notes for this week: the scheduler now snaps to five minutes, drafts keep their channel, and approvals show the plan slot they land in.",
    source: "api",
    createdAt: "2026-10-01T09:30:00.000Z",
    flagged: false,
    sensitive: index % 5 === 0,
    flagReasons: [],
    aiIsmMatches: index % 4 === 0 ? [{ label: "delve", match: "delve into" }] : [],
    sensitivityReasons: index % 5 === 0 ? ["keyword: launch"] : [],
    createdBy: { userId: "usr_owner", fullName: "Ada Owner" },
    scheduledAt: "2026-10-02T14:05:00.000Z",
  };
}

/** The item shapes the stub can serve: `full` unless told otherwise. */
const ITEM_SHAPES = { full: fullContentItem, partial: partialContentItem };

/** A content item of the given shape (`full` by default). */
export function contentItem(index, shape = "full") {
  return ITEM_SHAPES[shape](index);
}

/** `GET /content/:id` body: the bare item (the README accepts bare or `{ item }`). */
export function contentItemBody(shape = "full") {
  return JSON.stringify(contentItem(0, shape));
}

/** `GET /content/:id` body of a full item. */
export const CONTENT_ITEM_BODY = contentItemBody();

const pageItemsJsonCache = new Map();

/** The JSON text of `count` consecutive items, cached by count and shape (the stub reuses them). */
function pageItemsJson(count, shape) {
  const cacheKey = `${shape}:${count}`;
  let json = pageItemsJsonCache.get(cacheKey);
  if (json === undefined) {
    json = JSON.stringify(Array.from({ length: count }, (_, index) => contentItem(index, shape)));
    pageItemsJsonCache.set(cacheKey, json);
  }
  return json;
}

/**
 * `GET /content` body for the page starting at `offset`. The cursor is the next offset, so the
 * number of requests a walk makes depends only on the `limit` the client sends.
 */
export function contentPageBody(offset, limit, shape = "full") {
  const count = Math.max(0, Math.min(limit, TOTAL_CONTENT_ITEMS - offset));
  const next = offset + count;
  const nextCursor = next < TOTAL_CONTENT_ITEMS ? JSON.stringify(`off_${next}`) : "null";
  return `{"items":${pageItemsJson(count, shape)},"nextCursor":${nextCursor}}`;
}

/** Parses a cursor made by `contentPageBody`; `undefined` for an unknown one. */
export function offsetOfCursor(cursor) {
  const match = /^off_(\d+)$/.exec(cursor);
  return match ? Number(match[1]) : undefined;
}

function openAiModel(index) {
  return {
    id: `model-${index}`,
    object: "model",
    created: 1_700_000_000 + index,
    owned_by: "system",
  };
}

/** `GET /v1/models/:id` body of the OpenAI API. */
export const OPENAI_MODEL_BODY = JSON.stringify(openAiModel(0));

/** `GET /v1/models` body of the OpenAI API, 100 models (the same count as a full content page). */
export const OPENAI_MODEL_LIST_BODY = JSON.stringify({
  object: "list",
  data: Array.from({ length: 100 }, (_, index) => openAiModel(index)),
});
