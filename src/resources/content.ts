import { PlannedTimePassed } from "../core/errors/local-errors.js";
import { type Page, Paginated } from "../core/pagination.js";
import type { WithReconciliation } from "../core/reconcile/reconcile.js";
import type { RequestOptions } from "../core/request-options.js";
import {
  type ContentItem,
  ContentItemSchema,
  type GenerationResult,
  ItemEnvelopeSchema,
} from "../schemas/index.js";
import {
  approvalFields,
  draftBody,
  generationInput,
  itemPath,
  listQuery,
  MAX_PAGE_SIZE,
  rejectionFields,
  scheduleBody,
  updateBody,
} from "./content-checks.js";
import { draftCreate, generationCreate, sendCreate } from "./content-create.js";
import { fetchContentPage } from "./content-page.js";
import type {
  ApproveParams,
  ContentListParams,
  ContentUpdateParams,
  CreateDraftParams,
  CreateRequestOptions,
  GenerateParams,
  RejectParams,
  ScheduleParams,
} from "./content-params.js";
import { parseWith, readJson, requestParsed, unwrapSingle } from "./parse-response.js";
import type { ResourceContext } from "./resource-context.js";

export type {
  ApproveParams,
  ContentListParams,
  ContentUpdateParams,
  CreateDraftParams,
  CreateRequestOptions,
  GenerateParams,
  RejectParams,
  ScheduleParams,
} from "./content-params.js";

/** The approval's flag that its planned time had passed (api-v1.md §4 PATCH rule 4). */
const PlannedTimePassedFlag = ItemEnvelopeSchema.pick({ plannedTimePassed: true });

/** Content items: list, create, edit, approve, schedule and delete. */
export class ContentResource {
  readonly #ctx: ResourceContext;

  /** @internal */
  constructor(ctx: ResourceContext) {
    this.#ctx = ctx;
  }

