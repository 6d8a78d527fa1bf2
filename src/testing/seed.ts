/**
 * The seed: what `createFakeService()` starts with, and the shapes a test uses to override it.
 * The default is one ready workspace (`ws_acme`) and a second one (`ws_other`) for
 * cross-workspace tests; see docs/testing.md for a tour.
 */

import type { KeyScope } from "../schemas/index.js";
import type {
  ApprovalMode,
  BrandRecord,
  PrincipleRecord,
  Role,
  SlotRecord,
  Voice,
  WorkspaceState,
} from "./model.js";

/** A channel to seed; everything but `id` and `platform` has a default. */
export interface ChannelSeed {
  /** The channel's id. */
  id: string;
  /** Its platform, e.g. `x`, `linkedin`, `medium`. */
  platform: string;
  /** The account's display name. */
  displayName?: string;
  /** The account's handle. */
  handle?: string;
  /** The voice the channel speaks in; `personal` accounts are `you`, `organization` ones `brand`. */
  voice?: Voice;
  /** The publishing provider behind it. */
  provider?: string;
  /** The account's tier (sets the default character cap). */
  subscriptionTier?: string;
  /** Defaults by platform and tier (x free 280, x premium 25 000, linkedin 3 000, long-form 100 000). */
  characterCap?: number;
  /** Whether it is the default channel of its platform. */
  isDefault?: boolean;
  /** Whether it is connected (default `true`); a disconnected channel refuses approval and scheduling. */
  connected?: boolean;
  /** When it was connected. */
  connectedAt?: Date | string;
}

/** A workspace member to seed. */
export interface MemberSeed {
  /** The member's id. */
  userId: string;
  /** Their name, shown as `createdBy.fullName`. */
  fullName?: string;
  /** Their email, shown as `createdBy.email` to admin-scope keys. */
  email?: string;
  /** Their workspace role (default `member`); POST/DELETE `/keys` need admin or owner. */
  role?: Role;
  /** A member who left: their keys answer 401 `invalid_api_key`. */
  left?: boolean;
}

/** An agent key to seed. The token is generated unless given. */
export interface KeySeed {
  /** The key's id. */
  id: string;
  /** The member who owns the key. */
  userId: string;
  /** Its scopes; they cascade `admin` > `write` > `read`. */
  scopes: KeyScope[];
  /** Its name. */
  name?: string;
  /** `test` (default) or `live`: the token's `_test_` / `_live_` segment. */
  environment?: "test" | "live";
  /** Seed it already revoked. */
  revoked?: boolean;
  /** The bearer token; generated when absent. */
  token?: string;
}

/** A content item to seed (for example one a planning run or a person made). */
export interface ContentSeed {
  /** The item's id. */
  id: string;
  /** The post text. */
  content: string;
  /** `null` for a planning-made item whose slot had no channel yet. */
  channelId: string | null;
  /** Required when `channelId` is null; otherwise the channel's platform. */
  platform?: string;
  /** Its state (default `draft`). */
  status?: string;
  /** Where it came from (default `api`). */
  source?: string;
  /** Its title on long-form platforms. */
  title?: string;
  /** When it was created (default: the clock's now). */
  createdAt?: Date | string;
  /** The member who created it. */
  createdByUserId?: string;
  /** The source it reacts to. */
  sourceUrl?: string;
  /** When it is scheduled to publish. */
  scheduledAt?: Date | string;
  /** When it went live. */
  publishedAt?: Date | string;
  /** The live post. */
  publishedUrl?: string;
  /** Places the item in the week's plan at this time (the slot is the platform's nearest). */
  plannedAt?: Date | string;
  /** A draft an auto-approval voice holds only for want of a channel. */
  heldForChannel?: boolean;
  /** The voice judging a channel-less item; defaults to the channel's voice, else `brand`. */
  voice?: Voice;
}

/** One voice's own settings; `approvalMode: null` follows the workspace. */
export interface VoiceSeed {
  /** This voice's approval mode; `null` follows the workspace. */
  approvalMode?: ApprovalMode | null;
  /** This voice's own sensitivity keywords. */
  sensitivityKeywords?: string[];
  /** AI-ism labels this voice allows. */
  aiIsmAllowlist?: string[];
  /** This voice's principles (each a rule and the phrases that break it). */
  principles?: PrincipleRecord[];
}

/** The schedule config to seed; fields not given keep their defaults. */
export interface ScheduleConfigSeed {
  /** The workspace timezone. */
  timezone?: string;
  /** The workspace approval mode. */
  approvalMode?: ApprovalMode;
  /** The most posts a day. */
  maxPostsPerDay?: number;
  /** The least hours between posts. */
  minHoursBetween?: number;
  /** Days ahead the queue is kept filled. */
  queueBufferDays?: number;
  /** Sensitivity keywords shared by both voices. */
  sensitivityKeywords?: string[];
  /** AI-ism labels allowed for both voices. */
  aiIsmAllowlist?: string[];
  /** Principles shared by both voices. */
  principles?: PrincipleRecord[];
  /** Each voice's own settings. */
  voices?: Partial<Record<Voice, VoiceSeed>>;
}

