/**
 * The request side of api-v1.md §4 as zod schemas: query parameters and bodies. They describe
 * what the service accepts, for the OpenAPI document only; the SDK checks its own parameters
 * (`resources/content/checks.ts`) and the fake enforces the rules with their own messages.
 * Unknown body fields stay allowed: the contract ignores them (`contentType`, POST rule 9).
 */
import { z } from "zod";
import { CONTENT_SOURCES, CONTENT_STATUSES, KEY_SCOPES } from "../schemas/index.js";

/**
 * A text field: a string. The fake also refuses `""` and `"  "`, a choice of its own
 * (docs/testing.md) that the document does not state.
 */
const text = () => z.string();
/** A resource id: an empty one names nothing (api-v1.md §4 PATCH rule 1). */
const id = () => z.string().min(1);

/** Query of `GET /content`. */
export const ListContentQuery = z.object({
  status: z
    .enum([...CONTENT_STATUSES, "all"])
    .default("all")
    .describe("One state, or `all`."),
  channelId: z.string().describe("Only items on this channel.").optional(),
  source: z.enum(CONTENT_SOURCES).describe("Only items from this source.").optional(),
  cursor: z.string().describe("Opaque: the previous page's `nextCursor`.").optional(),
  limit: z.number().int().min(1).max(100).default(20).describe("Page size."),
});

/** Query of `GET /channels`. */
export const ListChannelsQuery = z.object({
  platform: z.string().describe("Only channels of this platform, e.g. `x`.").optional(),
});

/** Query of `GET /stats`. */
export const StatsQuery = z.object({
  days: z.number().int().min(1).max(365).default(30).describe("The window, in days."),
});

/**
 * `POST /content`: exactly one of `body` (a free draft on one channel, no credit) or `prompt`
 * (one generated post per channel, one credit each), otherwise 400 `missing_input`. The rules
 * zod cannot state ride along as JSON Schema: one text field, one channel field (POST rules 1,
 * 2, 5), and a draft's `channelIds` holding one id (rule 3).
 */
export const CreateContentRequest = z
  .looseObject({
    body: text().describe("A free draft's text.").optional(),
    prompt: text().describe("What a generation writes about.").optional(),
    channelId: id().describe("The channel to post on.").optional(),
    channelIds: z
      .array(id())
      .min(1)
      .describe("The channels to write for (a draft: exactly one); duplicates are collapsed.")
      .optional(),
    topic: z.string().describe("What the post is about.").optional(),
    title: z
      .string()
      .describe("A draft's title on long-form platforms; without one it publishes as `Untitled`.")
      .optional(),
  })
  .meta({
    description:
      "Exactly one of `body` (a free draft on one channel, no credit) or `prompt` (one generated post per channel, one credit each), and exactly one of `channelId` or `channelIds` (a draft's holds one id).",
    oneOf: [
      { required: ["body"], properties: { body: {}, channelIds: { maxItems: 1 } } },
      { required: ["prompt"], properties: { prompt: {} } },
    ],
    anyOf: [
      { required: ["channelId"], properties: { channelId: {} } },
      { required: ["channelIds"], properties: { channelIds: {} } },
    ],
    not: { required: ["channelId", "channelIds"], properties: { channelId: {}, channelIds: {} } },
  });

/**
 * `PATCH /content/:id`: any of the fields. `rejectionReason` goes "with `cancelled`" (§4): read
 * as only with it, so a reason sent with another move is refused rather than silently dropped.
 */
export const UpdateContentRequest = z
  .looseObject({
    content: text().describe("Replace the text (draft or pending only); scans re-run.").optional(),
    channelId: id()
      .describe("Move to another connected channel of the item's platform (draft or pending only).")
      .optional(),
    status: z
      .enum(["pending", "draft", "cancelled"])
      .describe(
        "`pending` approves, `draft` un-approves, `cancelled` rejects; any other value is 400 `invalid_status_transition`.",
      )
      .optional(),
    rejectionReason: z
      .string()
      .describe('Why it was rejected; only with `status: "cancelled"`.')
      .optional(),
    acknowledgeAiIsms: z
      .boolean()
      .describe("True to approve text that still matches AI-ism patterns.")
      .optional(),
  })
  .meta({
    if: { required: ["rejectionReason"], properties: { rejectionReason: {} } },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema\'s own keyword.
    then: { required: ["status"], properties: { status: { const: "cancelled" } } },
  });

/** `POST /content/:id/schedule`: `{}`, a time, or `publishNow`. */
export const ScheduleContentRequest = z
  .looseObject({
    scheduledAt: z.iso
      .datetime()
      .describe("A future time (ISO-8601 UTC), snapped to 5 minutes.")
      .optional(),
    publishNow: z.literal(true).describe("Publish on the next publish tick.").optional(),
    acknowledgeAiIsms: z
      .boolean()
      .describe("Required as `true` when the text matches AI-ism patterns.")
      .optional(),
  })
  .meta({
    description:
      "`{}` (the item's planned time), `scheduledAt`, or `publishNow: true`; never both of the last two.",
    not: {
      required: ["scheduledAt", "publishNow"],
      properties: { scheduledAt: {}, publishNow: {} },
    },
  });

/** `POST /keys`. */
export const CreateKeyRequest = z.looseObject({
  name: text().describe("A label for the key."),
  scopes: z
    .array(z.enum(KEY_SCOPES))
    .describe("They cascade: `admin` includes `write` includes `read`."),
});
