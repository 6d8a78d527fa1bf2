/**
 * What a workspace is set up with, the same in a seed (`seed.ts`) and in the model
 * (`records.ts`): its state, its members' roles, its voices and their approval modes,
 * principles, weekly slots and brand profile.
 */
export type { Role } from "../../../contract/routes.js";

/** A workspace voice: the person (`you`) or the brand. */
export type Voice = "you" | "brand";

/** The workspace states that refuse every request (api-v1.md §7). */
export type WorkspaceState = "active" | "subscription_inactive" | "suspended" | "gone";

/** How approval works for a voice: `manual` waits for a person or agent, `auto` approves itself. */
export type ApprovalMode = "manual" | "auto";

/** A workspace principle: a rule and the phrases that break it. */
export interface PrincipleRecord {
  /** The rule, reported as `principle: <rule>`. */
  rule: string;
  /** Phrases that break it. */
  triggers: string[];
}

/** A weekly posting slot of the week's plan. */
export interface SlotRecord {
  /** The slot's id. */
  id: string;
  /** 0 = Monday ... 6 = Sunday. */
  dayOfWeek: number;
  /** `HH:MM` in the workspace timezone (UTC in the fake). */
  timeOfDay: string;
  /** The platform it posts to. */
  platform: string;
  /** The kind of post it is for (e.g. `post`, `article`). */
  contentType: string;
  /** The topic it is for. */
  topicCategory: string;
  /** `weekly`, or `monthly` in week `weekOfMonth`. */
  recurrenceType: "weekly" | "monthly";
  /** For a monthly slot, the week of the month (1..5); otherwise `null`. */
  weekOfMonth: number | null;
  /** Whether the slot is in use. */
  enabled: boolean;
}

/** A standing rule; only `confirmed` ones are served. */
export interface StandingRuleRecord {
  /** The rule's name. */
  name: string;
  /** What it asks. */
  brief: string;
  /** Whom it binds: `global`, `you` or `brand`. */
  scope: "global" | "you" | "brand";
  /** `suggested`, `confirmed` (served) or `removed`. */
  state: "suggested" | "confirmed" | "removed";
}

/** The brand profile the fake serves from `GET /brand`. */
export interface BrandRecord {
  /** The workspace's name. */
  name: string;
  /** Served as the profile's `tagline`. */
  tagline: string;
  /** Served as the profile's `motto`. */
  motto: string;
  /** Served as the profile's `mission`. */
  mission: string;
  /** What it is, in its own words. */
  whatWeAre: string;
  /** Its main website. */
  primaryUrl: string;
  /** The fact block for both voices, and each voice's half. */
  aboutYou: {
    /** The canonical facts. */
    facts: string[];
    /** Both voices in their own words. */
    inYourWords: string;
    /** The person's half. */
    you: {
      /** Claims made only from the person's accounts. */
      facts: string[];
      /** The person in their own words. */
      inYourWords: string;
    };
    /** The brand's half. */
    brand: {
      /** Claims made only from the brand's accounts. */
      facts: string[];
      /** The brand in its own words. */
      inYourWords: string;
    };
  };
  /** Standing rules in every state (only confirmed ones are served). */
  standingRules: StandingRuleRecord[];
  /** Pieces of writing on file per voice, and how many are wanted. */
  voiceConfidence: {
    /** Pieces on file, per voice. */
    pieces: Record<Voice, number>;
    /** Pieces wanted per voice; fewer makes `thin` true. */
    target: number;
  };
  /** Subjects to stay out of. */
  excludedTopics: string[];
  /** Example pieces of writing, each in a voice. */
  examples: {
    /** The voice it is written in. */
    voice: Voice;
    /** The writing. */
    text: string;
  }[];
}
