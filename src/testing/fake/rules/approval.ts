/**
 * Approval (api-v1.md §3 and PATCH rules 2–5): the connected-channel check, the AI-ism
 * acknowledgment gate bound to the exact text, and placing the approved item in the week's plan.
 */

import type { ApprovalSource } from "../../../contract/approval-source.js";
import { ApiFailure } from "../http/fake-response.js";
import type { Caller } from "../http/route-context.js";
import type { ChannelRecord, ContentRecord, WorkspaceRecord } from "../model/records.js";
import type { FakeStore } from "../model/store.js";
import { placeInWeek } from "./plan.js";
import { findAiIsms } from "./scans.js";

/** PATCH rule 2 / schedule rule 1: approving or scheduling needs a connected channel. */
export function assertConnectedChannel(
  channel: ChannelRecord | undefined,
): asserts channel is ChannelRecord {
  if (!channel) {
    throw new ApiFailure(
      "validation_error",
      "This post has no channel yet. Assign one with PATCH `channelId`, then approve or schedule it.",
      { param: "channelId" },
    );
  }
  if (!channel.connected) {
    throw new ApiFailure(
      "validation_error",
      `The post's channel ${channel.id} (${channel.displayName}) is disconnected. Reconnect it, or move the post with PATCH \`channelId\`.`,
      { param: "channelId", channelId: channel.id },
    );
  }
}

/** What {@link assertAcknowledged} checks: an item's text as it will be saved, on its channel. */
export interface AcknowledgmentCheck {
  readonly store: FakeStore;
  readonly workspace: WorkspaceRecord;
  readonly item: ContentRecord;
  /** The text as it will be saved (the request's new text, or the item's own). */
  readonly text: string;
  /** The channel the item will have after the call; its voice picks the allowlist. */
  readonly channel: ChannelRecord;
  /** The request's `acknowledgeAiIsms`. */
  readonly acknowledge: boolean | undefined;
}

/**
 * PATCH rule 3: a fresh scan of the text as it will be saved; matches not allowlisted need
 * `acknowledgeAiIsms: true`, unless this exact text was acknowledged before.
 */
export function assertAcknowledged(check: AcknowledgmentCheck): void {
  const { store, workspace, item, text, channel, acknowledge } = check;
  const matches = findAiIsms(store, workspace, text, channel.voice);
  if (matches.length === 0 || acknowledge === true || item.acknowledgedText === text) return;
  const labels = matches.map((match) => `${match.label} ("${match.match}")`).join(", ");
  throw new ApiFailure(
    "validation_error",
    `The text matches AI-writing patterns: ${labels}. Rewrite it, retry with \`acknowledgeAiIsms: true\`, or add the label to the allowlist.`,
    { acknowledgmentRequired: true, aiIsmMatches: matches },
  );
}

/**
 * Approves an item (§3 first row): adds it to the week's plan and queues it at its planned time
 * when that is still ahead. Returns whether the planned time had passed. `source` is the face the
 * request says it came from (the review card), `null` for any other approval.
 */
export function approveItem(
  store: FakeStore,
  workspace: WorkspaceRecord,
  item: ContentRecord,
  { caller, source }: { readonly caller: Caller; readonly source: ApprovalSource | null },
) {
  const now = store.clock.now();
  item.status = "pending";
  item.heldForChannel = false;
  item.approvedByKeyId = caller.key?.id ?? null;
  item.approvalSource = source;
  if (item.plan === null) item.plan = placeInWeek(store, workspace, item);
  return queueAtPlannedTime(item, now);
}

/** Queues an approved item at its plan time; a passed time queues nothing (`plannedTimePassed`). */
export function queueAtPlannedTime(item: ContentRecord, now: Date): { plannedTimePassed: boolean } {
  if (item.plan === null) return { plannedTimePassed: false };
  if (item.plan.plannedAt > now) {
    item.scheduledAt = item.plan.plannedAt;
    return { plannedTimePassed: false };
  }
  item.scheduledAt = null;
  return { plannedTimePassed: true };
}

/** Un-approves (§3 pending → draft): nothing stays queued, and an API item leaves the plan. */
export function unapproveItem(item: ContentRecord): void {
  item.status = "draft";
  item.scheduledAt = null;
  item.publishNow = false;
  item.approvedByKeyId = null;
  item.approvalSource = null;
  if (item.source === "api") item.plan = null;
}
