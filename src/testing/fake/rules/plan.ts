/**
 * The week's plan (api-v1.md §3, PATCH rule 5): approved items take the week's slots for their
 * platform. The fake's weeks run Monday 00:00 to Monday 00:00 UTC, and slot times are UTC.
 */
import type { ContentRecord, PlanPlacement, WorkspaceRecord } from "../model/records.js";
import type { FakeStore } from "../model/store.js";
import type { SlotRecord } from "../model/workspace-settings.js";

const DAY_MS = 86_400_000;
const PLANNED_STATES = new Set(["pending", "scheduled", "publishing", "published"]);

/** Monday 00:00 UTC of the week holding `at`. */
export function weekStartOf(at: Date): Date {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const daysSinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - daysSinceMonday * DAY_MS);
}

/** When a slot falls in the week starting at `weekStart`. */
function slotTime(weekStart: Date, slot: SlotRecord): Date {
  const [hours = 0, minutes = 0] = slot.timeOfDay.split(":").map(Number);
  return new Date(weekStart.getTime() + slot.dayOfWeek * DAY_MS + (hours * 60 + minutes) * 60_000);
}

function platformSlots(workspace: WorkspaceRecord, platform: string): SlotRecord[] {
  return workspace.slots.filter((slot) => slot.enabled && slot.platform === platform);
}

/** The placement of an item planned at `at`: the platform's slot at that exact time, else an ad-hoc entry. */
export function placementAt(workspace: WorkspaceRecord, platform: string, at: Date): PlanPlacement {
  const week = weekStartOf(at);
  const slot = platformSlots(workspace, platform).find(
    (candidate) => slotTime(week, candidate).getTime() === at.getTime(),
  );
  return { slotId: slot?.id ?? "slot_adhoc", plannedAt: at };
}

/** Items that count toward this week's plan (approved and onward). */
export function weekPlanEntries(
  store: FakeStore,
  workspace: WorkspaceRecord,
  now: Date,
): ContentRecord[] {
  const week = weekStartOf(now).getTime();
  return store
    .itemsOf(workspace.id)
    .filter(
      (item) =>
        item.plan !== null &&
        PLANNED_STATES.has(item.status) &&
        weekStartOf(item.plan.plannedAt).getTime() === week,
    );
}

/**
 * Adds an approved item to this week's plan: the first free slot of its platform still ahead,
 * else the week's last slot (its time has passed). No slot for the platform: no placement.
 */
export function placeInWeek(
  store: FakeStore,
  workspace: WorkspaceRecord,
  item: ContentRecord,
): PlanPlacement | null {
  const now = store.clock.now();
  const week = weekStartOf(now);
  const taken = new Set(
    weekPlanEntries(store, workspace, now)
      .filter((entry) => entry.id !== item.id)
      .map((entry) => entry.plan?.slotId),
  );
  const slots = platformSlots(workspace, item.platform)
    .map((slot) => ({ slot, at: slotTime(week, slot) }))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const ahead = slots.find(({ slot, at }) => at > now && !taken.has(slot.id));
  const chosen = ahead ?? slots.at(-1);
  return chosen ? { slotId: chosen.slot.id, plannedAt: chosen.at } : null;
}
