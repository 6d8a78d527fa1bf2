import { ledgerFor } from "../core/create-ledger.js";
import {
  InvalidRequestError,
  PlannedTimePassed,
  ResponseValidationError,
} from "../core/errors/local-errors.js";
import {
  checkedFields,
  isoTimestamp,
  optionalBoolean,
  optionalIntInRange,
  optionalNonEmptyString,
  optionalString,
  pathId,
  refuse,
  requiredString,
  requiredStringList,
} from "../core/input-checks.js";
import { type Page, Paginated } from "../core/pagination.js";
import { parseWith, readJson, requestParsed, unwrapSingle } from "../core/parse-response.js";
import {
  createWithReconciliation,
  type ReconciledCreate,
  type WithReconciliation,
} from "../core/reconcile.js";
import type { RequestOptions } from "../core/request-options.js";
import type { ResourceContext } from "../core/resource-context.js";
import {
  type ContentItem,
  ContentItemSchema,
  ContentPageSchema,
  type ContentSource,
  type ContentStatus,
  CreateContentResponseSchema,
  type GenerationResult,
} from "../schemas/index.js";

/** Filters and paging of `content.list` / `content.listPage` (api-v1.md §4 GET /content). */
export interface ContentListParams {
  /** One state, or `all` (the service's default). */
  status?: ContentStatus | "all";
  /** Only items on this channel. */
  channelId?: string;
  /** Only items from this source, e.g. `api`. */
  source?: ContentSource;
  /** Page size, 1 to 100. `list()` asks for 100 unless given; `listPage()` sends it as given. */
  limit?: number;
  /** Start after this cursor (a previous `nextCursor`). */
  cursor?: string;
}

/** Input of `content.createDraft`: a free draft with your own text on one channel. */
export interface CreateDraftParams {
  /** The channel to post on (see `channels.list`); the service never picks one. */
  channelId: string;
  /** The post text. */
  body: string;
  /** What the post is about. */
  topic?: string;
  /** Title on long-form platforms (without one, the post publishes as `Untitled`). */
  title?: string;
}

/** Input of `content.generate`: the service writes one post per channel (one credit each). */
export interface GenerateParams {
  /** The channels to write for; duplicates are collapsed by the service. */
  channelIds: string[];
  /** What to write about. */
  prompt: string;
}

/** Per-call options of the two create methods. */
export interface CreateRequestOptions extends RequestOptions {
  /**
   * After an ambiguous failure (timeout, dropped connection, 5xx after sending, an unreadable
   * 2xx), list the newest `api` items on the target channels and return the ones this call
   * created, sending the create again only where nothing was found; `reconciliation` on the
   * result says what happened, and `AmbiguousCreateError` is thrown when it cannot be settled.
   * Defaults to `true` for `createDraft` and `false` for `generate`.
   */
  reconcile?: boolean;
}

/** Fields of `content.update` (api-v1.md §4 PATCH /content/:id). */
export interface ContentUpdateParams {
  /** Replace the text (draft or pending items only); scans re-run on the saved text. */
  content?: string;
  /** Move the item to another connected channel on the same platform. */
  channelId?: string;
  /** `pending` approves, `draft` un-approves, `cancelled` rejects. */
  status?: "pending" | "draft" | "cancelled";
  /** Why it was rejected (with `status: "cancelled"`). */
  rejectionReason?: string;
  /** Approve even though the current text matches AI-ism patterns. */
  acknowledgeAiIsms?: boolean;
}

/** Options of `content.approve`. */
export interface ApproveParams {
  /** Approve even though the current text matches AI-ism patterns. */
  acknowledgeAiIsms?: boolean;
  /** Assign a connected channel in the same call (approval needs one). */
  channelId?: string;
}

/** Options of `content.reject`. */
export interface RejectParams {
  /** Why it was rejected; sent as `rejectionReason`. */
  reason?: string;
}

/** Options of `content.schedule`: a time, or `publishNow`, or neither (the planned time). */
export interface ScheduleParams {
  /** When to publish: a future time, snapped to 5 minutes by the service. Sent as ISO-8601 UTC. */
  scheduledAt?: Date | string;
  /** Publish on the next publish tick. */
  publishNow?: true;
  /** Schedule even though the current text matches AI-ism patterns. */
  acknowledgeAiIsms?: boolean;
}

