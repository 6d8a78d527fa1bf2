/**
 * The request side of api-v1.md §4 as zod schemas: query parameters and bodies. They describe
 * what the service accepts, for the OpenAPI document only; the SDK checks its own parameters
 * (`resources/content-checks.ts`) and the fake enforces the rules with their own messages.
 * Unknown body fields stay allowed: the contract ignores them (`contentType`, POST rule 9).
 */
import { z } from "zod";
import { CONTENT_SOURCES, CONTENT_STATUSES, KEY_SCOPES } from "../schemas/index.js";

/** A string with at least one non-blank character (the fake refuses `""` and `"  "`). */
const text = () => z.string().regex(/\S/);
/** A resource id: never empty. */
const id = () => z.string().min(1);

/** Query of `GET /content`. */
export const ListContentQuery = z.object({
  status: z
    .enum([...CONTENT_STATUSES, "all"])
    .default("all")
    .describe("One state, or `all`."),
  channelId: id().describe("Only items on this channel.").optional(),
  source: z.enum(CONTENT_SOURCES).describe("Only items from this source.").optional(),
  cursor: id().describe("Opaque: the previous page's `nextCursor`.").optional(),
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
 * POST rules 1–3 and 5, which zod cannot state: a channel is named by `channelId` or
 * `channelIds`, never both, and the other mode's text field is absent.
 */
function channelRule(otherMode: "body" | "prompt") {
  return {
    anyOf: [{ required: ["channelId"] }, { required: ["channelIds"] }],
    not: { anyOf: [{ required: ["channelId", "channelIds"] }, { required: [otherMode] }] },
  };
}

/** `POST /content` with `body`: a free draft on exactly one channel, no credit used. */
export const CreateDraftRequest = z
  .looseObject({
    body: text().describe("The post text."),
    channelId: id().describe("The channel to post on.").optional(),
    channelIds: z
      .array(id())
      .min(1)
      .max(1)
      .describe("Accepted instead of `channelId`, with exactly one id.")
      .optional(),
    topic: z.string().describe("What the post is about.").optional(),
    title: z
      .string()
      .describe("Title on long-form platforms; without one the post publishes as `Untitled`.")
      .optional(),
  })
  .meta({
    description:
      "A free draft: your own text on one channel. Send exactly one of `body` or `prompt`.",
    ...channelRule("prompt"),
  });

/** `POST /content` with `prompt`: one generated post per channel, one credit each. */
export const GenerateContentRequest = z
  .looseObject({
    prompt: text().describe("What to write about."),
    channelIds: z
      .array(id())
      .min(1)
      .describe("The channels to write for; duplicates are collapsed.")
      .optional(),
    channelId: id().describe("Accepted instead of `channelIds` for one channel.").optional(),
    topic: z.string().describe("What the post is about.").optional(),
  })
  .meta({
    description: "A metered generation: the service writes one post per channel.",
    ...channelRule("body"),
  });

/** `POST /content`: exactly one of the two modes (otherwise 400 `missing_input`). */
export const CreateContentRequest = z.union([CreateDraftRequest, GenerateContentRequest]);

/** `PATCH /content/:id`: any of the fields. */
export const UpdateContentRequest = z.looseObject({
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
    .describe('Why it was rejected, with `status: "cancelled"`.')
    .optional(),
  acknowledgeAiIsms: z
    .boolean()
    .describe("True to approve text that still matches AI-ism patterns.")
    .optional(),
});

/** `POST /content/:id/schedule`: `{}`, a time, or `publishNow`. */
export const ScheduleContentRequest = z
  .looseObject({
    scheduledAt: z.iso
      .datetime({ offset: true })
      .describe("A future time (ISO-8601), snapped to 5 minutes.")
      .optional(),
    publishNow: z.literal(true).describe("Publish on the next publish tick.").optional(),
    acknowledgeAiIsms: z
      .boolean()
      .describe("Required as `true` when the text matches AI-ism patterns.")
      .optional(),
  })
  .meta({ not: { required: ["scheduledAt", "publishNow"] } });

/** `POST /keys`. */
export const CreateKeyRequest = z.looseObject({
  name: text().describe("A label for the key."),
  scopes: z
    .array(z.enum(KEY_SCOPES))
    .min(1)
    .describe("They cascade: `admin` includes `write` includes `read`."),
});
