/**
 * The records the fake keeps. These are the model's own shapes (with what the wire never shows,
 * such as a channel's voice or an item's acknowledged text); `serialize.ts` turns them into the
 * contract's shapes.
 */

import type { ApprovalSource } from "../../../contract/approval-source.js";
import type { KeyScope } from "../../../schemas/index.js";
import type { ChannelSeed, MemberSeed, QuotaSeed, ScheduleConfigSeed, VoiceSeed } from "./seed.js";
import type { BrandRecord, SlotRecord, Voice, WorkspaceState } from "./workspace-settings.js";

/** A member: their seed with every default filled in (one who left keeps their record). */
export type MemberRecord = Required<MemberSeed>;

/** A channel: its seed with every default filled in. */
export type ChannelRecord = Required<Omit<ChannelSeed, "connectedAt">> & { connectedAt: Date };

/** One voice's settings; `approvalMode: null` follows the workspace. */
export type VoiceSettingsRecord = Required<VoiceSeed>;

export type ScheduleConfigRecord = Required<Omit<ScheduleConfigSeed, "voices">> & {
  voices: Record<Voice, VoiceSettingsRecord>;
};

/** The generation quota (`limit: null` is unlimited). */
type QuotaRecord = Required<Omit<QuotaSeed, "periodEnd">> & { periodEnd: Date };

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
