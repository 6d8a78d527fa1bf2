/** The contract's wire shapes of the model's records (api-v1.md §2). */
import type { ChannelRecord, ContentRecord, KeyRecord, WorkspaceRecord } from "./records.js";
import type { FakeStore } from "./store.js";
import type { BrandRecord } from "./workspace-settings.js";

/**
 * A content item as §2.1 shows it: optional keys absent (never null), the scan arrays always
 * present, `createdBy.email` only for admin-scope callers, and no `contentType`.
 */
export function serializeItem(
  store: FakeStore,
  item: ContentRecord,
  viewer: { adminScope: boolean },
): Record<string, unknown> {
  const workspace = store.workspace(item.workspaceId);
  const channel = store.channelOf(workspace, item.channelId);
  const creator = workspace.members.find((member) => member.userId === item.createdByUserId);
  const createdBy: Record<string, string> = {
    userId: item.createdByUserId,
    fullName: creator?.fullName ?? "Unknown member",
  };
  if (viewer.adminScope && creator) createdBy.email = creator.email;
  const wire: Record<string, unknown> = {
    id: item.id,
    status: item.status,
    platform: item.platform,
    channelId: channel?.id ?? "",
    channelName: channel?.displayName ?? "",
    content: item.content,
    source: item.source,
    createdAt: item.createdAt.toISOString(),
    flagged: item.scan.flagReasons.length > 0,
    sensitive: item.scan.sensitivityReasons.length > 0,
    flagReasons: [...item.scan.flagReasons],
    aiIsmMatches: item.scan.aiIsmMatches.map((match) => ({ ...match })),
    sensitivityReasons: [...item.scan.sensitivityReasons],
    createdBy,
  };
  if (item.sourceUrl !== null) wire.sourceUrl = item.sourceUrl;
  if (item.scheduledAt !== null) wire.scheduledAt = item.scheduledAt.toISOString();
  if (item.publishedAt !== null && item.status === "published") {
    wire.publishedAt = item.publishedAt.toISOString();
  }
  if (item.publishedUrl !== null && item.status === "published")
    wire.publishedUrl = item.publishedUrl;
  return wire;
}

/** A channel (§2.2). `accountType` follows the voice: `personal` for you, `organization` for brand. */
export function serializeChannel(channel: ChannelRecord): Record<string, unknown> {
  return {
    id: channel.id,
    platform: channel.platform,
    provider: channel.provider,
    displayName: channel.displayName,
    handle: channel.handle,
    accountType: channel.voice === "you" ? "personal" : "organization",
    subscriptionTier: channel.subscriptionTier,
    isDefault: channel.isDefault,
    isActive: channel.connected,
    connectedAt: channel.connectedAt.toISOString(),
  };
}

/** A key record (§2.6): never the token, nor any part of it. */
export function serializeKey(key: KeyRecord): Record<string, unknown> {
  const wire: Record<string, unknown> = {
    id: key.id,
    name: key.name,
    scopes: [...key.scopes],
    environment: key.environment,
    status: key.revokedAt === null ? "active" : "revoked",
    createdAt: key.createdAt.toISOString(),
    createdBy: { userId: key.userId },
  };
  if (key.lastUsedAt !== null) wire.lastUsedAt = key.lastUsedAt.toISOString();
  if (key.revokedAt !== null) wire.revokedAt = key.revokedAt.toISOString();
  return wire;
}

/** The v3 brand profile (§2.3): confirmed standing rules only, no retired fields. */
export function serializeBrand(brand: BrandRecord | null): Record<string, unknown> | null {
  if (brand === null) return null;
  const { pieces, target } = brand.voiceConfidence;
  return {
    name: brand.name,
    tagline: brand.tagline,
    motto: brand.motto,
    mission: brand.mission,
    whatWeAre: brand.whatWeAre,
    primaryUrl: brand.primaryUrl,
    aboutYou: structuredClone(brand.aboutYou),
    standingRules: brand.standingRules
      .filter((rule) => rule.state === "confirmed")
      .map(({ name, brief, scope }) => ({ name, brief, scope })),
    voiceConfidence: {
      pieces: { ...pieces },
      target,
      thin: pieces.you < target || pieces.brand < target,
    },
    excludedTopics: [...brand.excludedTopics],
    examples: structuredClone(brand.examples),
  };
}

/** The schedule config (§2.4) with each voice's `approvalMode` resolved against the workspace's. */
export function serializeScheduleConfig(workspace: WorkspaceRecord): Record<string, unknown> {
  const { config } = workspace;
  const voice = (name: "you" | "brand") => ({
    approvalMode: config.voices[name].approvalMode ?? config.approvalMode,
    sensitivityKeywords: [...config.voices[name].sensitivityKeywords],
    aiIsmAllowlist: [...config.voices[name].aiIsmAllowlist],
    principles: config.voices[name].principles.map((principle) => principle.rule),
  });
  return {
    timezone: config.timezone,
    approvalMode: config.approvalMode,
    maxPostsPerDay: config.maxPostsPerDay,
    minHoursBetween: config.minHoursBetween,
    queueBufferDays: config.queueBufferDays,
    sensitivityKeywords: [...config.sensitivityKeywords],
    aiIsmAllowlist: [...config.aiIsmAllowlist],
    principles: config.principles.map((principle) => principle.rule),
    voices: { you: voice("you"), brand: voice("brand") },
  };
}

/** A workspace's generation quota, as GET /stats reports it in `usage`. */
export function serializeUsage({ quota }: WorkspaceRecord) {
  const { used, limit, plan, periodEnd } = quota;
  return { current: used, limit, plan, periodEnd: periodEnd.toISOString() };
}