/** The generation quota: monthly credits of the plan (`limit: null` is unlimited). */
export interface QuotaSeed {
  /** The plan's name. */
  plan?: string;
  /** Monthly generation credits; `null` is unlimited. */
  limit?: number | null;
  /** Credits already used this period. */
  used?: number;
  /** When the quota resets. */
  periodEnd?: Date | string;
  /** Makes generations answer 503 `capacity_unknown`. */
  capacityUnknown?: boolean;
}

/** A workspace to seed. Arrays replace the defaults; objects are merged into them. */
export interface WorkspaceSeed {
  /** The workspace's id. */
  id: string;
  /** Its name. */
  name?: string;
  /** `active` (default), or a state that refuses every request. */
  state?: WorkspaceState;
  /** Its members. */
  members?: MemberSeed[];
  /** Its channels. */
  channels?: ChannelSeed[];
  /** Its agent keys. */
  keys?: KeySeed[];
  /** Its content items. */
  content?: ContentSeed[];
  /** Its generation quota. */
  quota?: QuotaSeed;
  /** URL credits for `x` posts with links; at 0, scheduling one gives 402 `x_url_credit_required`. */
  urlCredits?: number;
  /** `null` before onboarding. */
  brand?: BrandRecord | null;
  /** Its schedule configuration. */
  config?: ScheduleConfigSeed;
  /** Its weekly posting slots. */
  slots?: SlotRecord[];
}

/** The argument of `createFakeService`; every field is optional. */
export interface FakeServiceSeed {
  /** Freezes the clock at this instant; without it the clock follows real time. */
  now?: Date | string | number;
  /** Where the msw handlers answer by default. */
  baseURL?: string;
  /** Replaces the AI-ism patterns (label + regex). */
  aiIsmPatterns?: {
    /** The label reported in `aiIsmMatches` and named by allowlists. */
    label: string;
    /** What the pattern matches. */
    pattern: RegExp;
  }[];
  /** Overrides of the main workspace (`ws_acme`), merged into its defaults. */
  workspace?: Partial<WorkspaceSeed>;
  /** Overrides of the second workspace (`ws_other`), or `false` to leave it out. */
  otherWorkspace?: Partial<WorkspaceSeed> | false;
  /** Further workspaces, seeded as given. */
  workspaces?: WorkspaceSeed[];
}

const DAY_MS = 86_400_000;

/** The main workspace of the default seed, with times relative to `now`. */
export function defaultMainWorkspace(now: Date): WorkspaceSeed {
  return {
    id: "ws_acme",
    name: "Acme Studio",
    members: [
      { userId: "usr_olivia", fullName: "Olivia Owner", email: "olivia@acme.test", role: "owner" },
      { userId: "usr_adam", fullName: "Adam Admin", email: "adam@acme.test", role: "admin" },
      { userId: "usr_mia", fullName: "Mia Member", email: "mia@acme.test", role: "member" },
      {
        userId: "usr_leo",
        fullName: "Leo Left",
        email: "leo@acme.test",
        role: "member",
        left: true,
      },
    ],
    channels: [
      {
        id: "ch_x_acme",
        platform: "x",
        displayName: "Acme on X",
        handle: "@acme",
        voice: "brand",
        isDefault: true,
      },
      {
        id: "ch_x_olivia",
        platform: "x",
        displayName: "Olivia on X",
        handle: "@olivia",
        voice: "you",
        subscriptionTier: "premium",
      },
      {
        id: "ch_linkedin_olivia",
        platform: "linkedin",
        displayName: "Olivia Owner on LinkedIn",
        handle: "olivia-owner",
        voice: "you",
        isDefault: true,
      },
      {
        id: "ch_medium_acme",
        platform: "medium",
        displayName: "Acme Journal",
        handle: "@acme-journal",
        voice: "brand",
        isDefault: true,
      },
      {
        id: "ch_x_retired",
        platform: "x",
        displayName: "Acme Support on X",
        handle: "@acme_support",
        voice: "brand",
        connected: false,
      },
    ],
    keys: [
      { id: "key_acme_owner", userId: "usr_olivia", scopes: ["admin"], name: "Seeded owner key" },
    ],
    content: [
      {
        id: "cnt_acme_published",
        channelId: "ch_linkedin_olivia",
        status: "published",
        source: "manual",
        content: "We shipped the new editor today. Thanks to everyone who tested it.",
        createdAt: new Date(now.getTime() - 3 * DAY_MS),
        publishedAt: new Date(now.getTime() - 2 * DAY_MS),
        publishedUrl: "https://www.linkedin.com/feed/update/urn:li:activity:1001",
        createdByUserId: "usr_olivia",
      },
      {
        id: "cnt_acme_held",
        channelId: null,
        platform: "x",
        voice: "brand",
        status: "draft",
        source: "daily_generation",
        content: "Three small habits that keep a content calendar honest.",
        createdAt: new Date(now.getTime() - DAY_MS),
        plannedAt: new Date(now.getTime() + 2 * DAY_MS),
        heldForChannel: true,
        createdByUserId: "usr_olivia",
      },
      {
        id: "cnt_acme_unplaced",
        channelId: null,
        platform: "x",
        voice: "brand",
        status: "pending",
        source: "daily_generation",
        content: "What we learned from a month of posting every weekday.",
        createdAt: new Date(now.getTime() - DAY_MS + 60_000),
        plannedAt: new Date(now.getTime() + 3 * DAY_MS),
        createdByUserId: "usr_olivia",
      },
      {
        id: "cnt_acme_overdue",
        channelId: null,
        platform: "x",
        voice: "brand",
        status: "pending",
        source: "daily_generation",
        content: "A short note on why we post at the same time each day.",
        createdAt: new Date(now.getTime() - DAY_MS + 120_000),
        plannedAt: new Date(now.getTime() - 3_600_000),
        createdByUserId: "usr_olivia",
      },
    ],
    quota: { plan: "growth", limit: 100, used: 0, periodEnd: startOfNextMonth(now) },
    urlCredits: 5,
    brand: defaultBrand(),
    config: {},
    slots: defaultSlots(),
  };
}

