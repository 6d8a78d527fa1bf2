/**
 * The records the fake keeps. These are the model's own shapes (with what the wire never shows,
 * such as a channel's voice or an item's acknowledged text); `serialize.ts` turns them into the
 * contract's shapes.
 */

import type { ApprovalSource } from "../../../contract/approval-source.js";
import type { Role } from "../../../contract/routes.js";
import type { KeyScope } from "../../../schemas/index.js";

export type { Role };

/** A workspace voice: the person (`you`) or the brand. */
export type Voice = "you" | "brand";

/** The workspace states that refuse every request (api-v1.md §7). */
export type WorkspaceState = "active" | "subscription_inactive" | "suspended" | "gone";

/** How approval works for a voice: `manual` waits for a person or agent, `auto` approves itself. */
export type ApprovalMode = "manual" | "auto";

export interface MemberRecord {
  userId: string;
  fullName: string;
  email: string;
  role: Role;
  /** A member who left keeps their record; their keys answer 401 `invalid_api_key`. */
  left: boolean;
}

export interface ChannelRecord {
  id: string;
  platform: string;
  provider: string;
  displayName: string;
  handle: string;
  voice: Voice;
  subscriptionTier: string;
  /** Posts longer than this are flagged `length_violation`. */
  characterCap: number;
  isDefault: boolean;
  connected: boolean;
  connectedAt: Date;
}

/** An AI-writing pattern the fake detects. */
export interface AiIsmPattern {
  /** The label reported in `aiIsmMatches` and named by allowlists. */
  label: string;
  /** What the pattern matches. */
  pattern: RegExp;
}

/** A workspace principle: a rule and the phrases that break it. */
export interface PrincipleRecord {
  /** The rule, reported as `principle: <rule>`. */
  rule: string;
  /** Phrases that break it. */
  triggers: string[];
}

export interface VoiceSettingsRecord {
  /** `null` means the voice has no answer of its own and follows the workspace. */
  approvalMode: ApprovalMode | null;
  sensitivityKeywords: string[];
  aiIsmAllowlist: string[];
  principles: PrincipleRecord[];
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

export interface ScheduleConfigRecord {
  timezone: string;
  approvalMode: ApprovalMode;
  maxPostsPerDay: number;
  minHoursBetween: number;
  queueBufferDays: number;
  sensitivityKeywords: string[];
  aiIsmAllowlist: string[];
  principles: PrincipleRecord[];
  voices: Record<Voice, VoiceSettingsRecord>;
}

interface QuotaRecord {
  plan: string;
  /** Monthly generation credits; `null` means unlimited. */
  limit: number | null;
  used: number;
  periodEnd: Date;
  /** When true the cap cannot be read and generations answer 503 `capacity_unknown`. */
  capacityUnknown: boolean;
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

/** An item's place in the week's plan. */
export interface PlanPlacement {
  slotId: string;
  plannedAt: Date;
}

export interface ContentRecord {
  id: string;
  workspaceId: string;
  /** Creation order; breaks ties between equal `createdAt` so lists stay newest first. */
  seq: number;
  status: string;
  platform: string;
  /** `null` for an item a planning run made before its slot had a channel. */
  channelId: string | null;
  /** The voice used to judge an item that has no channel yet. */
  voice: Voice;
  content: string;
  title: string | null;
  topic: string | null;
  source: string;
  createdAt: Date;
  createdByUserId: string;
  sourceUrl: string | null;
  scheduledAt: Date | null;
  /** Set by `{ publishNow: true }`: goes out on the next publish tick. */
  publishNow: boolean;
  publishedAt: Date | null;
  publishedUrl: string | null;
  externalPostId: string | null;
  plan: PlanPlacement | null;
  /** A draft an auto-approval voice would have approved but for want of a channel. */
  heldForChannel: boolean;
  /** The exact text whose AI-isms were acknowledged; a different text asks again. */
  acknowledgedText: string | null;
  /** The key that approved it; `null` when not approved or approved in a browser session. */
  approvedByKeyId: string | null;
  /** Where its latest approval or schedule came from, when the request said (the review card). */
  approvalSource: ApprovalSource | null;
  rejectionReason: string | null;
  /** The deterministic scans of the saved text (api-v1.md §2.1 rule 4). */
  scan: ScanResult;
}

/** What the deterministic scans found in a text. */
export interface ScanResult {
  flagReasons: string[];
  aiIsmMatches: { label: string; match: string }[];
  sensitivityReasons: string[];
}

export interface KeyRecord {
  id: string;
  workspaceId: string;
  userId: string;
  name: string;
  scopes: KeyScope[];
  environment: "test" | "live";
  /** Kept only to recognise the bearer; never serialized. */
  token: string;
  createdAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}

export interface WorkspaceRecord {
  id: string;
  name: string;
  state: WorkspaceState;
  members: MemberRecord[];
  channels: ChannelRecord[];
  config: ScheduleConfigRecord;
  slots: SlotRecord[];
  brand: BrandRecord | null;
  quota: QuotaRecord;
  /** Credits for `x` posts with links; scheduling one uses a credit. */
  urlCredits: number;
}
