import { z } from "zod";
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

export const ContentStatusSchema = openEnum(CONTENT_STATUSES);
export const ContentSourceSchema = openEnum(CONTENT_SOURCES);
export const PlatformSchema = openEnum(PLATFORMS);

/** One detected AI-writing pattern in a post's text. */
export const AiIsmMatchSchema = z.looseObject({
  label: z.string(),
  match: z.string(),
});

/** Who created an item; `email` is present only for admin-scope keys. */
export const CreatedBySchema = z.looseObject({
  userId: z.string(),
  fullName: z.string(),
  email: z.string().optional(),
});

/**
 * A content item (api-v1.md §2.1). Unknown keys are kept; optional keys are absent, never null.
 */
export const ContentItemSchema = z.looseObject({
  id: z.string(),
  status: ContentStatusSchema,
  platform: PlatformSchema,
  channelId: z.string(),
  channelName: z.string(),
  content: z.string(),
  source: ContentSourceSchema,
  createdAt: z.string(),
  flagged: z.boolean(),
  sensitive: z.boolean(),
  flagReasons: z.array(z.string()),
  aiIsmMatches: z.array(AiIsmMatchSchema),
  sensitivityReasons: z.array(z.string()),
  createdBy: CreatedBySchema,
  sourceUrl: z.string().optional(),
  scheduledAt: z.string().optional(),
  publishedAt: z.string().optional(),
  publishedUrl: z.string().optional(),
});

/** `GET /content` response. */
export const ContentPageSchema = z.looseObject({
  items: z.array(ContentItemSchema),
  nextCursor: z.string().nullable(),
});

/** The `warning` of a partly fulfilled generation (api-v1.md §4 POST rule 11). */
export const GenerationWarningSchema = z.looseObject({
  code: openEnum(["generation_limit"]),
  message: z.string(),
  unfulfilledChannelIds: z.array(z.string()),
});

/** `POST /content` response (201). */
export const CreateContentResponseSchema = z.looseObject({
  items: z.array(ContentItemSchema),
  warning: GenerationWarningSchema.optional(),
});

/**
 * A single-item response whose body the contract does not show (GET/PATCH `/content/:id`):
 * either the item itself or `{ item }`, with `plannedTimePassed` possibly beside it.
 */
export const ItemEnvelopeSchema = z.looseObject({
  item: ContentItemSchema,
  plannedTimePassed: z.boolean().optional(),
});

/** `POST /content/:id/schedule` response. */
export const ScheduleContentResponseSchema = z.looseObject({
  item: ContentItemSchema,
});

export type ContentStatus = z.infer<typeof ContentStatusSchema>;
export type ContentSource = z.infer<typeof ContentSourceSchema>;
export type Platform = z.infer<typeof PlatformSchema>;
export type AiIsmMatch = z.infer<typeof AiIsmMatchSchema>;
export type CreatedBy = z.infer<typeof CreatedBySchema>;
export type ContentItem = z.infer<typeof ContentItemSchema>;
export type ContentPage = z.infer<typeof ContentPageSchema>;
export type GenerationWarning = z.infer<typeof GenerationWarningSchema>;
/** What `content.generate` resolves to; a partial fulfilment carries `warning`. */
export type GenerationResult = z.infer<typeof CreateContentResponseSchema>;
