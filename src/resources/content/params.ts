/**
 * Parameter types of the content resource (api-v1.md §4): what each method of
 * `client.content` accepts. The checks that enforce them are in `checks.ts`.
 */
import type { RequestOptions } from "../../core/request-options.js";
import type { ContentSource, ContentStatus } from "../../schemas/index.js";
import type { ContentReview } from "./review.js";

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
  /** The review a person approved: the same as the call option `acknowledge`. */
  acknowledge?: ContentReview;
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

/**
 * Per-call options of `approve`, `schedule` and `update` (to `pending`): a person's review to
 * acknowledge on their behalf.
 */
export interface AcknowledgeOptions extends RequestOptions {
  /**
   * The review a person saw and approved (`client.content.review(id)`). The item is re-read, and
   * `acknowledgeAiIsms: true` is sent only when its text still equals `review.text`; otherwise
   * `AcknowledgmentRequiredError` with `stale: true` is thrown and nothing is sent.
   */
  acknowledge?: ContentReview;
}
