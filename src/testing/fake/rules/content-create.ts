/**
 * POST /content (api-v1.md §4): free drafts and metered generations, with the channel rules
 * (1–7), titles (8), `contentType` ignored (9) and the quota (10–11). Every check runs before
 * anything is created or billed.
 */

import { ApiFailure, invalidParam, jsonResponse } from "../http/fake-response.js";
import type { RouteContext } from "../http/route-context.js";
import { addSeededItem, hasTitles } from "../model/build-workspace.js";
import type { ChannelRecord, ContentRecord, WorkspaceRecord } from "../model/records.js";
import { serializeItem } from "../model/serialize.js";
import type { FakeStore } from "../model/store.js";
import { generatePost } from "./generation.js";
import { bodyObject, optionalString } from "./input.js";

type Mode = "draft" | "prompt";

/** The field a caller should fill, by mode (rule 6). */
const CHANNEL_FIELD: Record<Mode, string> = { draft: "channelId", prompt: "channelIds" };

/** Rule 5–6: the refusal when no channel is named lists every connected channel. */
function noChannelNamed(workspace: WorkspaceRecord, mode: Mode): ApiFailure {
  const connected = workspace.channels.filter((channel) => channel.connected);
  const channels = connected.map((channel) => ({
    id: channel.id,
    platform: channel.platform,
    name: channel.displayName,
  }));
  const field = CHANNEL_FIELD[mode];
  const listing =
    connected.length === 0
      ? "This workspace has no connected channel; connect one first."
      : `Connected channels: ${channels.map((c) => `${c.name} (${c.platform}): ${c.id}`).join("; ")}.`;
  return new ApiFailure(
    "validation_error",
    `No channel named: the service never picks one. ${listing} Pass the channel id in \`${field}\`.`,
    { param: field, channels },
  );
}

/** Rules 1–3 and 5: the channel ids the request names, deduplicated. */
function namedChannelIds(
  fields: Record<string, unknown>,
  mode: Mode,
  workspace: WorkspaceRecord,
): string[] {
  const hasOne = fields.channelId !== undefined;
  const hasMany = fields.channelIds !== undefined;
  if (hasOne && hasMany) {
    throw invalidParam("channelIds", "send either `channelId` or `channelIds`, not both");
  }
  let ids: string[];
  if (hasOne) {
    if (typeof fields.channelId !== "string") throw invalidParam("channelId", "must be a string");
    ids = fields.channelId === "" ? [] : [fields.channelId];
  } else if (hasMany) {
    const raw = fields.channelIds;
    if (!Array.isArray(raw) || raw.some((id) => typeof id !== "string")) {
      throw invalidParam("channelIds", "must be an array of channel id strings");
    }
    ids = raw as string[];
  } else ids = [];
  if (ids.length === 0) throw noChannelNamed(workspace, mode);
  if (mode === "draft" && ids.length > 1) {
    throw invalidParam(
      "channelIds",
      `a free draft is one item on one channel; got ${ids.length} ids`,
    );
  }
  return [...new Set(ids)];
}

/** Rule 7: every channel is usable, or the whole request is refused naming the first that is not. */
function usableChannels(
  store: FakeStore,
  workspace: WorkspaceRecord,
  ids: string[],
  field: string,
) {
  return ids.map((id) => {
    const channel = store.channelOf(workspace, id);
    if (!channel)
      throw invalidParam(field, `channel ${id} was not found in this workspace`, { channelId: id });
    if (!channel.connected) {
      throw invalidParam(field, `channel ${id} (${channel.displayName}) is disconnected`, {
        channelId: id,
      });
    }
    return channel;
  });
}

function createItem(
  context: RouteContext,
  channel: ChannelRecord,
  text: { content: string; title: string | null; topic: string | null },
): ContentRecord {
  const { store, caller } = context;
  const item = addSeededItem(store, caller.workspace, {
    id: store.nextId("cnt"),
    channelId: channel.id,
    content: text.content,
    ...(text.title === null ? {} : { title: text.title }),
    source: "api",
    createdByUserId: caller.member.userId,
  });
  item.topic = text.topic;
  store.markWritten();
  return item;
}

/** POST /content. */
export function createContent(context: RouteContext) {
  const fields = bodyObject(context.body);
  const body = fields.body;
  const prompt = fields.prompt;
  if ((body === undefined) === (prompt === undefined)) {
    throw new ApiFailure(
      "missing_input",
      "Send exactly one of `body` (a free draft) or `prompt` (a generation).",
      { param: body === undefined ? "body" : "prompt" },
    );
  }
  const mode: Mode = body !== undefined ? "draft" : "prompt";
  const text = mode === "draft" ? body : prompt;
  if (typeof text !== "string" || text.trim() === "") {
    throw invalidParam(mode === "draft" ? "body" : "prompt", "must be a non-empty string");
  }
  const title = optionalString(fields, "title");
  const topic = optionalString(fields, "topic") ?? null;
  const workspace = context.caller.workspace;
  const ids = namedChannelIds(fields, mode, workspace);
  const field = fields.channelId !== undefined ? "channelId" : "channelIds";
  const channels = usableChannels(context.store, workspace, ids, field);

  if (mode === "draft") {
    const [channel] = channels as [ChannelRecord];
    // Rule 8: titles are kept only where the platform has them.
    const item = createItem(context, channel, {
      content: text,
      title: hasTitles(channel.platform) ? (title ?? null) : null,
      topic,
    });
    return jsonResponse(201, { items: [serializeItem(context.store, item, context.caller)] });
  }
  return generate(context, text, channels, topic);
}

/** Rules 4, 10 and 11: one credit per channel, stopping where the quota runs out. */
function generate(
  context: RouteContext,
  prompt: string,
  channels: ChannelRecord[],
  topic: string | null,
) {
  const { quota } = context.caller.workspace;
  if (quota.capacityUnknown) {
    throw new ApiFailure(
      "capacity_unknown",
      "The generation cap could not be read; nothing was generated. This is not a quota refusal; try again shortly.",
    );
  }
  const remaining =
    quota.limit === null ? Number.POSITIVE_INFINITY : Math.max(0, quota.limit - quota.used);
  if (remaining === 0) {
    throw new ApiFailure(
      "generation_limit",
      `The monthly generation quota of ${quota.limit} is used up; it resets at ${quota.periodEnd.toISOString()}. Free drafts still work.`,
    );
  }
  const fulfilled = channels.slice(0, remaining);
  const unfulfilled = channels.slice(fulfilled.length);
  const items = fulfilled.map((channel) => {
    const post = generatePost(prompt, channel);
    quota.used += 1;
    return createItem(context, channel, { ...post, topic });
  });
  const response: Record<string, unknown> = {
    items: items.map((item) => serializeItem(context.store, item, context.caller)),
  };
  if (unfulfilled.length > 0) {
    response.warning = {
      code: "generation_limit",
      message: `The monthly generation quota ran out after ${items.length} of ${channels.length} channels; the channels listed in unfulfilledChannelIds were not generated or billed.`,
      unfulfilledChannelIds: unfulfilled.map((channel) => channel.id),
    };
  }
  return jsonResponse(201, response);
}
