/**
 * The contract's shape rules that the SDK's schemas leave open, by component (rule IDs from the
 * contract rule index). Only what api-v1.md states: where it says "not shown" the field is
 * required (it is listed) but any value passes; enums it lets grow (§9.1) stay open strings.
 */
import { CONTENT_SOURCES, CONTENT_STATUSES, PLATFORMS } from "../schemas/index.js";
import type { JsonSchema } from "./json-schema.js";
import { COUNT, type Refinement, refTo, requires, UTC_TIMESTAMP, whenEquals } from "./refine.js";

/** `x-extensible-enum`: the values known today of an enum that may grow (api-v1.md §9.1). */
const known = (values: readonly string[]): JsonSchema => ({ "x-extensible-enum": [...values] });
/** An array that holds `value`. */
const holding = (value: string): JsonSchema => ({ contains: { const: value } });
/** A field that must not appear. */
const absent = (...names: string[]): JsonSchema => ({
  not: names.length === 1 ? requires(...names) : { anyOf: names.map((name) => requires(name)) },
});

/** Content items and the bodies that carry them (§2.1, §3, §4). */
const CONTENT: Record<string, Refinement> = {
  // ITEM-1, ITEM-2: the §2.1 table; CONV-1: timestamps in UTC.
  ContentItem: {
    required: "every",
    optional: ["sourceUrl", "scheduledAt", "publishedAt", "publishedUrl"],
    properties: {
      status: known(CONTENT_STATUSES),
      platform: known(PLATFORMS),
      source: known(CONTENT_SOURCES),
      createdAt: UTC_TIMESTAMP,
      scheduledAt: UTC_TIMESTAMP,
      publishedAt: UTC_TIMESTAMP,
      // ITEM-6: each reason is `keyword: <word>` or `principle: <rule>`.
      sensitivityReasons: { items: { type: "string", pattern: "^(keyword|principle): \\S" } },
    },
    allOf: [
      // ITEM-4: `flagged` is true for a length violation only, and then names it.
      whenEquals("flagged", true, { properties: { flagReasons: holding("length_violation") } }),
      {
        if: {
          ...requires("flagReasons"),
          properties: { flagReasons: holding("length_violation") },
        },
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema\'s own keyword.
        then: { properties: { flagged: { const: true } } },
      },
      // ITEM-6: `sensitive` matches its reasons.
      whenEquals("sensitive", true, { properties: { sensitivityReasons: { minItems: 1 } } }),
      whenEquals("sensitive", false, { properties: { sensitivityReasons: { maxItems: 0 } } }),
      // ITEM-8: a failed item has no `publishedAt`; STATE-13: a published one has it.
      whenEquals("status", "failed", absent("publishedAt")),
      whenEquals("status", "published", requires("publishedAt")),
      // ITEM-9: `contentType` is retired.
      absent("contentType"),
    ],
  },
  // ITEM-1: `aiIsmMatches` entries are `{ label, match }`; ITEM-7: `createdBy` `{ userId, fullName }`.
  AiIsmMatch: { required: ["label", "match"] },
  CreatedBy: { required: ["userId", "fullName"] },
  // CREATE-13, ITEM-11: a 201 holds at least one item, each with `source: "api"`.
  CreateContentResponse: {
    properties: {
      items: {
        type: "array",
        minItems: 1,
        items: { allOf: [refTo("ContentItem"), { properties: { source: { const: "api" } } }] },
      },
    },
  },
  // CREATE-11: the warning of a partial fulfilment.
  GenerationWarning: {
    required: ["code", "message", "unfulfilledChannelIds"],
    properties: { code: { const: "generation_limit" } },
  },
  // SCHEDULE-8, STATE-9: `{ item }`, scheduled: no longer a draft, nor only approved.
  ScheduleContentResponse: {
    required: ["item"],
    properties: { item: { properties: { status: { not: { enum: ["draft", "pending"] } } } } },
  },
  // LIST-1: `{ items, nextCursor }`.
  ContentPage: { required: ["items", "nextCursor"] },
};

