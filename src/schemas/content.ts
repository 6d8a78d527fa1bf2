import { z } from "zod";
import { compileOnFirstUse } from "./compile-on-first-use.js";
import { openEnum } from "./open-enum.js";

/** The lifecycle states of a content item (api-v1.md §3). */
export const CONTENT_STATUSES = [
  "draft",
  "pending",
  "scheduled",
  "publishing",
  "published",
  "failed",
  "cancelled",
] as const;

/** Where a content item came from; items created through the API carry `api`. */
export const CONTENT_SOURCES = [
  "api",
  "manual",
  "campaign",
  "news_reactive",
  "redistribute",
  "daily_generation",
] as const;

/** Platforms named by the contract; others parse too. */
export const PLATFORMS = ["x", "linkedin"] as const;

/** A content item's state: one of {@link CONTENT_STATUSES}, or a newer one. */
export const ContentStatusSchema = openEnum(CONTENT_STATUSES);
/** Where an item came from: one of {@link CONTENT_SOURCES}, or a newer one. */
export const ContentSourceSchema = openEnum(CONTENT_SOURCES);
/** A channel's platform, e.g. `x` or `linkedin`. */
export const PlatformSchema = openEnum(PLATFORMS);

/** One detected AI-writing pattern in a post's text. */
export const AiIsmMatchSchema = z.looseObject({
  /** The pattern's stable label, as named in allowlists (e.g. `delve`). */
  label: z.string(),
  /** The text the pattern found. */
  match: z.string(),
});

/** Who created an item; `email` is present only for admin-scope keys. */
export const CreatedBySchema = z.looseObject({
  /** The creating member's id. */
  userId: z.string(),
  /** The creating member's name. */
  fullName: z.string(),
  /** The creating member's email; present only for admin-scope keys. */
  email: z.string().optional(),
});

/**
 * A content item (api-v1.md §2.1). Unknown keys are kept; optional keys are absent, never null.
 */
// Compiled (`z.compile`) on first parse: the same checks, results and issues, at about a third of
// the parse time of a 100-item page (docs/performance.md). Under `jitless`, or where `new Function`
// is refused, the schema parses as it is.
export const ContentItemSchema = compileOnFirstUse(
  z.looseObject({
    /** What `content.get`, `update`, `approve`, `schedule` and `delete` take. */
    id: z.string(),
    /** Its lifecycle state: `draft`, `pending` (approved), `scheduled`, `publishing`, `published`, `failed`, `cancelled`. */
    status: ContentStatusSchema,
    /** The platform of its channel, e.g. `x`, `linkedin`. */
    platform: PlatformSchema,
    /** The channel it posts to. */
    channelId: z.string(),
    /** The channel's display name. */
    channelName: z.string(),
    /** The post text. */
    content: z.string(),
    /** Where it came from; items created through the API carry `api`. */
    source: ContentSourceSchema,
    /** When it was created (ISO-8601 UTC). */
    createdAt: z.string(),
    /** True for a length violation only (see `flagReasons`). */
    flagged: z.boolean(),
    /** True when a sensitivity keyword or principle matched (see `sensitivityReasons`). */
    sensitive: z.boolean(),
    /** Why it is flagged: currently only `length_violation` (over the channel tier's character cap). */
    flagReasons: z.array(z.string()),
    /** AI-writing patterns found in the text, reported independently of `flagged`. */
    aiIsmMatches: z.array(AiIsmMatchSchema),
    /** Each is `keyword: <word>` or `principle: <rule>`. */
    sensitivityReasons: z.array(z.string()),
    /** The member who created it. */
    createdBy: CreatedBySchema,
    /** The source it reacts to, when there is one. */
    sourceUrl: z.string().optional(),
    /** When it is planned or scheduled to publish (ISO-8601 UTC), when it is. */
    scheduledAt: z.string().optional(),
    /** When it went live (ISO-8601 UTC); absent until published. */
    publishedAt: z.string().optional(),
    /** The live post, when the provider gives one. */
    publishedUrl: z.string().optional(),
  }),
);

/** `GET /content` response. */
export const ContentPageSchema = compileOnFirstUse(
  z.looseObject({
    /** This page's items, newest first. */
    items: z.array(ContentItemSchema),
    /** Pass as `cursor` for the next page; `null` at the end. */
    nextCursor: z.string().nullable(),
  }),
);

/** The `warning` of a partly fulfilled generation (api-v1.md §4 POST rule 11). */
export const GenerationWarningSchema = z.looseObject({
  /** `generation_limit`: the quota ran out partway. */
  code: openEnum(["generation_limit"]),
  /** What happened, in words. */
  message: z.string(),
  /** Channels nothing was generated (or billed) for. */
  unfulfilledChannelIds: z.array(z.string()),
});

/** `POST /content` response (201). */
export const CreateContentResponseSchema = z.looseObject({
  /** What was created: the authoritative record. */
  items: z.array(ContentItemSchema),
  /** Present when a generation was only partly fulfilled. */
  warning: GenerationWarningSchema.optional(),
});

/**
 * A single-item response whose body the contract does not show (GET/PATCH `/content/:id`):
 * either the item itself or `{ item }`, with `plannedTimePassed` possibly beside it.
 */
export const ItemEnvelopeSchema = z.looseObject({
  /** The item as saved. */
  item: ContentItemSchema,
  /** True when the item was approved but its planned time had passed, so nothing was queued. */
  plannedTimePassed: z.boolean().optional(),
});

/** `POST /content/:id/schedule` response. */
export const ScheduleContentResponseSchema = z.looseObject({
  /** The scheduled item. */
  item: ContentItemSchema,
});

/** A content item's state. */
export type ContentStatus = z.infer<typeof ContentStatusSchema>;
/** Where a content item came from. */
export type ContentSource = z.infer<typeof ContentSourceSchema>;
/** A channel's platform. */
export type Platform = z.infer<typeof PlatformSchema>;
/** One detected AI-writing pattern. */
export type AiIsmMatch = ContentItem["aiIsmMatches"][number];
/** Who created an item. */
export type CreatedBy = ContentItem["createdBy"];
/** A content item (api-v1.md §2.1). */
export type ContentItem = z.infer<typeof ContentItemSchema>;
/** One page of `GET /content`. */
export type ContentPage = z.infer<typeof ContentPageSchema>;
/** The warning of a partly fulfilled generation. */
export type GenerationWarning = NonNullable<GenerationResult["warning"]>;
/**
 * What `content.generate` resolves to; a partial fulfilment carries `warning`.
 * @useDeclaredType
 */
export type GenerationResult = z.infer<typeof CreateContentResponseSchema>;
