/**
 * The shapes of a seed: what a test passes to `createFakeService()` to add to or override the
 * default data (in `default-seed.ts`). See docs/testing.md for a tour.
 */

import type { KeyScope } from "../../../schemas/index.js";
import type { AiIsmPattern } from "./ai-ism-patterns.js";
import type {
  ApprovalMode,
  BrandRecord,
  PrincipleRecord,
  Role,
  SlotRecord,
  Voice,
  WorkspaceState,
} from "./workspace-settings.js";

/** A channel to seed; everything but `id` and `platform` has a default. */
export interface ChannelSeed {
  /** Unique across the service, e.g. `ch_x_acme`; the routes' `:id` and `channelId`. */
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
  /** Unique across the service, e.g. `key_acme_owner`; `DELETE /keys/:id` names it. */
  id: string;
  /** The member who owns the key. */
  userId: string;
  /** Its scopes; they cascade `admin` > `write` > `read`. */
  scopes: KeyScope[];
  /** Shown by `GET /keys`; the id when absent. */
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
  /** Unique across the service, e.g. `cnt_acme_published`. */
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
  /** Unique across the service, e.g. `ws_acme`; seeding an id twice throws. */
  id: string;
  /** The workspace's display name; the id when absent. */
  name?: string;
  /** `active` (default), or a state that refuses every request. */
  state?: WorkspaceState;
  /** Their roles decide who may manage keys; the first creates seeded items by default. */
  members?: MemberSeed[];
  /** Connected unless a seed says otherwise. */
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
  aiIsmPatterns?: AiIsmPattern[];
  /** Overrides of the main workspace (`ws_acme`), merged into its defaults. */
  workspace?: Partial<WorkspaceSeed>;
  /** Overrides of the second workspace (`ws_other`), or `false` to leave it out. */
  otherWorkspace?: Partial<WorkspaceSeed> | false;
  /** Further workspaces, seeded as given. */
  workspaces?: WorkspaceSeed[];
}
