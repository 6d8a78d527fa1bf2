import type { Page } from "../../core/pagination.js";
import type { RequestOptions } from "../../core/request-options.js";
import { type ContentItem, ContentItemSchema, ContentPageSchema } from "../../schemas/index.js";
import { requestParsed } from "../parse-response.js";
import type { ResourceContext } from "../resource-context.js";
import { type ContentListQuery, itemPath } from "./checks.js";

/**
 * Reads one page of `GET /content` with an already checked query: the one read behind
 * `list`, `listPage` and the look-ups of a reconciled create.
 */
export async function fetchContentPage(
  ctx: ResourceContext,
  query: ContentListQuery,
  options: RequestOptions | undefined,
): Promise<Page<ContentItem>> {
  const request = {
    operation: "content.listPage",
    method: "GET",
    path: "content",
    query,
    options,
  } as const;
  const page = await requestParsed(ctx, ContentPageSchema, request);
  return { items: page.items, nextCursor: page.nextCursor ?? null };
}

/**
 * Reads one item (`GET /content/:id`), named in traces after `operation`: the read behind `get`,
 * `review` and an acknowledgment's re-read.
 */
export function fetchItem(
  ctx: ResourceContext,
  operation: string,
  id: string,
  options: RequestOptions | undefined,
): Promise<ContentItem> {
  const request = { operation, method: "GET", path: itemPath(id), options } as const;
  return requestParsed(ctx, ContentItemSchema, request, "item");
}
