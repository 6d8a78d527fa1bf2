/**
 * What the OpenAPI document says about each route of the contract's table
 * (`src/contract/routes.ts`), keyed by method and pattern: names, words, parameters, bodies,
 * answers and the route's own error codes (api-v1.md §4, §7). Scope, role and rate limit come
 * from the route table itself, the tag from the path.
 */
import type { z } from "zod";
import type { ErrorCodeClassName } from "../core/errors/codes.js";
import {
  BrandResponseSchema,
  ChannelListResponseSchema,
  ContentPageSchema,
  CreateContentResponseSchema,
  KeyListResponseSchema,
  ScheduleContentResponseSchema,
  ScheduleResponseSchema,
  StatsSchema,
} from "../schemas/index.js";
import {
  AgentKeyResponse,
  ContentItemResponse,
  CreatedAgentKeyResponse,
} from "./item-responses.js";
import {
  CreateContentRequest,
  CreateKeyRequest,
  ListChannelsQuery,
  ListContentQuery,
  ScheduleContentRequest,
  StatsQuery,
  UpdateContentRequest,
} from "./request-schemas.js";

/** A body the contract does not show: anything, or nothing. */
export const NOT_SHOWN = "not shown" as const;

/** One success answer of an operation. */
interface SuccessSpec {
  /** `2XX`: any other success, for a body the contract does not show. */
  status: 200 | 201 | 204 | "2XX";
  description: string;
  /** The body's schema; `NOT_SHOWN` allows any JSON; absent means no body. */
  body?: z.ZodType | typeof NOT_SHOWN;
}

/** The document's words and shapes for one route. */
export interface OperationSpec {
  operationId: string;
  /** The SDK method(s) that call it. */
  sdk: readonly string[];
  summary: string;
  description?: string;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The contract requires a body (POST /content, POST /keys). */
  bodyRequired?: boolean;
  /**
   * A path id that `postline fake`'s default seed serves, so tools run against it unconfigured.
   * Ids the examples create (`cnt_000001`, `key_000001`) exist once the operations before it in
   * the document ran.
   */
  idExample?: string;
  /** A body that works against the fake's seeded workspace (docs/rest.md shows it). */
  example?: Record<string, unknown>;
  success: readonly SuccessSpec[];
  /** Codes this route answers beyond the ones every route may (auth, workspace state, 429, 500). */
  errors?: readonly ErrorCodeClassName[];
}

const NOT_FOUND: ErrorCodeClassName = "NotFoundError";
const VALIDATION: ErrorCodeClassName = "ValidationError";