const MAX_PAGE_SIZE = 100;

/** How one kind of create is sent and recognised afterwards. */
interface CreateShape extends Pick<ReconciledCreate, "channelIds" | "isCandidate" | "snapshot"> {
  readonly bodyFor: (channelIds: readonly string[]) => Record<string, unknown>;
  readonly reconcileByDefault: boolean;
}

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
      (cursor) => this.#fetchPage({ ...pageQuery, cursor }, options),
      query.cursor,
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
    return this.#fetchPage(listQuery(params), options);
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
    const request = { method: "GET", path: itemPath(id), options } as const;
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
    const input = params as CreateDraftParams & { prompt?: unknown; channelIds?: unknown };
    refuse(
      "prompt",
      input?.prompt !== undefined,
      "createDraft posts your own `body`; for a written post, call content.generate({ channelIds, prompt })",
    );
    const channelIds = targetChannels(input, true);
    // api-v1.md §4 POST rule 3: a free draft is one item, on one channel.
    refuse(
      "channelIds",
      channelIds.length > 1,
      `A free draft is on one channel, but channelIds names ${channelIds.length}: pass one channelId, or use content.generate`,
    );
    const channelId = channelIds[0]!;
    const body = {
      body: requiredString("body", input.body),
      channelId,
      topic: optionalString("topic", input.topic),
      title: optionalString("title", input.title),
    };
    const result = await this.#create(
      {
        channelIds: [channelId],
        bodyFor: () => body,
        // docs/retries.md: a draft is this call's when it has the same text.
        isCandidate: (item) => item.content === body.body,
        snapshot: false,
        reconcileByDefault: true,
      },
      options,
    );
    const item = onlyItem(result, this.#ctx.transport.urlFor("content"));
    if (result.reconciliation) {
      Object.defineProperty(item, "reconciliation", {
        value: result.reconciliation,
        enumerable: false,
      });
    }
    return item;
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
    const input = params as GenerateParams & { body?: unknown; channelId?: unknown };
    refuse(
      "body",
      input?.body !== undefined,
      "generate writes from a `prompt`; to post your own text, call content.createDraft({ channelId, body })",
    );
    const channelIds = targetChannels(input, false);
    const prompt = requiredString("prompt", input.prompt);
    // The service writes the text, so any `api` item on the channel made after the call started
    // counts; reconciling is opt-in for that reason.
    return this.#create(
      {
        channelIds,
        bodyFor: (ids) => ({ prompt, channelIds: ids }),
        isCandidate: () => true,
        snapshot: true,
        reconcileByDefault: false,
      },
      options,
    );
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
  async update(
    id: string,
    params: ContentUpdateParams,
    options?: RequestOptions,
  ): Promise<ContentItem> {
    const path = itemPath(id);
    const body = checkedFields(params, {
      content: optionalString,
      channelId: optionalNonEmptyString,
      status: optionalNonEmptyString,
      rejectionReason: optionalString,
      acknowledgeAiIsms: optionalBoolean,
    });
    const response = await this.#ctx.transport.request({ method: "PATCH", path, body, options });
    const { value, wrapper } = unwrapSingle(readJson(response), "item");
    const item = parseWith(ContentItemSchema, value, response, this.#ctx.reader);
    // api-v1.md §4 PATCH rule 4: the approval stands but nothing was queued.
    if (
      wrapper.plannedTimePassed === true ||
      (item as { plannedTimePassed?: unknown }).plannedTimePassed === true
    ) {
      throw new PlannedTimePassed(item);
    }
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
    return this.update(
      id,
      {
        status: "pending",
        ...defined("acknowledgeAiIsms", params.acknowledgeAiIsms),
        ...defined("channelId", params.channelId),
      },
      options,
    );
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
    return this.update(id, { status: "draft" }, options);
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
    return this.update(
      id,
      { status: "cancelled", ...defined("rejectionReason", params.reason) },
      options,
    );
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
    refuse(
      "publishNow",
      params.scheduledAt !== undefined && params.publishNow === true,
      "Send either scheduledAt or publishNow: true, not both",
    );
    if (params.publishNow !== undefined && params.publishNow !== true) {
      throw new InvalidRequestError("publishNow", "publishNow must be true when given");
    }
    const body = {
      scheduledAt:
        params.scheduledAt === undefined
          ? undefined
          : isoTimestamp("scheduledAt", params.scheduledAt),
      publishNow: params.publishNow,
      acknowledgeAiIsms: optionalBoolean("acknowledgeAiIsms", params.acknowledgeAiIsms),
    };
    return requestParsed(
      this.#ctx,
      ContentItemSchema,
      { method: "POST", path, body, options },
      "item",
    );
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
    await this.#ctx.transport.request({ method: "DELETE", path: itemPath(id), options });
  }

  async #fetchPage(
    query: ReturnType<typeof listQuery>,
    options: RequestOptions | undefined,
  ): Promise<Page<ContentItem>> {
    const request = { method: "GET", path: "content", query, options } as const;
    const page = await requestParsed(this.#ctx, ContentPageSchema, request);
    return { items: page.items, nextCursor: page.nextCursor ?? null };
  }

  /**
   * Sends `POST /content`. An ambiguous failure is never simply resent (no idempotency keys,
   * api-v1.md §1 convention 4): with `reconcile`, it is settled by looking for what was created.
   */
  async #create(
    how: CreateShape,
    options: CreateRequestOptions | undefined,
  ): Promise<WithReconciliation<GenerationResult>> {
    const { reconcile = how.reconcileByDefault, ...requestOptions } = options ?? {};
    optionalBoolean("reconcile", reconcile);
    const url = this.#ctx.transport.urlFor("content");
    return createWithReconciliation({
      ...how,
      send: (ids) => this.#sendCreate(how.bodyFor(ids), requestOptions),
      listPage: (channelId, page) =>
        this.#fetchPage({ ...listQuery({ channelId, source: "api", ...page }) }, requestOptions),
      reconcile,
      // Sent again at most once unless the call allows more retries.
      resends: requestOptions.maxRetries ?? 1,
      ledger: ledgerFor(url),
      url,
    });
  }

  async #sendCreate(
    body: Record<string, unknown>,
    options: RequestOptions,
  ): Promise<GenerationResult> {
    const request = { method: "POST", path: "content", body, options } as const;
    return requestParsed(this.#ctx, CreateContentResponseSchema, request);
  }
}

