/**
 * The read routes (api-v1.md §4): GET /content (filters and cursor pagination), GET
 * /content/:id, /channels, /brand, /schedule and /stats.
 */
import { z } from "zod";
import { CONTENT_SOURCES, CONTENT_STATUSES } from "../../../schemas/index.js";
import { invalidParam, jsonResponse } from "../http/fake-response.js";
import type { RouteContext } from "../http/route-context.js";
import type { ContentRecord } from "../model/records.js";
import {
  serializeBrand,
  serializeChannel,
  serializeItem,
  serializeScheduleConfig,
  serializeUsage,
} from "../model/serialize.js";
import { enumQuery, integerQuery } from "./input.js";
import { itemOrNotFound } from "./lifecycle.js";

const DAY_MS = 86_400_000;

/** Newest first; creation order breaks ties between equal timestamps. */
export function newestFirst(a: ContentRecord, b: ContentRecord): number {
  return b.createdAt.getTime() - a.createdAt.getTime() || b.seq - a.seq;
}

/** An opaque cursor: the position after the last item of a page. */
function encodeCursor(item: ContentRecord): string {
  return btoa(JSON.stringify({ t: item.createdAt.getTime(), s: item.seq })).replace(/=+$/, "");
}

const CursorSchema = z.object({ t: z.number(), s: z.number() });

function decodeCursor(cursor: string): { t: number; s: number } {
  try {
    const decoded = CursorSchema.safeParse(JSON.parse(atob(cursor)));
    if (decoded.success) return decoded.data;
  } catch {
    // Falls through to the refusal below.
  }
  throw invalidParam(
    "cursor",
    "is not a cursor this service issued; pass the previous `nextCursor`",
  );
}

/** GET /content. */
export function listContent(context: RouteContext) {
  const { query, store, caller } = context;
  const status = enumQuery(query, "status", [...CONTENT_STATUSES, "all"] as const) ?? "all";
  const source = enumQuery(query, "source", CONTENT_SOURCES);
  const channelId = query.get("channelId");
  const limit = integerQuery(query, "limit", { min: 1, max: 100, fallback: 20 });
  const cursorParam = query.get("cursor");
  const after = cursorParam === null || cursorParam === "" ? undefined : decodeCursor(cursorParam);
  const matching = store
    .itemsOf(caller.workspace.id)
    .filter((item) => status === "all" || item.status === status)
    .filter((item) => source === undefined || item.source === source)
    .filter((item) => channelId === null || item.channelId === channelId)
    .filter(
      (item) =>
        after === undefined ||
        item.createdAt.getTime() < after.t ||
        (item.createdAt.getTime() === after.t && item.seq < after.s),
    )
    .sort(newestFirst);
  const page = matching.slice(0, limit);
  const last = page.at(-1);
  return jsonResponse(200, {
    items: page.map((item) => serializeItem(store, item, caller)),
    nextCursor: matching.length > limit && last ? encodeCursor(last) : null,
  });
}

/** GET /content/:id. */
export function getContent(context: RouteContext) {
  const item = itemOrNotFound(context);
  return jsonResponse(200, { item: serializeItem(context.store, item, context.caller) });
}

/** GET /channels, optionally filtered by `platform`. */
export function listChannels(context: RouteContext) {
  const platform = context.query.get("platform");
  const channels = context.caller.workspace.channels.filter(
    (channel) => platform === null || channel.platform === platform,
  );
  return jsonResponse(200, { channels: channels.map(serializeChannel) });
}

/** GET /brand. */
export function getBrand(context: RouteContext) {
  return jsonResponse(200, { profile: serializeBrand(context.caller.workspace.brand) });
}

/** GET /schedule. */
export function getSchedule(context: RouteContext) {
  const workspace = context.caller.workspace;
  return jsonResponse(200, {
    config: serializeScheduleConfig(workspace),
    slots: workspace.slots.map((slot) => ({ ...slot })),
  });
}

function countBy<T>(values: T[], keyOf: (value: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[keyOf(value)] = (counts[keyOf(value)] ?? 0) + 1;
  return counts;
}

/** GET /stats over the items created in the last `days` days. */
export function getStats(context: RouteContext) {
  const { store, caller, query } = context;
  const days = integerQuery(query, "days", { min: 1, max: 365, fallback: 30 });
  const since = store.clock.now().getTime() - days * DAY_MS;
  const items = store
    .itemsOf(caller.workspace.id)
    .filter((item) => item.createdAt.getTime() >= since);
  const aiFlagged = items.filter((item) => item.scan.aiIsmMatches.length > 0).length;
  return jsonResponse(200, {
    windowDays: days,
    channelBalance: caller.workspace.channels.map((channel) => {
      const onChannel = items.filter((item) => item.channelId === channel.id);
      return {
        channelId: channel.id,
        platform: channel.platform,
        displayName: channel.displayName,
        counts: countBy(onChannel, (item) => item.status),
        total: onChannel.length,
      };
    }),
    pipeline: {
      byStatus: countBy(items, (item) => item.status),
      sourceMix: countBy(items, (item) => item.source),
      total: items.length,
    },
    aiIsm: {
      flagged: aiFlagged,
      total: items.length,
      rate: items.length === 0 ? 0 : aiFlagged / items.length,
    },
    usage: serializeUsage(caller.workspace),
  });
}