/** The operations, by `"METHOD /pattern"` of the route table. */
export const OPERATIONS: Record<string, OperationSpec> = {
  "GET /content": {
    operationId: "listContent",
    sdk: ["content.list", "content.listPage"],
    summary: "List content items",
    description: "Cursor-paginated, newest first. `nextCursor` is `null` at the end.",
    query: ListContentQuery,
    success: [{ status: 200, description: "One page of items.", body: ContentPageSchema }],
    errors: [VALIDATION],
  },
  "POST /content": {
    operationId: "createContent",
    sdk: ["content.createDraft", "content.generate"],
    summary: "Create a free draft or generate posts",
    description:
      "Send exactly one of `body` (a free draft on one channel, no credit) or `prompt` (one generated post per channel, one credit each). A channel must be named; with none, the 400 lists the connected ones in `error.channels`. A quota that runs out partway still answers 201, with `warning`. No idempotency: after a network failure, list before retrying.",
    body: CreateContentRequest,
    bodyRequired: true,
    example: {
      channelId: "ch_x_acme",
      body: "Shipping notes for Monday: three fixes, one new export.",
    },
    success: [
      {
        status: 201,
        description: "The created items, each with `source: api`.",
        body: CreateContentResponseSchema,
      },
    ],
    errors: [VALIDATION, "MissingInputError", "GenerationLimitError", "CapacityUnknownError"],
  },
  "GET /content/:id": {
    operationId: "getContent",
    idExample: "cnt_acme_published",
    sdk: ["content.get"],
    summary: "Read a content item",
    success: [
      { status: 200, description: "The item (`{ item }` or bare).", body: ContentItemResponse },
    ],
    errors: [NOT_FOUND],
  },
  "PATCH /content/:id": {
    operationId: "updateContent",
    idExample: "cnt_acme_held",
    sdk: ["content.update", "content.approve", "content.unapprove", "content.reject"],
    summary: "Edit, move, approve, un-approve or reject an item",
    description:
      "`status: pending` needs a connected channel and, when the text matches AI-ism patterns, `acknowledgeAiIsms: true` (else 409 with `acknowledgmentRequired`). A refused call writes nothing. `plannedTimePassed: true` beside the item means approval stands but nothing was queued.",
    body: UpdateContentRequest,
    example: {
      content: "Shipping notes for Monday: three fixes, one faster export.",
      channelId: "ch_x_acme",
      status: "pending",
    },
    success: [{ status: 200, description: "The item as saved.", body: ContentItemResponse }],
    errors: [
      VALIDATION,
      "InvalidStatusTransitionError",
      NOT_FOUND,
      "PublishedImmutableError",
      "AcknowledgmentRequiredError",
      "TransitionFailedError",
    ],
  },
  "DELETE /content/:id": {
    operationId: "deleteContent",
    idExample: "cnt_acme_unplaced",
    sdk: ["content.delete"],
    summary: "Delete a non-published item",
    description: "A scheduled external post is cancelled first, best effort.",
    // Listed as `2XX`, not `200`: tools that test the first 2xx listed then expect the 204.
    success: [
      { status: 204, description: "Removed." },
      {
        status: "2XX",
        description: "Removed, with another success status; the body is not shown.",
        body: NOT_SHOWN,
      },
    ],
    errors: [NOT_FOUND, "PublishedImmutableError"],
  },
  "POST /content/:id/schedule": {
    operationId: "scheduleContent",
    // Approved and given a channel by the PATCH example just before.
    idExample: "cnt_acme_held",
    sdk: ["content.schedule"],
    summary: "Approve if needed and schedule",
    description:
      "`{}` uses the item's planned time; `scheduledAt` a future time, snapped to 5 minutes; `publishNow` the next publish tick. Needs a connected channel.",
    body: ScheduleContentRequest,
    example: { scheduledAt: "2031-03-03T09:00:00Z" },
    success: [
      { status: 200, description: "The scheduled item.", body: ScheduleContentResponseSchema },
    ],
    errors: [
      VALIDATION,
      "InvalidStatusTransitionError",
      "XUrlCreditRequiredError",
      NOT_FOUND,
      "PublishedImmutableError",
      "AcknowledgmentRequiredError",
      "PublishFailedError",
      "TransitionFailedError",
    ],
  },
  "GET /channels": {
    operationId: "listChannels",
    sdk: ["channels.list"],
    summary: "List the workspace's channels",
    query: ListChannelsQuery,
    success: [{ status: 200, description: "The channels.", body: ChannelListResponseSchema }],
  },
  "GET /brand": {
    operationId: "getBrand",
    sdk: ["brand.get"],
    summary: "Read the brand profile",
    description: "`profile` is `null` before onboarding creates one.",
    success: [{ status: 200, description: "The profile.", body: BrandResponseSchema }],
  },
  "GET /schedule": {
    operationId: "getSchedule",
    sdk: ["schedule.get"],
    summary: "Read the schedule configuration and slots",
    description: "Read-only: other methods answer 405.",
    success: [
      { status: 200, description: "Configuration and slots.", body: ScheduleResponseSchema },
    ],
  },
  "GET /stats": {
    operationId: "getStats",
    sdk: ["stats.get"],
    summary: "Read the workspace's analytics",
    query: StatsQuery,
    success: [{ status: 200, description: "The window's numbers.", body: StatsSchema }],
    errors: [VALIDATION],
  },
  "GET /keys": {
    operationId: "listKeys",
    sdk: ["keys.list"],
    summary: "List agent keys",
    description: "Active and revoked keys; never a token.",
    success: [{ status: 200, description: "The keys.", body: KeyListResponseSchema }],
  },
  "POST /keys": {
    operationId: "createKey",
    sdk: ["keys.create"],
    summary: "Create an agent key",
    description: "The only response that ever carries `token`: store it now.",
    body: CreateKeyRequest,
    bodyRequired: true,
    example: { name: "reporting", scopes: ["read"] },
    success: [
      { status: 201, description: "The new key, with `token`.", body: CreatedAgentKeyResponse },
    ],
    errors: [VALIDATION],
  },
  "GET /keys/:id": {
    operationId: "getKey",
    idExample: "key_acme_owner",
    sdk: ["keys.get"],
    summary: "Read an agent key",
    success: [{ status: 200, description: "The key (`{ key }` or bare).", body: AgentKeyResponse }],
    errors: [NOT_FOUND],
  },
  "DELETE /keys/:id": {
    operationId: "revokeKey",
    // The key the POST /keys example creates first: a token cannot revoke itself.
    idExample: "key_000001",
    sdk: ["keys.revoke"],
    summary: "Revoke an agent key",
    description: "Idempotent. A token cannot revoke itself.",
    success: [
      { status: 200, description: "Revoked; the body is not shown.", body: NOT_SHOWN },
      { status: 204, description: "Revoked." },
    ],
    errors: [NOT_FOUND, "CannotRevokeSelfError"],
  },
};
