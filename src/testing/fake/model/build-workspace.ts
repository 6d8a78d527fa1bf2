/** Turns seeds into records: fills defaults and merges a test's overrides into the default seed. */

import { placementAt } from "../rules/plan.js";
import { scanItem } from "../rules/scans.js";
import type {
  ChannelRecord,
  ContentRecord,
  KeyRecord,
  MemberRecord,
  ScheduleConfigRecord,
  VoiceSettingsRecord,
  WorkspaceRecord,
} from "./records.js";
import type {
  ChannelSeed,
  ContentSeed,
  KeySeed,
  MemberSeed,
  ScheduleConfigSeed,
  VoiceSeed,
  WorkspaceSeed,
} from "./seed.js";
import type { FakeStore } from "./store.js";

/** Merges overrides into a base seed: arrays and scalars replace, `quota` and `config` merge. */
export function mergeWorkspaceSeed(
  base: WorkspaceSeed,
  overrides: Partial<WorkspaceSeed>,
): WorkspaceSeed {
  const merged: WorkspaceSeed = { ...base, ...overrides, id: overrides.id ?? base.id };
  if (base.quota || overrides.quota) merged.quota = { ...base.quota, ...overrides.quota };
  if (base.config || overrides.config) {
    merged.config = mergeConfigSeed(base.config ?? {}, overrides.config ?? {});
  }
  return merged;
}

/** Merges config overrides into a base config, each voice's settings field by field. */
export function mergeConfigSeed(
  base: ScheduleConfigSeed,
  overrides: ScheduleConfigSeed,
): ScheduleConfigSeed {
  return {
    ...base,
    ...overrides,
    voices: {
      you: { ...base.voices?.you, ...overrides.voices?.you },
      brand: { ...base.voices?.brand, ...overrides.voices?.brand },
    },
  };
}

/** Adds a seeded workspace, its keys and its content to the store. */
export function addSeededWorkspace(store: FakeStore, seed: WorkspaceSeed): WorkspaceRecord {
  if (store.workspaces.has(seed.id)) throw new Error(`Workspace ${seed.id} is seeded twice`);
  const now = store.clock.now();
  const workspace: WorkspaceRecord = {
    id: seed.id,
    name: seed.name ?? seed.id,
    state: seed.state ?? "active",
    members: (seed.members ?? []).map(memberRecord),
    channels: (seed.channels ?? []).map((channel) => channelRecord(channel, now)),
    config: configRecord(seed.config ?? {}),
    slots: seed.slots ?? [],
    brand: seed.brand === undefined ? null : seed.brand,
    quota: {
      plan: seed.quota?.plan ?? "growth",
      limit: seed.quota?.limit === undefined ? 100 : seed.quota.limit,
      used: seed.quota?.used ?? 0,
      periodEnd: toDate(
        seed.quota?.periodEnd ?? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
      ),
      capacityUnknown: seed.quota?.capacityUnknown ?? false,
    },
    urlCredits: seed.urlCredits ?? 0,
  };
  store.workspaces.set(workspace.id, workspace);
  for (const key of seed.keys ?? []) addSeededKey(store, workspace, key);
  for (const item of seed.content ?? []) addSeededItem(store, workspace, item);
  return workspace;
}

export function memberRecord(seed: MemberSeed): MemberRecord {
  return {
    userId: seed.userId,
    fullName: seed.fullName ?? seed.userId,
    email: seed.email ?? `${seed.userId}@example.test`,
    role: seed.role ?? "member",
    left: seed.left ?? false,
  };
}

const LONG_FORM_PLATFORMS = new Set(["medium", "substack"]);

/** Whether posts on this platform have a separate title (long-form essay platforms). */
export function hasTitles(platform: string): boolean {
  return LONG_FORM_PLATFORMS.has(platform);
}

function defaultCap(platform: string, tier: string): number {
  if (platform === "x") return tier === "premium" ? 25_000 : 280;
  if (platform === "linkedin") return 3_000;
  if (hasTitles(platform)) return 100_000;
  return 2_200;
}

export function channelRecord(seed: ChannelSeed, now: Date): ChannelRecord {
  const tier = seed.subscriptionTier ?? (hasTitles(seed.platform) ? "standard" : "free");
  return {
    id: seed.id,
    platform: seed.platform,
    provider: seed.provider ?? seed.platform,
    displayName: seed.displayName ?? seed.id,
    handle: seed.handle ?? `@${seed.id}`,
    voice: seed.voice ?? "brand",
    subscriptionTier: tier,
    characterCap: seed.characterCap ?? defaultCap(seed.platform, tier),
    isDefault: seed.isDefault ?? false,
    connected: seed.connected ?? true,
    connectedAt: toDate(seed.connectedAt ?? new Date(now.getTime() - 30 * 86_400_000)),
  };
}

