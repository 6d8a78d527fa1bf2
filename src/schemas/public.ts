/**
 * `@postline/sdk/schemas`: the zod schemas the SDK parses responses with, one
 * per resource record, per page and per open enum, for callers who validate stored or forwarded
 * data the same way; and the known values of each open enum. Other parts (a brand's
 * `voiceConfidence`, a stats `usage`, ...) are reachable through `.shape`. The types inferred
 * from them (`ContentItem`, `ContentStatus`, ...) are exported by `@postline/sdk`.
 *
 * The open enums accept newer values too (README, "Versioning"), so the lists are what a UI or
 * an exhaustive check can offer today. Public exports only: no logic lives here.
 *
 * @example
 * ```ts
 * import { CONTENT_STATUSES, ContentItemSchema } from "@postline/sdk/schemas";
 * const item = ContentItemSchema.parse(JSON.parse(stored));
 * ```
 *
 * @module schemas
 */
export { BrandProfileSchema } from "./brand.js";
export { ChannelRefSchema, ChannelSchema } from "./channel.js";
export {
  CONTENT_SOURCES,
  CONTENT_STATUSES,
  ContentItemSchema,
  ContentPageSchema,
  ContentSourceSchema,
  ContentStatusSchema,
  PLATFORMS,
  PlatformSchema,
} from "./content.js";
export { ErrorEnvelopeSchema } from "./error-envelope.js";
export { AgentKeySchema, CreatedAgentKeySchema, KEY_SCOPES, KeyScopeSchema } from "./keys.js";
export { StatsSchema } from "./stats.js";