/** The second workspace of the default seed: its own key, channel and item; no brand profile. */
export function defaultOtherWorkspace(now: Date): WorkspaceSeed {
  return {
    id: "ws_other",
    name: "Other Co",
    members: [
      { userId: "usr_otto", fullName: "Otto Other", email: "otto@other.test", role: "owner" },
    ],
    channels: [
      {
        id: "ch_x_other",
        platform: "x",
        displayName: "Other Co on X",
        handle: "@otherco",
        voice: "brand",
      },
    ],
    keys: [
      { id: "key_other_owner", userId: "usr_otto", scopes: ["admin"], name: "Other owner key" },
    ],
    content: [
      {
        id: "cnt_other_draft",
        channelId: "ch_x_other",
        status: "draft",
        source: "api",
        content: "Other Co's own draft.",
        createdAt: new Date(now.getTime() - DAY_MS),
        createdByUserId: "usr_otto",
      },
    ],
    quota: { plan: "free", limit: 5, used: 0, periodEnd: startOfNextMonth(now) },
    urlCredits: 0,
    brand: null,
    slots: [],
  };
}

/** The default brand profile: confirmed and suggested rules, and a thin brand voice. */
export function defaultBrand(): BrandRecord {
  return {
    name: "Acme Studio",
    tagline: "Calm tools for busy teams",
    motto: "Ship small, ship often",
    mission: "Help small teams publish consistently without burning out.",
    whatWeAre: "A content planning studio for small teams.",
    primaryUrl: "https://acme.test",
    aboutYou: {
      facts: ["Founded in 2021", "Team of 12", "Based in Lisbon"],
      inYourWords: "We build calm software for people who post for a living.",
      you: {
        facts: ["Olivia founded Acme in 2021"],
        inYourWords: "I write about running a small team.",
      },
      brand: {
        facts: ["Team of 12", "Based in Lisbon"],
        inYourWords: "Acme makes planning boring, in a good way.",
      },
    },
    standingRules: [
      {
        name: "No hype",
        brief: "Never call a feature revolutionary.",
        scope: "global",
        state: "confirmed",
      },
      {
        name: "First person",
        brief: "Olivia writes as I, never we.",
        scope: "you",
        state: "confirmed",
      },
      { name: "Emoji", brief: "At most one emoji per post.", scope: "brand", state: "suggested" },
      { name: "Old rule", brief: "Always end with a question.", scope: "global", state: "removed" },
    ],
    voiceConfidence: { pieces: { you: 14, brand: 4 }, target: 10 },
    excludedTopics: ["politics", "competitor pricing"],
    examples: [
      { voice: "you", text: "I spent the week rewriting our onboarding. Here is what changed." },
      { voice: "brand", text: "New: plan a month of posts in ten minutes." },
    ],
  };
}

const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;

/** x twice a day, LinkedIn on weekday mornings, the long-form channel on Wednesdays (UTC). */
export function defaultSlots(): SlotRecord[] {
  const slot = (
    day: number,
    time: string,
    platform: string,
    topicCategory: string,
  ): SlotRecord => ({
    id: `slot_${platform}_${WEEKDAYS[day]}_${time.replace(":", "")}`,
    dayOfWeek: day,
    timeOfDay: time,
    platform,
    contentType: platform === "medium" ? "article" : "post",
    topicCategory,
    recurrenceType: "weekly",
    weekOfMonth: null,
    enabled: true,
  });
  const slots: SlotRecord[] = [];
  for (let day = 0; day < 7; day++) {
    slots.push(slot(day, "09:00", "x", "tips"), slot(day, "17:00", "x", "behind-the-scenes"));
    if (day < 5) slots.push(slot(day, "08:30", "linkedin", "lessons"));
  }
  slots.push(slot(2, "10:00", "medium", "essays"));
  return slots;
}

function startOfNextMonth(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}
