/**
 * POST /content/:id/schedule (api-v1.md §4): approve if needed and schedule in one call, with
 * the time rules, the connected-channel check (rule 1), the AI-ism gate, URL credits for `x`
 * (rule 2) and provider rejection (rule 3).
 */

import { ApiFailure, invalidParam, jsonResponse } from "../http/fake-response.js";
import type { RouteContext } from "../http/route-context.js";
import { serializeItem } from "../model/serialize.js";
import { assertAcknowledged, assertConnectedChannel } from "./approval.js";
import { bodyObject, optionalBoolean, optionalString } from "./input.js";
import { itemOrNotFound } from "./lifecycle.js";
import { placementAt } from "./plan.js";

const SNAP_MS = 5 * 60_000;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const LINK = /\bhttps?:\/\/\S+|\bwww\.\S+/i;
const SCHEDULABLE = new Set(["draft", "pending", "scheduled", "failed"]);

/**
 * An ISO-8601 timestamp with a zone whose date exists: `Date` would read 30 February as
 * 2 March, so the day is checked against its month.
 */
function isCalendarTimestamp(value: string): boolean {
  if (!ISO_UTC.test(value)) return false;
  const [year, month, day] = value.slice(0, 10).split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Rounds up to the next 5-minute boundary (a time already on one stays). */
function snapToFiveMinutes(at: Date): Date {
  return new Date(Math.ceil(at.getTime() / SNAP_MS) * SNAP_MS);
}

/** POST /content/:id/schedule. */
export function scheduleContent(context: RouteContext) {
  const { store, caller, provider } = context;
  const workspace = caller.workspace;
  const fields = bodyObject(context.body);
  const scheduledAtInput = optionalString(fields, "scheduledAt");
  const acknowledge = optionalBoolean(fields, "acknowledgeAiIsms");
  if (fields.publishNow !== undefined && fields.publishNow !== true) {
    throw invalidParam("publishNow", "must be `true` when sent");
  }
  const publishNow = fields.publishNow === true;
  if (publishNow && scheduledAtInput !== undefined) {
    throw invalidParam("scheduledAt", "send either `scheduledAt` or `publishNow`, not both");
  }
  let requested: Date | undefined;
  if (scheduledAtInput !== undefined) {
    requested = new Date(scheduledAtInput);
    if (!isCalendarTimestamp(scheduledAtInput) || Number.isNaN(requested.getTime())) {
      throw invalidParam(
        "scheduledAt",
        `must be an ISO-8601 UTC timestamp, got ${JSON.stringify(scheduledAtInput)}`,
      );
    }
  }
  const item = itemOrNotFound(context);
  if (item.status === "published" || item.status === "publishing") {
    throw new ApiFailure(
      "published_immutable",
      `Item ${item.id} is ${item.status}; it cannot be scheduled again.`,
    );
  }
  if (!SCHEDULABLE.has(item.status)) {
    throw new ApiFailure(
      "invalid_status_transition",
      `Item ${item.id} is ${item.status} and cannot be scheduled.`,
    );
  }
  const channel = store.channelOf(workspace, item.channelId);
  assertConnectedChannel(channel);

  const now = store.clock.now();
  let at: Date;
  if (publishNow) at = now;
  else if (requested) {
    if (requested <= now)
      throw invalidParam("scheduledAt", `must be in the future; got ${scheduledAtInput}`);
    at = snapToFiveMinutes(requested);
  } else {
    if (item.scheduledAt === null) {
      throw invalidParam(
        "scheduledAt",
        "this item has no planned time; send `scheduledAt` or `publishNow: true`",
      );
    }
    if (item.scheduledAt <= now) {
      throw invalidParam(
        "scheduledAt",
        "the item's planned time has passed; send a new `scheduledAt` or `publishNow: true`",
      );
    }
    at = item.scheduledAt;
  }
  assertAcknowledged({ store, workspace, item, text: item.content, channel, acknowledge });
  const usesUrlCredit = item.platform === "x" && LINK.test(item.content);
  if (usesUrlCredit && workspace.urlCredits <= 0) {
    throw new ApiFailure(
      "x_url_credit_required",
      "This x post contains a link and the workspace has no URL credits left. Remove the link or add credits.",
    );
  }
  if (acknowledge === true) item.acknowledgedText = item.content;
  if (provider.takeRejection()) {
    // Schedule rule 3: the attempt is recorded as failed.
    item.status = "failed";
    item.scheduledAt = null;
    item.publishNow = false;
    item.publishedAt = null;
    store.markWritten();
    throw new ApiFailure(
      "publish_failed",
      `The publishing provider rejected the schedule of item ${item.id}; it is now failed.`,
    );
  }
  if (usesUrlCredit) workspace.urlCredits -= 1;
  // Schedule rule 4: approval through this call puts the item in the week's plan.
  if (item.plan === null) item.plan = placementAt(workspace, item.platform, at);
  if (item.status === "draft") item.approvedByKeyId = caller.key?.id ?? null;
  item.approvalSource = context.approvalSource;
  item.heldForChannel = false;
  item.status = "scheduled";
  item.scheduledAt = at;
  item.publishNow = publishNow;
  provider.registerSchedule(item);
  store.markWritten();
  return jsonResponse(200, { item: serializeItem(store, item, caller) });
}