/** Channels, brand profile, schedule configuration and stats (§2.2 to §2.5, §4). */
const WORKSPACE: Record<string, Refinement> = {
  // CHANNELS-1: every §2.2 field is there; types and values are not shown.
  Channel: { required: "every" },
  ChannelList: { required: ["channels"] },
  // BRAND-2: the §2.3 structure, `examples` included; BRAND-5: the retired fields are gone.
  BrandProfile: {
    required: "every",
    allOf: [absent("voice", "terms", "traits", "principles", "industry")],
  },
  AboutYou: { required: ["facts", "inYourWords", "you", "brand"] },
  VoiceFacts: { required: ["facts", "inYourWords"] },
  StandingRule: {
    required: ["name", "brief", "scope"],
    properties: { scope: known(["global", "you", "brand"]) },
  },
  // BRAND-4: `thin` is a boolean; `pieces` and `target` are not shown.
  VoiceConfidence: { required: ["pieces", "target", "thin"] },
  // BRANDGET-1: `{ profile }`, an object or null (BRAND-1).
  BrandResponse: { required: ["profile"] },
  // SCHEDCFG-1, SCHEDCFG-4: the §2.4 fields; types and values are not shown.
  ScheduleConfig: { required: "every" },
  "ScheduleConfig.voices": { required: ["you", "brand"] },
  VoiceSettings: { required: ["approvalMode", "sensitivityKeywords", "aiIsmAllowlist"] },
  ScheduleSlot: { required: "every" },
  ScheduleResponse: { required: ["config", "slots"] },
  // STATS-1, STATS-2: the window in days (1 to 365), integer counts, `rate` a fraction.
  Stats: {
    required: ["windowDays", "channelBalance", "pipeline", "aiIsm", "usage"],
    properties: { windowDays: { minimum: 1, maximum: 365 } },
  },
  ChannelBalance: {
    required: ["channelId", "platform", "displayName", "counts", "total"],
    properties: { counts: { additionalProperties: COUNT }, total: COUNT },
  },
  Pipeline: {
    required: ["byStatus", "sourceMix", "total"],
    properties: {
      byStatus: { additionalProperties: COUNT },
      sourceMix: { additionalProperties: COUNT },
      total: COUNT,
    },
  },
  AiIsmStats: {
    required: ["flagged", "total", "rate"],
    properties: { flagged: COUNT, total: COUNT, rate: { minimum: 0, maximum: 1 } },
  },
  // `{ current, limit, plan, periodEnd }`: listed, types not shown.
  Usage: { required: ["current", "limit", "plan", "periodEnd"], anyValue: ["current", "limit"] },
};

/** Keys and the error envelope (§1, §2.6, §4, §7). */
const KEYS_AND_ERRORS: Record<string, Refinement> = {
  // KEYS-2: a listed key shows `name` and `scopes`, never `token`; its other fields are not shown.
  AgentKey: { required: ["name", "scopes"], anyValue: ["id"], allOf: [absent("token")] },
  KeyList: { required: ["keys"] },
  // KEYS-1: the 201 shows `token`; nothing else of it is shown.
  CreatedAgentKey: { required: ["token"], anyValue: ["id", "name", "scopes"] },
  // CONV-2: `{ error: { code, message } }`, no second top-level key.
  ErrorEnvelope: { required: ["error"], set: { additionalProperties: false } },
  "ErrorEnvelope.error": {
    required: ["code", "message"],
    // CREATE-6: `error.channels` entries are `{ id, platform, name }`.
    properties: {
      channels: { type: "array", items: refTo("ChannelRef") },
      aiIsmMatches: { type: "array", items: refTo("AiIsmMatch") },
    },
    // PATCH-3: `acknowledgmentRequired` is `true`, with the matches beside it.
    allOf: [
      {
        if: requires("acknowledgmentRequired"),
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema\'s own keyword.
        then: {
          required: ["aiIsmMatches"],
          properties: { aiIsmMatches: {}, acknowledgmentRequired: { const: true } },
        },
      },
    ],
  },
  ChannelRef: { required: ["id", "platform", "name"] },
};

/**
 * The 409 of the routes that approve: `published_immutable`, or a `validation_error` that carries
 * `acknowledgmentRequired: true` and the matches (PATCH-3, SCHEDULE-4).
 */
export const CONFLICT_ENVELOPE: JsonSchema = {
  description:
    "`published_immutable`, or `validation_error` with `acknowledgmentRequired: true` and `aiIsmMatches`.",
  allOf: [
    refTo("ErrorEnvelope"),
    {
      properties: {
        error: whenEquals(
          "code",
          "validation_error",
          requires("acknowledgmentRequired", "aiIsmMatches"),
        ),
      },
    },
  ],
};

/**
 * The body of every 429 (LIMIT-4): `rate_limited`, with a message that states the seconds to wait
 * ("Retry in 30 seconds.", "retry after 5s"); a bare "Slow down." breaks the rule.
 */
export const RATE_LIMITED_ENVELOPE: JsonSchema = {
  description: "`rate_limited`, with a message that states the seconds to wait.",
  allOf: [
    refTo("ErrorEnvelope"),
    {
      properties: {
        error: {
          properties: {
            code: { const: "rate_limited" },
            message: { type: "string", pattern: "[0-9]+ ?(s|secs?|seconds?)\\b" },
          },
        },
      },
    },
  ],
};

/** Every refinement, by component path. */
export const STATED_RULES: Record<string, Refinement> = {
  ...CONTENT,
  ...WORKSPACE,
  ...KEYS_AND_ERRORS,
};
