/**
 * A seed turned into a model: the store and what `service.defaults` and
 * `service.otherWorkspace` report of it. Built whole before a service adopts it, so a seed the
 * model refuses (an item on an unknown channel, an id seeded twice) leaves the service as it was.
 */
import type { FakeClock } from "../handles/clock.js";
import { DEFAULT_AI_ISM_PATTERNS } from "./ai-ism-patterns.js";
import { addSeededWorkspace, mergeWorkspaceSeed } from "./build-workspace.js";
import { defaultMainWorkspace, defaultOtherWorkspace } from "./default-seed.js";
import type { WorkspaceRecord } from "./records.js";
import type { FakeServiceSeed } from "./seed.js";
import { FakeStore } from "./store.js";

/** Where the msw handlers answer unless told otherwise. */
export const DEFAULT_BASE_URL = "https://api.postline.test";

/** What a test needs to point a client at the main workspace. */
export interface FakeDefaults {
  /** An admin-scope test token of the workspace owner. */
  apiKey: string;
  /** Where the msw handlers answer by default. */
  baseURL: string;
  /** The workspace's connected channels (x, x, linkedin and medium in the default seed). */
  channelIds: string[];
}

/** The second workspace of the default seed, for cross-workspace tests. */
export interface OtherWorkspaceDefaults {
  /** The second workspace's id. */
  workspaceId: string;
  /** An admin-scope test token of its owner. */
  apiKey: string;
  /** Its connected channels. */
  channelIds: string[];
  /** Its content items (a foreign id answers 404 to the main workspace). */
  contentIds: string[];
}

/** A built model and the defaults a test reads of it. */
export interface SeededModel {
  readonly store: FakeStore;
  readonly mainWorkspaceId: string;
  readonly defaults: FakeDefaults;
  readonly otherWorkspace: OtherWorkspaceDefaults | undefined;
}

/**
 * Builds the model of `seed` on `clock`.
 * @param keptTokens - tokens to keep by key id (see `FakeStore`).
 */
export function buildSeededModel(
  seed: FakeServiceSeed,
  clock: FakeClock,
  keptTokens: ReadonlyMap<string, string> = new Map(),
): SeededModel {
  const store = new FakeStore(clock, seed.aiIsmPatterns ?? DEFAULT_AI_ISM_PATTERNS, keptTokens);
  const firstKeyToken = (workspaceId: string) =>
    [...store.keys.values()].find(
      (key) => key.workspaceId === workspaceId && key.revokedAt === null,
    )?.token ?? "";
  const now = clock.now();
  const main = addSeededWorkspace(
    store,
    mergeWorkspaceSeed(defaultMainWorkspace(now), seed.workspace ?? {}),
  );
  let otherWorkspace: OtherWorkspaceDefaults | undefined;
  if (seed.otherWorkspace !== false) {
    const other = addSeededWorkspace(
      store,
      mergeWorkspaceSeed(defaultOtherWorkspace(now), seed.otherWorkspace ?? {}),
    );
    otherWorkspace = {
      workspaceId: other.id,
      apiKey: firstKeyToken(other.id),
      channelIds: connectedChannelIds(other),
      contentIds: store.itemsOf(other.id).map((item) => item.id),
    };
  }
  for (const extra of seed.workspaces ?? []) addSeededWorkspace(store, extra);
  return {
    store,
    mainWorkspaceId: main.id,
    otherWorkspace,
    defaults: {
      apiKey: firstKeyToken(main.id),
      baseURL: (seed.baseURL ?? DEFAULT_BASE_URL).replace(/\/+$/, ""),
      channelIds: connectedChannelIds(main),
    },
  };
}

function connectedChannelIds(workspace: WorkspaceRecord): string[] {
  return workspace.channels.filter((channel) => channel.connected).map((channel) => channel.id);
}
