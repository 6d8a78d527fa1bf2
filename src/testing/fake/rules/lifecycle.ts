/**
 * PATCH and DELETE /content/:id (api-v1.md §3, §4): edits, channel moves, approve / un-approve /
 * reject, and channel assignment placing a planned item. Every check runs before anything is
 * written, so a refused call leaves the item exactly as it was.
 */

import { ApiFailure, emptyResponse, invalidParam, jsonResponse } from "../http/fake-response.js";
import type { RouteContext } from "../http/route-context.js";
import type { ChannelRecord, ContentRecord, WorkspaceRecord } from "../model/records.js";
import { serializeItem } from "../model/serialize.js";
import type { FakeStore } from "../model/store.js";
import {
  approveItem,
  assertAcknowledged,
  assertConnectedChannel,
  queueAtPlannedTime,
  unapproveItem,
} from "./approval.js";
import { bodyObject, optionalBoolean, optionalString } from "./input.js";
import { findAiIsms, scanItem } from "./scans.js";

/** The statuses PATCH accepts, and the states each may leave from (the rest is not shown; see docs). */
const PATCH_MOVES: Record<string, readonly string[]> = {
  pending: ["draft", "pending"],
  draft: ["draft", "pending"],
  cancelled: ["draft", "pending", "scheduled", "failed"],
};
const EDITABLE = new Set(["draft", "pending"]);
const IMMUTABLE = new Set(["published", "publishing"]);

/** The item named by `:id` in the caller's workspace, or 404 `not_found`. */
export function itemOrNotFound(context: RouteContext): ContentRecord {
  const id = context.params.id ?? "";
  const item = context.store.itemOf(context.caller.workspace, id);
  if (!item) throw new ApiFailure("not_found", `No content item ${id} in this workspace.`);
  return item;
}

/** PATCH rule 1: the target of a move is a connected channel of this workspace on the same platform. */
function moveTarget(
  store: FakeStore,
  workspace: WorkspaceRecord,
  item: ContentRecord,
  id: string,
): ChannelRecord {
  const channel = id.trim() === "" ? undefined : store.channelOf(workspace, id);
  if (!channel)
    throw invalidParam(
      "channelId",
      `target channel ${JSON.stringify(id)} not found in this workspace`,
    );
  if (!channel.connected) {
    throw invalidParam("channelId", `cannot reassign to a disconnected channel (${channel.id})`);
  }
  if (channel.platform !== item.platform) {
    throw invalidParam(
      "channelId",
      `target channel must match the content's platform: the item is ${item.platform}, ${channel.id} is ${channel.platform}`,
    );
  }
  return channel;
}

/** Whether the voice behind a channel approves by itself. */
function autoApproves(workspace: WorkspaceRecord, channel: ChannelRecord): boolean {
  return (
    (workspace.config.voices[channel.voice].approvalMode ?? workspace.config.approvalMode) ===
    "auto"
  );
}

/**
 * The PATCH `status`: `pending`, `draft` or `cancelled`. Any other value, a string or not (a
 * number, `null`, an object), is 400 `invalid_status_transition` (§4 PATCH: "any other value").
 */
function statusOf(fields: Record<string, unknown>): string | undefined {
  const status = fields.status;
  if (status === undefined) return undefined;
  if (typeof status !== "string" || !Object.hasOwn(PATCH_MOVES, status)) {
    throw new ApiFailure(
      "invalid_status_transition",
      `PATCH status must be pending, draft or cancelled; ${JSON.stringify(status)} is not a move an agent can make.`,
    );
  }
  return status;
}