/** api-v1.md §4 POST rule 3: a free draft is exactly one item. */
function onlyItem(result: GenerationResult, url: string): ContentItem {
  const [item] = result.items;
  if (item) return item;
  throw new ResponseValidationError({
    issues: [
      {
        code: "custom",
        message: "A created draft must come back as one item",
        path: ["items"],
        input: result.items,
      },
    ],
    body: result,
    method: "POST",
    url,
  });
}

function itemPath(id: string): string {
  return `content/${pathId("id", id)}`;
}

function listQuery(params: ContentListParams | undefined) {
  return checkedFields(params, {
    status: optionalNonEmptyString,
    channelId: optionalNonEmptyString,
    source: optionalNonEmptyString,
    // api-v1.md §4 GET /content: limit 1 to 100.
    limit: (param, value) => optionalIntInRange(param, value, 1, MAX_PAGE_SIZE),
    cursor: optionalNonEmptyString,
  });
}

/**
 * The channels a create targets, from `channelIds` or a lone `channelId` (api-v1.md §4 POST
 * rule 2: named once). Without either, `single` decides which parameter the error names.
 */
function targetChannels(
  input: { channelId?: unknown; channelIds?: unknown },
  single: boolean,
): string[] {
  refuse(
    "channelIds",
    input.channelId !== undefined && input.channelIds !== undefined,
    "Send either channelId or channelIds, not both",
  );
  return input.channelIds === undefined && (single || input.channelId !== undefined)
    ? [requiredString("channelId", input.channelId)]
    : requiredStringList("channelIds", input.channelIds);
}

/** `{ [key]: value }` when value is defined, else `{}` (optional keys are absent, never undefined). */
function defined<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
