import { type Page, Paginated } from "../../core/pagination.js";
import type { WithReconciliation } from "../../core/reconcile/reconcile.js";
import type { RequestOptions } from "../../core/request-options.js";
import type { ContentItem, GenerationResult } from "../../schemas/index.js";
import type { ResourceContext } from "../resource-context.js";
import { checkAcknowledgedUpdate, sendAcknowledged } from "./acknowledge.js";
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
} from "./checks.js";
import { draftCreate, generationCreate, sendCreate } from "./create.js";
import { fetchContentPage, fetchItem } from "./page.js";
import type {
  AcknowledgeOptions,
  ApproveParams,
  ContentListParams,
  ContentUpdateParams,
  CreateDraftParams,
  CreateRequestOptions,
  GenerateParams,
  RejectParams,
  ScheduleParams,
} from "./params.js";
import { type ContentReview, reviewOf } from "./review.js";
import { itemWrite } from "./writes.js";

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
    return fetchItem(this.#ctx, "content.get", id, options);
  }

  /**
   * Reads one item as a person reviews it before acknowledging its AI-ism matches: the exact
   * text, the matches, and a digest of the text (one GET). Pass the review a person approved as
   * `acknowledge` to `approve`, `schedule` or `update` (docs/approval.md).
   *
   * @example
   * ```ts
   * const review = await client.content.review(id);
   * if (!review.needsAcknowledgment || (await askPerson(review.text, review.aiIsmMatches))) {
   *   await client.content.approve(id, {}, { acknowledge: review });
   * }
   * ```
   */
  async review(id: string, options?: RequestOptions): Promise<ContentReview> {
    return reviewOf(await fetchItem(this.#ctx, "content.review", id, options));
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
   * `PlannedTimePassedError` (carrying the saved item) when an approval's planned time has passed.
   *
   * @example
   * ```ts
   * // Rewrite the text; the scans re-run on the saved text.
   * const edited = await client.content.update("cnt_123", { content: "Shorter and plainer." });
   * // Give a channel-less item a channel on its own platform.
   * await client.content.update("cnt_456", { channelId: "ch_x_acme" });
   * ```
   */
  async update(
    id: string,
    params: ContentUpdateParams,
    options?: AcknowledgeOptions,
  ): Promise<ContentItem> {
    checkAcknowledgedUpdate(updateBody(params), options);
    return this.#patch("content.update", id, params, options);
  }

  /**
   * `PATCH /content/:id`, named in traces after the method that called it; with `acknowledge`,
   * sent only while the text is the one reviewed.
   */
  #patch(
    operation: string,
    id: string,
    params: ContentUpdateParams,
    options: AcknowledgeOptions | undefined,
  ): Promise<ContentItem> {
    const path = itemPath(id);
    const send = itemWrite(operation, "PATCH", path, updateBody(params));
    return sendAcknowledged(this.#ctx, { operation, id, method: "PATCH", path, send }, options);
  }

  /**
   * Approves an item (status `pending`); optionally assigns its channel in the same call. Text
   * with AI-ism matches needs an acknowledgment: a person's review as `acknowledge` (re-checked
   * against the current text), or `acknowledgeAiIsms: true` (`AcknowledgmentRequiredError`).
   *
   * @example
   * ```ts
   * try {
   *   await client.content.approve(id);
   * } catch (err) {
   *   if (!(err instanceof AcknowledgmentRequiredError)) throw err;
   *   const review = await client.content.review(id);
   *   if (await askPerson(review)) await client.content.approve(id, {}, { acknowledge: review });
   * }
   * ```
   */
  approve(
    id: string,
    params: ApproveParams = {},
    options?: AcknowledgeOptions,
  ): Promise<ContentItem> {
    const fields = approvalFields(params);
    const acknowledge = (params as ApproveParams | null)?.acknowledge ?? options?.acknowledge;
    const withReview = acknowledge === undefined ? options : { ...options, acknowledge };
    return this.#patch("content.approve", id, fields, withReview);
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
    options?: AcknowledgeOptions,
  ): Promise<ContentItem> {
    const path = `${itemPath(id)}/schedule`;
    const operation = "content.schedule";
    const send = itemWrite(operation, "POST", path, scheduleBody(params));
    return sendAcknowledged(this.#ctx, { operation, id, method: "POST", path, send }, options);
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
