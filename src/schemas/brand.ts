import { z } from "zod";
import { openEnum } from "./open-enum.js";

/** One half (or the whole) of the fact block: the claims an agent may make. */
export const VoiceFactsSchema = z.looseObject({
  facts: z.unknown(),
  inYourWords: z.unknown(),
});

/** `aboutYou`: the canonical facts for both voices, and each voice's own half. */
export const AboutYouSchema = z.looseObject({
  facts: z.unknown(),
  inYourWords: z.unknown(),
  you: VoiceFactsSchema,
  brand: VoiceFactsSchema,
});

/** A confirmed standing rule; `scope` is `global`, `you` (the founder) or `brand`. */
export const StandingRuleSchema = z.looseObject({
  name: z.unknown(),
  brief: z.unknown(),
  scope: openEnum(["global", "you", "brand"]),
});

export const VoiceConfidenceSchema = z.looseObject({
  pieces: z.unknown(),
  target: z.unknown(),
  thin: z.boolean(),
});

/**
 * The workspace's brand profile (api-v1.md §2.3). Field types inside it beyond this structure
 * are not shown by the contract, so they are accepted as any value.
 */
export const BrandProfileSchema = z.looseObject({
  name: z.unknown(),
  tagline: z.unknown(),
  motto: z.unknown(),
  mission: z.unknown(),
  whatWeAre: z.unknown(),
  primaryUrl: z.unknown(),
  aboutYou: AboutYouSchema,
  standingRules: z.array(StandingRuleSchema),
  voiceConfidence: VoiceConfidenceSchema,
  excludedTopics: z.unknown(),
  examples: z.unknown(),
});

/** `GET /brand` response: `profile` is null before onboarding. */
export const BrandResponseSchema = z.looseObject({
  profile: BrandProfileSchema.nullable(),
});

export type VoiceFacts = z.infer<typeof VoiceFactsSchema>;
export type AboutYou = z.infer<typeof AboutYouSchema>;
export type StandingRule = z.infer<typeof StandingRuleSchema>;
export type VoiceConfidence = z.infer<typeof VoiceConfidenceSchema>;
export type BrandProfile = z.infer<typeof BrandProfileSchema>;
