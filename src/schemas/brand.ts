import { z } from "zod";
import { notShown } from "./not-shown.js";
import { openEnum } from "./open-enum.js";

/** One half (or the whole) of the fact block: the claims an agent may make. */
export const VoiceFactsSchema = z.looseObject({
  /** The claims that may be made. */
  facts: notShown,
  /** The workspace describing itself in its own words. */
  inYourWords: notShown,
});

/** `aboutYou`: the canonical facts for both voices, and each voice's own half. */
export const AboutYouSchema = z.looseObject({
  /** The canonical fact block: the only claims an agent should make about the workspace. */
  facts: notShown,
  /** Both voices in their own words. */
  inYourWords: notShown,
  /** The person's (founder's) half. */
  you: VoiceFactsSchema,
  /** The brand's half; a claim listed only here is not made from the founder's own account. */
  brand: VoiceFactsSchema,
});

/** A confirmed standing rule; `scope` is `global`, `you` (the founder) or `brand`. */
export const StandingRuleSchema = z.looseObject({
  /** The rule's name. */
  name: notShown,
  /** What the rule asks. */
  brief: notShown,
  /** Whom it binds: `global`, `you` (the founder) or `brand`. */
  scope: openEnum(["global", "you", "brand"]),
});

/** How much writing the service has on file for the two voices. */
export const VoiceConfidenceSchema = z.looseObject({
  /** Pieces of writing on file. */
  pieces: notShown,
  /** How many pieces are wanted. */
  target: notShown,
  /** True when at least one voice has less writing than wanted; drafting continues either way. */
  thin: z.boolean(),
});

/**
 * The workspace's brand profile (api-v1.md §2.3). Field types inside it beyond this structure
 * are not shown by the contract, so they are accepted as any value, or absent.
 */
export const BrandProfileSchema = z.looseObject({
  /** The workspace's name (its own words: voice material, not licence to assert facts). */
  name: notShown,
  /** In the workspace's own words, as `name` is. */
  tagline: notShown,
  /** In the workspace's own words, as `name` is. */
  motto: notShown,
  /** In the workspace's own words, as `name` is. */
  mission: notShown,
  /** What the workspace is, in its own words. */
  whatWeAre: notShown,
  /** Its main website. */
  primaryUrl: notShown,
  /** The fact block, for both voices and each voice's half. */
  aboutYou: AboutYouSchema,
  /** Confirmed standing rules only. */
  standingRules: z.array(StandingRuleSchema),
  /** Whether the service has enough writing on file for each voice. */
  voiceConfidence: VoiceConfidenceSchema,
  /** The live avoid list: subjects to stay out of. */
  excludedTopics: notShown,
  /** Example pieces of writing. */
  examples: notShown,
});

/** `GET /brand` response: `profile` is null before onboarding. */
export const BrandResponseSchema = z.looseObject({
  /** The profile, or `null` before onboarding creates one. */
  profile: BrandProfileSchema.nullable(),
});

/** One voice's facts and words. */
export type VoiceFacts = AboutYou["you"];
/** The brand profile's fact block. */
export type AboutYou = BrandProfile["aboutYou"];
/** A confirmed standing rule. */
export type StandingRule = BrandProfile["standingRules"][number];
/** How much writing is on file for the voices. */
export type VoiceConfidence = BrandProfile["voiceConfidence"];
/** The workspace's brand profile (api-v1.md §2.3). */
export type BrandProfile = z.infer<typeof BrandProfileSchema>;