function voiceRecord(
  seed: VoiceSeed | undefined,
  fallbackMode: VoiceSettingsRecord["approvalMode"],
) {
  return {
    approvalMode: seed?.approvalMode === undefined ? fallbackMode : seed.approvalMode,
    sensitivityKeywords: seed?.sensitivityKeywords ?? [],
    aiIsmAllowlist: seed?.aiIsmAllowlist ?? [],
    principles: seed?.principles ?? [],
  };
}

/** The default config: manual approval for the person, auto-approval for the brand. */
export function configRecord(seed: ScheduleConfigSeed): ScheduleConfigRecord {
  return {
    timezone: seed.timezone ?? "UTC",
    approvalMode: seed.approvalMode ?? "manual",
    maxPostsPerDay: seed.maxPostsPerDay ?? 3,
    minHoursBetween: seed.minHoursBetween ?? 4,
    queueBufferDays: seed.queueBufferDays ?? 7,
    sensitivityKeywords: seed.sensitivityKeywords ?? ["layoffs", "lawsuit"],
    aiIsmAllowlist: seed.aiIsmAllowlist ?? [],
    principles: seed.principles ?? [
      { rule: "Never promise financial returns", triggers: ["guaranteed returns", "get rich"] },
    ],
    voices: {
      you: voiceRecord(seed.voices?.you, null),
      brand: voiceRecord(
        {
          approvalMode: "auto",
          sensitivityKeywords: ["acquisition"],
          aiIsmAllowlist: ["game-changer"],
          ...seed.voices?.brand,
        },
        "auto",
      ),
    },
  };
}

export function addSeededKey(
  store: FakeStore,
  workspace: WorkspaceRecord,
  seed: KeySeed,
): KeyRecord {
  if (store.keys.has(seed.id)) throw new Error(`Key ${seed.id} is seeded twice`);
  const environment = seed.environment ?? "test";
  const now = store.clock.now();
  const key: KeyRecord = {
    id: seed.id,
    workspaceId: workspace.id,
    userId: seed.userId,
    name: seed.name ?? seed.id,
    scopes: [...seed.scopes],
    environment,
    token: seed.token ?? keptToken(store, seed.id, environment) ?? newBearerToken(environment),
    createdAt: now,
    revokedAt: seed.revoked ? now : null,
    lastUsedAt: null,
  };
  store.keys.set(key.id, key);
  return key;
}

/** A fresh bearer token of the given environment, in the `<prefix>_<env>_...` form (random hex). */
export function newBearerToken(environment: "test" | "live"): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `pl_${environment}_${hex}`;
}

function keptToken(store: FakeStore, id: string, environment: "test" | "live") {
  const token = store.keptTokens.get(id);
  return token?.startsWith(`pl_${environment}_`) ? token : undefined;
}

export function addSeededItem(
  store: FakeStore,
  workspace: WorkspaceRecord,
  seed: ContentSeed,
): ContentRecord {
  if (store.content.has(seed.id)) throw new Error(`Content item ${seed.id} is seeded twice`);
  const channel = store.channelOf(workspace, seed.channelId);
  if (seed.channelId !== null && !channel) {
    throw new Error(`Content item ${seed.id}: no channel ${seed.channelId} in ${workspace.id}`);
  }
  const platform = channel?.platform ?? seed.platform;
  if (!platform) throw new Error(`Content item ${seed.id}: a channel-less item needs a platform`);
  const plannedAt = seed.plannedAt === undefined ? null : toDate(seed.plannedAt);
  const status = seed.status ?? "draft";
  const item: ContentRecord = {
    id: seed.id,
    workspaceId: workspace.id,
    seq: store.nextSeq(),
    status,
    platform,
    channelId: channel?.id ?? null,
    voice: seed.voice ?? channel?.voice ?? "brand",
    content: seed.content,
    title: seed.title ?? null,
    topic: null,
    source: seed.source ?? "manual",
    createdAt: toDate(seed.createdAt ?? store.clock.now()),
    createdByUserId: seed.createdByUserId ?? workspace.members[0]?.userId ?? "usr_unknown",
    sourceUrl: seed.sourceUrl ?? null,
    scheduledAt: seed.scheduledAt === undefined ? null : toDate(seed.scheduledAt),
    publishNow: false,
    publishedAt: seed.publishedAt === undefined ? null : toDate(seed.publishedAt),
    publishedUrl: seed.publishedUrl ?? null,
    externalPostId: status === "published" || status === "scheduled" ? `ext_${seed.id}` : null,
    plan: plannedAt ? placementAt(workspace, platform, plannedAt) : null,
    heldForChannel: seed.heldForChannel ?? false,
    acknowledgedText: null,
    approvedByKeyId: null,
    approvalSource: null,
    rejectionReason: null,
    scan: { flagReasons: [], aiIsmMatches: [], sensitivityReasons: [] },
  };
  // A queued approved item shows its planned time.
  if (status === "pending" && plannedAt && channel && plannedAt > store.clock.now()) {
    item.scheduledAt = plannedAt;
  }
  store.content.set(item.id, item);
  scanItem(store, workspace, item);
  return item;
}

export function toDate(value: Date | string | number): Date {
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a valid date: ${String(value)}`);
  return date;
}