  /**
   * Every item matching `params`, newest first, fetched page by page as you iterate (pages of
   * 100 unless `limit` is given).
   *
   * @example
   * ```ts
   * for await (const item of client.content.list({ status: "draft" })) console.log(item.id);
   * ```
   */
  list(params: ContentListParams = {}, options?: RequestOptions): Paginated<ContentItem> {
    const query = listQuery(params);
    const pageQuery = { ...query, limit: query.limit ?? MAX_PAGE_SIZE };
    return new Paginated<ContentItem>(
      (cursor) => fetchContentPage(this.#ctx, { ...pageQuery, cursor }, options),
      query.cursor,
      this.#ctx.reader.redact,
    );
  }

  /**
   * One page of items, sending exactly the parameters given (the service's default page size
   * is 20).
   *
   * @example
   * ```ts
   * const { items, nextCursor } = await client.content.listPage({ limit: 50 });
   * ```
   */
  async listPage(
    params: ContentListParams = {},
    options?: RequestOptions,
  ): Promise<Page<ContentItem>> {
    return fetchContentPage(this.#ctx, listQuery(params), options);
  }

  /**
   * Reads one item. An unknown id (or another workspace's) throws `NotFoundError`.
   *
   * @example
   * ```ts
   * const item = await client.content.get("cnt_123");
   * console.log(item.status, item.aiIsmMatches);
   * ```
   */
  async get(id: string, options?: RequestOptions): Promise<ContentItem> {
    const request = {
      operation: "content.get",
      method: "GET",
      path: itemPath(id),
      options,
    } as const;
    return requestParsed(this.#ctx, ContentItemSchema, request, "item");
  }

  /**
   * Creates a free draft with your own text: no credit used, one item, on the channel you name.
   * The draft is still scanned for length, sensitivity and AI-isms.
   *
   * @example
   * ```ts
   * const draft = await client.content.createDraft({ channelId, body: "Shipping today." });
   * ```
   */
  async createDraft(
    params: CreateDraftParams,
    options?: CreateRequestOptions,
  ): Promise<WithReconciliation<ContentItem>> {
    const body = draftBody(params);
    return sendCreate(this.#ctx, draftCreate(body), options);
  }

  /**
   * Has the service write one post per channel (one generation credit each). A partial
   * fulfilment is a success: `warning.unfulfilledChannelIds` lists the channels not written.
   *
   * @example
   * ```ts
   * const { items, warning } = await client.content.generate({ channelIds, prompt: "Launch week" });
   * ```
   */
  async generate(
    params: GenerateParams,
    options?: CreateRequestOptions,
  ): Promise<WithReconciliation<GenerationResult>> {
    const { prompt, channelIds } = generationInput(params);
    return sendCreate(this.#ctx, generationCreate(prompt, channelIds), options);
  }

  /**
   * Edits an item: text, channel, status, rejection reason, AI-ism acknowledgment. Throws
   * `PlannedTimePassed` (carrying the saved item) when an approval's planned time has passed.
   *
   * @example
   * ```ts
   * // Rewrite the text; the scans re-run on the saved text.
   * const edited = await client.content.update("cnt_123", { content: "Shorter and plainer." });
   * // Give a channel-less item a channel on its own platform.
   * await client.content.update("cnt_456", { channelId: "ch_x_acme" });
   * ```
   */
  update(id: string, params: ContentUpdateParams, options?: RequestOptions): Promise<ContentItem> {
    return this.#patch("content.update", id, params, options);
  }

  /** `PATCH /content/:id`, named in traces after the method that called it. */
  async #patch(
    operation: string,
    id: string,
    params: ContentUpdateParams,
    options: RequestOptions | undefined,
  ): Promise<ContentItem> {
    const path = itemPath(id);
    const body = updateBody(params);
    const request = { operation, method: "PATCH", path, body, options } as const;
    const response = await this.#ctx.transport.request(request);
    const { value, wrapper } = unwrapSingle(readJson(response, this.#ctx.reader), "item");
    const item = parseWith(ContentItemSchema, value, response, this.#ctx.reader);
    // api-v1.md §4 PATCH rule 4: the approval stands but nothing was queued. The flag sits beside
    // `item`, or on the item itself when the body is the bare item (then `wrapper` is the item).
    const { plannedTimePassed } = parseWith(
      PlannedTimePassedFlag,
      wrapper,
      response,
      this.#ctx.reader,
    );
    if (plannedTimePassed === true) throw new PlannedTimePassed(item);
    return item;
  }

  /**
   * Approves an item (status `pending`); optionally assigns its channel in the same call. Text
   * with AI-ism matches needs `acknowledgeAiIsms: true` (`AcknowledgmentRequiredError`).
   *
   * @example
   * ```ts
   * try {
   *   await client.content.approve(id);
   * } catch (err) {
   *   if (!(err instanceof AcknowledgmentRequiredError)) throw err;
   *   await client.content.approve(id, { acknowledgeAiIsms: true });
   * }
   * ```
   */
  approve(id: string, params: ApproveParams = {}, options?: RequestOptions): Promise<ContentItem> {
    return this.#patch("content.approve", id, approvalFields(params), options);
  }

  /**
   * Un-approves an item (status back to `draft`); nothing stays queued.
   *
   * @example
   * ```ts
   * const draft = await client.content.unapprove("cnt_123"); // draft.status === "draft"
   * ```
   */
  unapprove(id: string, options?: RequestOptions): Promise<ContentItem> {
    return this.#patch("content.unapprove", id, { status: "draft" }, options);
  }

  /**
   * Rejects an item (status `cancelled`), with an optional reason.
   *
   * @example
   * ```ts
   * await client.content.reject("cnt_123", { reason: "Off-brand: mentions competitor pricing" });
   * ```
   */
  reject(id: string, params: RejectParams = {}, options?: RequestOptions): Promise<ContentItem> {
    return this.#patch("content.reject", id, rejectionFields(params), options);
  }

  /**
   * Approves if needed and schedules: at `scheduledAt`, or `publishNow`, or (neither) at the
   * time the item is already planned for.
   *
   * @example
   * ```ts
   * await client.content.schedule(id, { scheduledAt: new Date(Date.now() + 3_600_000) });
   * ```
   */
  async schedule(
    id: string,
    params: ScheduleParams = {},
    options?: RequestOptions,
  ): Promise<ContentItem> {
    const path = `${itemPath(id)}/schedule`;
    const body = scheduleBody(params);
    const request = { operation: "content.schedule", method: "POST", path, body, options } as const;
    return requestParsed(this.#ctx, ContentItemSchema, request, "item");
  }

  /**
   * Deletes a non-published item (a scheduled external post is cancelled first, best effort). A
   * published item throws `PublishedImmutableError`.
   *
   * @example
   * ```ts
   * await client.content.delete("cnt_123");
   * ```
   */
  async delete(id: string, options?: RequestOptions): Promise<void> {
    await this.#ctx.transport.request({
      operation: "content.delete",
      method: "DELETE",
      path: itemPath(id),
      options,
    });
  }
}