/** PATCH /content/:id. */
export function updateContent(context: RouteContext) {
  const { store, caller } = context;
  const workspace = caller.workspace;
  const fields = bodyObject(context.body);
  const content = optionalString(fields, "content");
  const channelId = optionalString(fields, "channelId");
  const status = statusOf(fields);
  const rejectionReason = optionalString(fields, "rejectionReason");
  const acknowledge = optionalBoolean(fields, "acknowledgeAiIsms");
  const item = itemOrNotFound(context);

  if (content !== undefined || channelId !== undefined) {
    const field = content !== undefined ? "content" : "channelId";
    if (IMMUTABLE.has(item.status)) {
      throw new ApiFailure(
        "published_immutable",
        `Item ${item.id} is ${item.status}; its ${field} can no longer change.`,
      );
    }
    if (!EDITABLE.has(item.status)) {
      throw invalidParam(
        field,
        `can only change while the item is draft or pending; it is ${item.status}`,
      );
    }
  }
  if (content !== undefined && content.trim() === "")
    throw invalidParam("content", "must be a non-empty string");
  if (rejectionReason !== undefined && status !== "cancelled") {
    throw invalidParam("rejectionReason", 'is only accepted with `status: "cancelled"`');
  }
  if (status !== undefined && !PATCH_MOVES[status]?.includes(item.status)) {
    throw new ApiFailure(
      "invalid_status_transition",
      `Item ${item.id} cannot move from ${item.status} to ${status}.`,
    );
  }
  const target =
    channelId !== undefined
      ? moveTarget(store, workspace, item, channelId)
      : store.channelOf(workspace, item.channelId);
  const text = content ?? item.content;
  if (status === "pending") {
    // PATCH rule 2: the check reads the channel the item will have after this call.
    assertConnectedChannel(target);
    assertAcknowledged({ store, workspace, item, text, channel: target, acknowledge });
  }

  // Every check passed: write.
  const assigning = channelId !== undefined && item.channelId === null;
  if (content !== undefined) item.content = content;
  if (target) {
    item.channelId = target.id;
    item.voice = target.voice;
  }
  let plannedTimePassed = false;
  if (status === "draft" && item.status === "pending") unapproveItem(item);
  if (status === "draft") item.heldForChannel = false;
  if (status === "pending") {
    if (acknowledge === true) item.acknowledgedText = item.content;
    const approval = { caller, source: context.approvalSource };
    plannedTimePassed = approveItem(store, workspace, item, approval).plannedTimePassed;
  } else if (status === "cancelled") {
    cancelItem(context, item, rejectionReason);
  } else if (assigning && target && status === undefined) {
    plannedTimePassed = placeOnAssignment(context, item, target);
  }
  scanItem(store, workspace, item);
  store.markWritten();
  const response: Record<string, unknown> = { item: serializeItem(store, item, caller) };
  if (plannedTimePassed) response.plannedTimePassed = true;
  return jsonResponse(200, response);
}

/**
 * §3, channel assignment: a draft an auto-approval voice held only for want of a channel is
 * approved if its text passes the auto-approval checks again; an approved item is queued.
 */
function placeOnAssignment(
  context: RouteContext,
  item: ContentRecord,
  channel: ChannelRecord,
): boolean {
  const { store, caller } = context;
  const workspace = caller.workspace;
  if (item.status === "draft" && item.heldForChannel && autoApproves(workspace, channel)) {
    item.heldForChannel = false;
    scanItem(store, workspace, item);
    const passes =
      findAiIsms(store, workspace, item.content, channel.voice).length === 0 &&
      item.scan.sensitivityReasons.length === 0 &&
      item.scan.flagReasons.length === 0;
    if (!passes) return false;
    // The voice approves it, whoever assigned the channel.
    return approveItem(store, workspace, item, { caller, source: null }).plannedTimePassed;
  }
  if (item.status === "pending")
    return queueAtPlannedTime(item, store.clock.now()).plannedTimePassed;
  return false;
}

function cancelItem(context: RouteContext, item: ContentRecord, reason: string | undefined): void {
  if (item.status === "scheduled") context.provider.cancelExternal(item);
  item.status = "cancelled";
  item.scheduledAt = null;
  item.publishNow = false;
  item.heldForChannel = false;
  item.rejectionReason = reason ?? null;
}

/** DELETE /content/:id: any non-published item, after a best-effort cancel of its external post. */
export function deleteContent(context: RouteContext) {
  const item = itemOrNotFound(context);
  if (item.status === "published") {
    throw new ApiFailure(
      "published_immutable",
      `Item ${item.id} is published and cannot be deleted.`,
    );
  }
  if (item.status === "scheduled") context.provider.cancelExternal(item);
  context.store.content.delete(item.id);
  context.store.markWritten();
  return emptyResponse();
}
