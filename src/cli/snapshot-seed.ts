/**
 * Turns what a workspace answers (channels, brand, schedule, items, keys, stats) into a seed
 * `postline fake --seed` takes, without a token: the keys become new test keys, whose tokens the
 * fake makes when it starts and prints.
 */
import { KEY_SCOPES } from "../schemas/index.js";
import type { FakeSeedJson } from "../testing/tooling/control/connect-fake.js";

type Wire = Record<string, any>;
type WorkspaceJson = Exclude<NonNullable<FakeSeedJson["workspace"]>, false>;

/** What the snapshot read. */
export interface SnapshotReads {
  channels: readonly Wire[];
  brand: Wire | null;
  schedule: Wire;
  items: readonly Wire[];
  /** `undefined` when the key may not list keys. */
  keys: readonly Wire[] | undefined;
  stats: Wire | undefined;
}

const isKeyScope = (scope: string): scope is (typeof KEY_SCOPES)[number] =>
  (KEY_SCOPES as readonly string[]).includes(scope);
const text = (value: unknown, fallback = "") => (typeof value === "string" ? value : fallback);
const strings = (value: unknown) =>
  Array.isArray(value) ? value.filter((entry) => typeof entry === "string") : [];
/** The fields of `source` among `names` that hold a `type`, in the order of `names`. */
const fieldsOf = <Type extends "string" | "number">(source: Wire, type: Type, names: string[]) =>
  Object.fromEntries(
    names.filter((name) => typeof source[name] === type).map((name) => [name, source[name]]),
  ) as Record<string, Type extends "string" ? string : number>;

/** Letters and digits to `x`, spaces and length kept: caps and scans see the same shape. */
function redactText(value: string): string {
  return value.replace(/[^\s]/gu, "x");
}

/** The seed of a snapshot; `redact` blanks the items' text. */
export function snapshotSeed(reads: SnapshotReads, { redact }: { redact: boolean }): FakeSeedJson {
  const members = new Map<string, { userId: string; fullName?: string; email?: string }>();
  // A key's `createdBy` may carry the id alone, and an item's the name and (to an admin key)
  // the email: each sighting fills in what the earlier ones lacked.
  const noteMember = (createdBy: Wire | undefined) => {
    const userId = text(createdBy?.userId);
    if (userId === "") return;
    const member = members.get(userId) ?? { userId };
    if (member.fullName === undefined && typeof createdBy?.fullName === "string")
      member.fullName = createdBy.fullName;
    if (member.email === undefined && typeof createdBy?.email === "string")
      member.email = createdBy.email;
    members.set(userId, member);
  };
  const keys = (reads.keys ?? []).map((key) => {
    noteMember(key.createdBy);
    return {
      id: text(key.id),
      userId: text(key.createdBy?.userId, "usr_snapshot"),
      scopes: strings(key.scopes).filter(isKeyScope),
      name: text(key.name, text(key.id)),
      environment: "test" as const,
      ...(key.status === "revoked" ? { revoked: true } : {}),
    };
  });
  if (!keys.some((key) => key.revoked !== true && key.scopes.includes("admin"))) {
    keys.push({
      id: "key_snapshot_admin",
      userId: [...members.keys()][0] ?? "usr_snapshot",
      scopes: ["admin"],
      name: "Snapshot admin",
      environment: "test",
    });
  }
  for (const item of reads.items) noteMember(item.createdBy);
  for (const key of keys)
    if (!members.has(key.userId)) members.set(key.userId, { userId: key.userId });
  // Roles are not on the wire: the first member owns the workspace, the others are admins.
  const memberSeeds = [...members.values()].map((member, index) => ({
    ...member,
    role: index === 0 ? ("owner" as const) : ("admin" as const),
  }));
  const workspace: WorkspaceJson = {
    ...(reads.brand?.name ? { name: text(reads.brand.name) } : {}),
    members: memberSeeds,
    channels: reads.channels.map(channelSeed),
    keys,
    content: reads.items.map((item) => itemSeed(item, { redact })),
    brand: reads.brand === null ? null : brandSeed(reads.brand),
    config: configSeed(reads.schedule.config ?? {}),
    slots: (reads.schedule.slots ?? []).map(slotSeed),
  };
  const quota = quotaSeed(reads.stats?.usage);
  if (quota) workspace.quota = quota;
  return {
    $schema: "./node_modules/@postline/sdk/dist/fake-seed.schema.json",
    workspace,
    otherWorkspace: false,
  };
}

function channelSeed(channel: Wire) {
  return {
    id: text(channel.id),
    platform: text(channel.platform, "x"),
    displayName: text(channel.displayName),
    handle: text(channel.handle),
    voice: channel.accountType === "personal" ? ("you" as const) : ("brand" as const),
    provider: text(channel.provider, text(channel.platform)),
    subscriptionTier: text(channel.subscriptionTier, "free"),
    isDefault: channel.isDefault === true,
    connected: channel.isActive !== false,
    ...fieldsOf(channel, "string", ["connectedAt"]),
  };
}

