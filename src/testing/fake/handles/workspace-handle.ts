/** Test controls of one workspace (`service.workspace(id)`): change its state the way the service's own UI or billing would. */
import type { KeyScope } from "../../../schemas/index.js";
import {
  addSeededItem,
  addSeededKey,
  channelRecord,
  configRecord,
  memberRecord,
  mergeConfigSeed,
  toDate,
} from "../model/build-workspace.js";
import type { ChannelRecord, WorkspaceRecord } from "../model/records.js";
import type {
  ChannelSeed,
  ContentSeed,
  MemberSeed,
  QuotaSeed,
  ScheduleConfigSeed,
} from "../model/seed.js";
import { serializeChannel, serializeItem, serializeUsage } from "../model/serialize.js";
import type { FakeStore } from "../model/store.js";
import type { BrandRecord, Role, WorkspaceState } from "../model/workspace-settings.js";
import { weekPlanEntries, weekStartOf } from "../rules/plan.js";
import { newestFirst } from "../rules/reads.js";
import { scanItem } from "../rules/scans.js";

/** Options of {@link WorkspaceHandle.addKey}. */
export interface AddKeyOptions {
  /** Default `["admin"]`. */
  scopes?: KeyScope[];
  /** Whose key it is, by role: the first member with it (`"left"`: a member who left). Default `owner`. */
  role?: Role | "left";
  /** Whose key it is, by user id (wins over `role`). */
  userId?: string;
  /** Shown by `GET /keys`; `Test key` when absent. */
  name?: string;
  /** A `live` token never resolves in the fake (401 `invalid_api_key`). */
  environment?: "test" | "live";
  /** Add it already revoked. */
  revoked?: boolean;
}

/** A key a test created: its id and the bearer token to send. */
export interface AddedKey {
  /** What `keys.get(id)` and `keys.revoke(id)` take; never the token. */
  id: string;
  /** The secret to send (`apiKey`, or `Authorization: Bearer <token>`). */
  token: string;
  /** The member who owns it. */
  userId: string;
}

/**
 * Test controls of one workspace, from `service.workspace(id)`: change its state the way the
 * service's own UI or billing would, and read what the model holds.
 *
 * @example
 * ```ts
 * const acme = service.workspace();
 * acme.disconnectChannel("ch_x_acme");
 * acme.setQuota({ limit: 1, used: 1 });
 * ```
 */
export class WorkspaceHandle {
  readonly #store: FakeStore;
  readonly #record: WorkspaceRecord;

  constructor(store: FakeStore, record: WorkspaceRecord) {
    this.#store = store;
    this.#record = record;
  }

  /** The id `service.workspace(id)` takes, and the `workspaceId` of its keys in the overview. */
  get id(): string {
    return this.#record.id;
  }

