/**
 * The fake at a glance, for the watch page of `postline fake` (`/fake/state`) and for tests:
 * each workspace's items by status, each key's rate windows, and counts of the request log.
 * Never a token: keys are named by their id and name.
 */
import { RATE_LIMITS } from "../../../contract/rate-limits.js";
import { CONTENT_STATUSES } from "../../../schemas/index.js";
import type { RecordedRequest } from "../../fake/handles/request-log.js";
import type { ContentRecord } from "../../fake/model/records.js";
import type { FakeStore } from "../../fake/model/store.js";
import type { RateLimiter } from "../../fake/rules/limits.js";
import { DISCOVERY_LIMIT } from "../../hosted-mcp/protocol.js";

/** One rolling minute of a rate limit (api-v1.md §8). */
export interface FakeRateWindow {
  /** What it counts: `creates` (POST /content and the two create tools) or `requests` (the rest). */
  readonly counts: "creates" | "requests";
  /** Requests it admits per rolling minute. */
  readonly limit: number;
  /** Requests counted in the last minute. */
  readonly used: number;
  /** When the oldest counted request leaves the window (ISO-8601); `null` when none is counted. */
  readonly resetsAt: string | null;
}

/** The fake at one moment. */
export interface FakeOverview {
  /** The model's clock (ISO-8601). */
  readonly now: string;
  /** Each workspace with its items counted by status (every known status, zeros included). */
  readonly workspaces: readonly {
    /** The id `service.workspace(id)` takes. */
    readonly id: string;
    /** Its display name, as seeded. */
    readonly name: string;
    /** `active`, `suspended`, ... */
    readonly state: string;
    /** Items per status, e.g. `{ draft: 3, pending: 1, ... }`. */
    readonly itemsByStatus: Readonly<Record<string, number>>;
    /** Its items in every status: the sum of `itemsByStatus`. */
    readonly total: number;
    /** Items approved (or further on) with an AI-ism acknowledgment of their current text. */
    readonly acknowledgedItems: readonly {
      /** The content id, as `content.get(id)` takes it. */
      readonly id: string;
      /** Its status now. */
      readonly status: string;
    }[];
    /**
     * Items approved (or further on) whose latest approval or schedule a person made in the MCP
     * review card (its writes say so with the `x-postline-approval-source` header).
     */
    readonly approvedInReviewCard: readonly {
      /** The content id, as `content.get(id)` takes it. */
      readonly id: string;
      /** Its status now. */
      readonly status: string;
    }[];
  }[];
  /** Each key (revoked ones too) with its two windows. */
  readonly keys: readonly {
    /** The key id, as `keys.get(id)` takes it. */
    readonly id: string;
    /** Its name (never its token). */
    readonly name: string;
    /** The workspace it belongs to. */
    readonly workspaceId: string;
    /** What it may call: `read`, `write` and/or `admin`. */
    readonly scopes: readonly string[];
    /** Whether it has been revoked. */
    readonly revoked: boolean;
    /** Its `requests` window (60) and its `creates` window (10). */
    readonly windows: readonly FakeRateWindow[];
  }[];
  /** Per-address windows in use: unauthenticated requests (200) and MCP discovery calls (60). */
  readonly addresses: readonly {
    /** The caller's address. */
    readonly address: string;
    /** What the window counts. */
    readonly counts: "unauthenticated" | "mcp-discovery";
    /** Requests it admits per rolling minute. */
    readonly limit: number;
    /** Requests counted in the last minute. */
    readonly used: number;
    /** When the oldest counted request leaves the window (ISO-8601). */
    readonly resetsAt: string;
  }[];
  /** Counts over the request log. */
  readonly requests: {
    /** Requests in the log. */
    readonly total: number;
    /** By HTTP status, e.g. `{ "200": 12, "429": 3 }`. */
    readonly byStatus: Readonly<Record<string, number>>;
    /** Refused with `rate_limited`, over REST (429) or MCP (a JSON-RPC error). */
    readonly rateLimited: number;
    /** Dropped or refused connections (injected faults). */
    readonly failedConnections: number;
  };
}

/** Statuses of items nobody approved (or no longer approved). */
const UNAPPROVED: ReadonlySet<string> = new Set(["draft", "cancelled"]);

/** Builds the overview from the model, its rate limiter and its request log. */
export function buildOverview(
  store: FakeStore,
  limiter: RateLimiter,
  log: readonly RecordedRequest[],
): FakeOverview {
  const nowMs = store.clock.now().getTime();
  const usage = limiter.usage(nowMs);
  const window = (bucket: string, counts: FakeRateWindow["counts"]): FakeRateWindow => {
    const used = usage.get(bucket);
    const limit = counts === "creates" ? RATE_LIMITS.create : RATE_LIMITS.other;
    return {
      counts,
      limit,
      used: used?.used ?? 0,
      resetsAt: used ? new Date(used.resetsAtMs).toISOString() : null,
    };
  };
  return {
    now: new Date(nowMs).toISOString(),
    workspaces: [...store.workspaces.values()].map((workspace) => {
      const items = store.itemsOf(workspace.id);
      const itemsByStatus: Record<string, number> = Object.fromEntries(
        CONTENT_STATUSES.map((status) => [status, 0]),
      );
      for (const item of items) itemsByStatus[item.status] = (itemsByStatus[item.status] ?? 0) + 1;
      const { id, name, state } = workspace;
      const approvedWhere = (test: (item: ContentRecord) => boolean) =>
        items
          .filter((item) => !UNAPPROVED.has(item.status) && test(item))
          .map((item) => ({ id: item.id, status: String(item.status) }));
      return {
        id,
        name,
        state: String(state),
        itemsByStatus,
        total: items.length,
        acknowledgedItems: approvedWhere((item) => item.acknowledgedText === item.content),
        approvedInReviewCard: approvedWhere((item) => item.approvalSource === "review-card"),
      };
    }),
    keys: [...store.keys.values()].map((key) => ({
      id: key.id,
      name: key.name,
      workspaceId: key.workspaceId,
      scopes: [...key.scopes],
      revoked: key.revokedAt !== null,
      windows: [
        window(`key:${key.id}:other`, "requests"),
        window(`key:${key.id}:create`, "creates"),
      ],
    })),
    addresses: [...usage].flatMap(([bucket, used]) => {
      const [kind, ...rest] = bucket.split(":");
      const counts =
        kind === "address" ? "unauthenticated" : kind === "mcp-discovery" ? "mcp-discovery" : null;
      if (counts === null) return [];
      const limit = counts === "unauthenticated" ? RATE_LIMITS.address : DISCOVERY_LIMIT;
      const resetsAt = new Date(used.resetsAtMs).toISOString();
      return [{ address: rest.join(":"), counts, limit, used: used.used, resetsAt }];
    }),
    requests: countRequests(log),
  };
}

function countRequests(log: readonly RecordedRequest[]): FakeOverview["requests"] {
  const byStatus: Record<string, number> = {};
  let rateLimited = 0;
  let failedConnections = 0;
  for (const entry of log) {
    if (entry.outcome !== "response") failedConnections++;
    // A request still being answered has no status yet.
    else if (entry.status !== null) byStatus[entry.status] = (byStatus[entry.status] ?? 0) + 1;
    if (entry.errorCode === "rate_limited") rateLimited++;
  }
  return { total: log.length, byStatus, rateLimited, failedConnections };
}
