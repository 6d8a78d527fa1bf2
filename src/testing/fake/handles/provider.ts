/**
 * The publishing provider behind the fake: it accepts or rejects schedules, publishes due items
 * on `tick()`, and cancels external posts. Tests drive it directly.
 */
import { hasTitles } from "../model/build-workspace.js";
import type { ContentRecord } from "../model/records.js";
import type { FakeStore } from "../model/store.js";

/** One post the provider put live. */
export interface Publication {
  /** The published item. */
  itemId: string;
  /** The channel it went out on. */
  channelId: string;
  /** The item's platform when it went out. */
  platform: string;
  /** The title it went out with on long-form platforms (`Untitled` when none was given). */
  title: string | null;
  /** The text that went out. */
  content: string;
  /** When it went live (the fake's clock). */
  publishedAt: Date;
  /** The live post's URL; `null` when the provider gives none. */
  publishedUrl: string | null;
}

/** Controls of the fake publishing provider (`service.provider`). */
export interface FakeProviderControls {
  /**
   * Publishes every due item: scheduled items whose time has come or that asked for
   * `publishNow`, and approved items queued at a planned time that has come.
   * @returns the ids of the items published by this tick.
   */
  tick(): string[];
  /** Makes the next `times` schedules (default: every one until `acceptSchedules`) fail with 502 `publish_failed`. */
  rejectSchedules(options?: { times?: number }): void;
  /** Accepts schedules again. */
  acceptSchedules(): void;
  /** Whether published items get a `publishedUrl` (default true). */
  givesPublishedUrls: boolean;
  /** Every post published so far, oldest first. */
  readonly publications: readonly Publication[];
  /** Ids of items whose scheduled external post was cancelled (by a delete or a reject). */
  readonly cancellations: readonly string[];
}

export class FakeProvider implements FakeProviderControls {
  givesPublishedUrls = true;
  readonly publications: Publication[] = [];
  readonly cancellations: string[] = [];
  #rejectionsLeft = 0;
  #postCounter = 1000;

  readonly #store: FakeStore;

  constructor(store: FakeStore) {
    this.#store = store;
  }

  rejectSchedules(options: { times?: number } = {}): void {
    const times = options.times ?? Number.POSITIVE_INFINITY;
    if (!(times > 0))
      throw new RangeError("provider.rejectSchedules: times must be a positive number");
    this.#rejectionsLeft = times;
  }

  acceptSchedules(): void {
    this.#rejectionsLeft = 0;
  }

  /** Whether this schedule is rejected; uses up one rejection. */
  takeRejection(): boolean {
    if (this.#rejectionsLeft <= 0) return false;
    this.#rejectionsLeft -= 1;
    return true;
  }

  /** Gives a scheduled item the id of its post at the provider. */
  registerSchedule(item: ContentRecord): void {
    this.#postCounter += 1;
    item.externalPostId = `ext_${this.#postCounter}`;
  }

  /** Best effort: forgets the external post of a scheduled item. */
  cancelExternal(item: ContentRecord): void {
    if (item.externalPostId === null) return;
    this.cancellations.push(item.id);
    item.externalPostId = null;
  }

  tick(): string[] {
    const now = this.#store.clock.now();
    const published: string[] = [];
    const due = [...this.#store.content.values()]
      .filter((item) => isDue(item, now))
      .sort((a, b) => a.seq - b.seq);
    for (const item of due) {
      const workspace = this.#store.workspace(item.workspaceId);
      const channel = this.#store.channelOf(workspace, item.channelId);
      if (!channel?.connected) {
        item.status = "failed";
        item.scheduledAt = null;
        this.#store.markWritten();
        continue;
      }
      this.#postCounter += 1;
      const title = hasTitles(item.platform) ? (item.title ?? "Untitled") : null;
      const url = this.givesPublishedUrls
        ? urlOf(item.platform, channel.handle, title, this.#postCounter)
        : null;
      item.status = "published";
      item.publishNow = false;
      item.publishedAt = now;
      item.publishedUrl = url;
      item.externalPostId ??= `ext_${this.#postCounter}`;
      this.publications.push({
        itemId: item.id,
        channelId: channel.id,
        platform: item.platform,
        title,
        content: item.content,
        publishedAt: now,
        publishedUrl: url,
      });
      this.#store.markWritten();
      published.push(item.id);
    }
    return published;
  }
}

function isDue(item: ContentRecord, now: Date): boolean {
  if (item.status === "scheduled")
    return item.publishNow || (item.scheduledAt !== null && item.scheduledAt <= now);
  return item.status === "pending" && item.scheduledAt !== null && item.scheduledAt <= now;
}

function slug(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "untitled"
  );
}

function urlOf(platform: string, handle: string, title: string | null, postNumber: number): string {
  const name = handle.replace(/^@/, "");
  if (platform === "x") return `https://x.com/${name}/status/${postNumber}`;
  if (platform === "linkedin")
    return `https://www.linkedin.com/feed/update/urn:li:activity:${postNumber}`;
  if (title !== null) return `https://${platform}.com/@${name}/${slug(title)}-${postNumber}`;
  return `https://${platform}.example/${name}/${postNumber}`;
}