function itemSeed(item: Wire, { redact }: { redact: boolean }) {
  const channelId = text(item.channelId) || null;
  const content = text(item.content);
  const title = typeof item.title === "string" ? item.title : undefined;
  return {
    id: text(item.id),
    content: redact ? redactText(content) : content,
    channelId,
    ...(channelId === null ? { platform: text(item.platform, "x") } : {}),
    ...fieldsOf(item, "string", ["status", "source"]),
    ...(title === undefined ? {} : { title: redact ? redactText(title) : title }),
    ...fieldsOf(item, "string", ["createdAt"]),
    ...(typeof item.createdBy?.userId === "string"
      ? { createdByUserId: item.createdBy.userId as string }
      : {}),
    ...fieldsOf(item, "string", ["sourceUrl", "scheduledAt", "publishedAt", "publishedUrl"]),
  };
}

function brandSeed(brand: Wire) {
  const half = (value: Wire | undefined) => ({
    facts: strings(value?.facts),
    inYourWords: text(value?.inYourWords),
  });
  const about = brand.aboutYou ?? {};
  return {
    name: text(brand.name),
    tagline: text(brand.tagline),
    motto: text(brand.motto),
    mission: text(brand.mission),
    whatWeAre: text(brand.whatWeAre),
    primaryUrl: text(brand.primaryUrl),
    aboutYou: { ...half(about), you: half(about.you), brand: half(about.brand) },
    // Only confirmed rules are served, so every rule read is one.
    standingRules: (brand.standingRules ?? []).map((rule: Wire) => ({
      name: text(rule.name),
      brief: text(rule.brief),
      scope: ["global", "you", "brand"].includes(rule.scope) ? rule.scope : "global",
      state: "confirmed" as const,
    })),
    voiceConfidence: {
      pieces: {
        you: Number(brand.voiceConfidence?.pieces?.you ?? 0),
        brand: Number(brand.voiceConfidence?.pieces?.brand ?? 0),
      },
      target: Number(brand.voiceConfidence?.target ?? 0),
    },
    excludedTopics: strings(brand.excludedTopics),
    examples: (brand.examples ?? []).map((example: Wire) => ({
      voice: example.voice === "you" ? ("you" as const) : ("brand" as const),
      text: text(example.text),
    })),
  };
}

function configSeed(config: Wire) {
  const principles = (value: unknown) =>
    strings(value).map((rule) => ({ rule, triggers: [] as string[] }));
  const mode = (value: unknown) =>
    value === "manual" || value === "auto" ? (value as "manual" | "auto") : undefined;
  const voice = (value: Wire | undefined) => ({
    ...(mode(value?.approvalMode) ? { approvalMode: mode(value?.approvalMode) } : {}),
    sensitivityKeywords: strings(value?.sensitivityKeywords),
    aiIsmAllowlist: strings(value?.aiIsmAllowlist),
    principles: principles(value?.principles),
  });
  return {
    ...fieldsOf(config, "string", ["timezone"]),
    ...(mode(config.approvalMode) ? { approvalMode: mode(config.approvalMode) } : {}),
    ...fieldsOf(config, "number", ["maxPostsPerDay", "minHoursBetween", "queueBufferDays"]),
    sensitivityKeywords: strings(config.sensitivityKeywords),
    aiIsmAllowlist: strings(config.aiIsmAllowlist),
    principles: principles(config.principles),
    voices: { you: voice(config.voices?.you), brand: voice(config.voices?.brand) },
  };
}

function slotSeed(slot: Wire) {
  return {
    id: text(slot.id),
    dayOfWeek: Number(slot.dayOfWeek ?? 0),
    timeOfDay: text(slot.timeOfDay, "09:00"),
    platform: text(slot.platform),
    contentType: text(slot.contentType, "post"),
    topicCategory: text(slot.topicCategory),
    recurrenceType: slot.recurrenceType === "monthly" ? ("monthly" as const) : ("weekly" as const),
    weekOfMonth: typeof slot.weekOfMonth === "number" ? slot.weekOfMonth : null,
    enabled: slot.enabled !== false,
  };
}

function quotaSeed(usage: Wire | undefined) {
  if (!usage) return undefined;
  return {
    ...fieldsOf(usage, "string", ["plan"]),
    ...(typeof usage.limit === "number" || usage.limit === null ? { limit: usage.limit } : {}),
    ...(typeof usage.current === "number" ? { used: usage.current } : {}),
    ...fieldsOf(usage, "string", ["periodEnd"]),
  };
}
