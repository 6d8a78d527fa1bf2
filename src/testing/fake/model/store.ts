/**
 * The model's state: workspaces, keys and content, plus the counters that make ids and list
 * order deterministic. Rules read and change it; `writes` counts changes so the request log can
 * tell whether a request was applied.
 */
import type { FakeClock } from "../handles/clock.js";
import type { AiIsmPattern } from "./ai-ism-patterns.js";
import type { ChannelRecord, ContentRecord, KeyRecord, WorkspaceRecord } from "./records.js";

export class FakeStore {
  readonly workspaces = new Map<string, WorkspaceRecord>();
  readonly keys = new Map<string, KeyRecord>();
  readonly content = new Map<string, ContentRecord>();
  aiIsmPatterns: AiIsmPattern[];
  /** Incremented by every change, so a request can be told apart as applied or not. */
  writes = 0;
  #seq = 0;
  readonly #idCounters = new Map<string, number>();

  /**
   * @param keptTokens - tokens of an earlier store by key id: a key seeded again under the same id
   *   and environment without a token of its own keeps its token, so a reset fake's clients keep
   *   working.
   */
  constructor(
    readonly clock: FakeClock,
    aiIsmPatterns: readonly AiIsmPattern[],
    readonly keptTokens: ReadonlyMap<string, string> = new Map(),
  ) {
    this.aiIsmPatterns = [...aiIsmPatterns];
  }

  /** Marks that the current request changed the model. */
  markWritten(): void {
    this.writes++;
  }

  nextSeq(): number {
    this.#seq += 1;
    return this.#seq;
  }

  /** A fresh, readable id such as `cnt_000007`. */
  nextId(prefix: string): string {
    const next = (this.#idCounters.get(prefix) ?? 0) + 1;
    this.#idCounters.set(prefix, next);
    let id = `${prefix}_${String(next).padStart(6, "0")}`;
    while (this.content.has(id) || this.keys.has(id)) id = `${id}x`;
    return id;
  }

  workspace(id: string): WorkspaceRecord {
    const workspace = this.workspaces.get(id);
    if (!workspace) throw new Error(`No workspace ${id} in the fake`);
    return workspace;
  }

  /**
   * A channel of this workspace, or undefined (another workspace's channel is not found, nor is
   * any for the `null` of an item without a channel).
   */
  channelOf(workspace: WorkspaceRecord, channelId: string | null): ChannelRecord | undefined {
    return workspace.channels.find((channel) => channel.id === channelId);
  }

  /** An item of this workspace, or undefined (another workspace's item is not found). */
  itemOf(workspace: WorkspaceRecord, itemId: string): ContentRecord | undefined {
    const item = this.content.get(itemId);
    return item && item.workspaceId === workspace.id ? item : undefined;
  }

  itemsOf(workspaceId: string): ContentRecord[] {
    return [...this.content.values()].filter((item) => item.workspaceId === workspaceId);
  }
}