  /** Adds a key; creates a member of the wanted role when the workspace has none. */
  addKey(options: AddKeyOptions = {}): AddedKey {
    const role = options.role ?? "owner";
    let member = options.userId
      ? this.#record.members.find((candidate) => candidate.userId === options.userId)
      : this.#record.members.find((candidate) =>
          role === "left" ? candidate.left : candidate.role === role && !candidate.left,
        );
    if (!member) {
      const userId = options.userId ?? this.#store.nextId(`usr_${role}`);
      member = memberRecord({
        userId,
        fullName: `Test ${role}`,
        role: role === "left" ? "member" : role,
        left: role === "left",
      });
      this.#record.members.push(member);
    }
    const key = addSeededKey(this.#store, this.#record, {
      id: this.#store.nextId("key"),
      userId: member.userId,
      scopes: options.scopes ?? ["admin"],
      name: options.name ?? "Test key",
      environment: options.environment ?? "test",
      revoked: options.revoked ?? false,
    });
    return { id: key.id, token: key.token, userId: member.userId };
  }

  /** The workspace's keys that are not revoked, with their tokens (a test's to send). */
  keys(): AddedKey[] {
    return [...this.#store.keys.values()]
      .filter((key) => key.workspaceId === this.#record.id && key.revokedAt === null)
      .map((key) => ({ id: key.id, token: key.token, userId: key.userId }));
  }

  /** Adds a member (or a member who left). */
  addMember(seed: MemberSeed): void {
    this.#record.members.push(memberRecord(seed));
  }

  /** Marks a member as having left: their keys answer 401 `invalid_api_key`. */
  memberLeaves(userId: string): void {
    const member = this.#record.members.find((candidate) => candidate.userId === userId);
    if (!member) throw new Error(`No member ${userId} in ${this.#record.id}`);
    member.left = true;
  }

  /** Adds a channel and returns it as GET /channels shows it. */
  addChannel(seed: ChannelSeed): Record<string, unknown> {
    const channel = channelRecord(seed, this.#store.clock.now());
    this.#record.channels.push(channel);
    return serializeChannel(channel);
  }

  /** Connects a channel of this workspace (a create or schedule may target it again). */
  connectChannel(channelId: string): void {
    this.#channel(channelId).connected = true;
  }

  /** Disconnects a channel of this workspace (creates and schedules on it are refused). */
  disconnectChannel(channelId: string): void {
    this.#channel(channelId).connected = false;
  }

  /**
   * Connects or disconnects a channel.
   * @deprecated Use {@link WorkspaceHandle.connectChannel} or
   * {@link WorkspaceHandle.disconnectChannel}, which say what they do at the call.
   */
  setChannelConnected(channelId: string, connected: boolean): void {
    this.#channel(channelId).connected = connected;
  }

  #channel(channelId: string): ChannelRecord {
    const channel = this.#store.channelOf(this.#record, channelId);
    if (!channel) throw new Error(`No channel ${channelId} in ${this.#record.id}`);
    return channel;
  }

  /** Adds a content item (for example one a planning run made) and returns its wire shape. */
  addItem(seed: ContentSeed): Record<string, unknown> {
    const item = addSeededItem(this.#store, this.#record, seed);
    return serializeItem(this.#store, item, { adminScope: true });
  }

  /** An item of this workspace as an admin-scope key sees it, or undefined. */
  item(id: string): Record<string, unknown> | undefined {
    const item = this.#store.itemOf(this.#record, id);
    return item ? serializeItem(this.#store, item, { adminScope: true }) : undefined;
  }

  /** Every item of this workspace, newest first. */
  items(): Record<string, unknown>[] {
    return this.#store
      .itemsOf(this.#record.id)
      .sort(newestFirst)
      .map((item) => serializeItem(this.#store, item, { adminScope: true }));
  }

  /** Changes the generation quota (merged into the current one). */
  setQuota(quota: QuotaSeed): void {
    const current = this.#record.quota;
    if (quota.plan !== undefined) current.plan = quota.plan;
    if (quota.limit !== undefined) current.limit = quota.limit;
    if (quota.used !== undefined) current.used = quota.used;
    if (quota.periodEnd !== undefined) current.periodEnd = toDate(quota.periodEnd);
    if (quota.capacityUnknown !== undefined) current.capacityUnknown = quota.capacityUnknown;
  }

  /** The generation quota as GET /stats reports it in `usage`. */
  quota(): {
    /** Credits used this period. */
    current: number;
    /** The period's credits; `null` when unlimited. */
    limit: number | null;
    /** The plan's name. */
    plan: string;
    /** When the quota resets (ISO-8601 UTC). */
    periodEnd: string;
  } {
    return serializeUsage(this.#record);
  }

  /** Puts the workspace in a state: `subscription_inactive` (402), `suspended` (403), `gone` (404). */
  setState(state: WorkspaceState): void {
    this.#record.state = state;
  }

  /** Sets the URL credits for `x` posts with links. */
  setUrlCredits(credits: number): void {
    this.#record.urlCredits = credits;
  }

  /** URL credits left for `x` posts with links. */
  get urlCredits(): number {
    return this.#record.urlCredits;
  }

  /** Replaces the brand profile (`null`: before onboarding). */
  setBrand(brand: BrandRecord | null): void {
    this.#record.brand = brand === null ? null : structuredClone(brand);
  }

  /**
   * Changes the schedule config (allowlists, keywords, principles, approval modes), merged into
   * the current one. Saved items keep their annotations until edited (scans run on save).
   */
  configure(config: ScheduleConfigSeed): void {
    this.#record.config = configRecord(mergeConfigSeed(this.#record.config, config));
  }

  /** Re-runs the scans of every item (as if each were saved again). */
  rescanAll(): void {
    for (const item of this.#store.itemsOf(this.#record.id))
      scanItem(this.#store, this.#record, item);
  }

  /** This week's plan: the approved items placed in it, and the week's target (enabled slots). */
  plan(): {
    /** Monday 00:00 UTC of this week. */
    weekStart: string;
    /** The week's posting target: its enabled slots. */
    target: number;
    /** The placed items, earliest first. */
    entries: {
      /** The item. */
      itemId: string;
      /** The slot it takes (`slot_adhoc` for a time no slot has). */
      slotId: string;
      /** When it is planned (ISO-8601 UTC). */
      plannedAt: string;
    }[];
  } {
    const now = this.#store.clock.now();
    return {
      weekStart: weekStartOf(now).toISOString(),
      target: this.#record.slots.filter((slot) => slot.enabled).length,
      entries: weekPlanEntries(this.#store, this.#record, now)
        .sort((a, b) => (a.plan?.plannedAt.getTime() ?? 0) - (b.plan?.plannedAt.getTime() ?? 0))
        .map((item) => ({
          itemId: item.id,
          slotId: item.plan?.slotId ?? "",
          plannedAt: item.plan?.plannedAt.toISOString() ?? "",
        })),
    };
  }
}
