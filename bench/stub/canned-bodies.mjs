// Canned response bodies shaped by api-v1.md §2.1 / §4 and by the OpenAI models API, built once
// at start so the stub spends its time on I/O, not on JSON.stringify.

/** Total items the stub's `GET /content` walks through (1,000 pages of 100). */
export const TOTAL_CONTENT_ITEMS = 100_000;

/** Documented default page size of `GET /content` when `limit` is absent (api-v1.md §4). */
export const DEFAULT_PAGE_LIMIT = 20;

/** A content item with every field of §2.1, including optional ones and non-empty arrays. */
export function contentItem(index) {
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

/** `GET /content/:id` body: the bare item (the README accepts bare or `{ item }`). */
export const CONTENT_ITEM_BODY = JSON.stringify(contentItem(0));

const pageItemsJsonCache = new Map();

/** The JSON text of `count` consecutive items, cached by count (the stub reuses the same items). */
function pageItemsJson(count) {
  let json = pageItemsJsonCache.get(count);
  if (json === undefined) {
    json = JSON.stringify(Array.from({ length: count }, (_, index) => contentItem(index)));
    pageItemsJsonCache.set(count, json);
  }
  return json;
}

/**
 * `GET /content` body for the page starting at `offset`. The cursor is the next offset, so the
 * number of requests a walk makes depends only on the `limit` the client sends.
 */
export function contentPageBody(offset, limit) {
  const count = Math.max(0, Math.min(limit, TOTAL_CONTENT_ITEMS - offset));
  const next = offset + count;
  const nextCursor = next < TOTAL_CONTENT_ITEMS ? JSON.stringify(`off_${next}`) : "null";
  return `{"items":${pageItemsJson(count)},"nextCursor":${nextCursor}}`;
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
