/**
 * When a weekly schedule slot next comes round. The contract does not show the slot field types;
 * this follows the service's shape: `dayOfWeek` 0 = Monday ... 6 = Sunday (or a day name),
 * `timeOfDay` "HH:MM" in the workspace timezone, `recurrenceType` "weekly" or "monthly" (with
 * `weekOfMonth` 1..5).
 */
import type { ScheduleSlot } from "../../src/index.js";

const DAY_NAMES = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const DAY_MS = 24 * 60 * 60 * 1000;

/** The next instant after `after` at which `slot` falls, within a week; `null` if none does. */
export function nextSlotTime(slot: ScheduleSlot, timeZone: string, after: Date): Date | null {
  const day = dayIndex(slot.dayOfWeek);
  const time = /^(\d{1,2}):(\d{2})$/.exec(String(slot.timeOfDay));
  if (day === null || !time) return null;
  const [hours, minutes] = [Number(time[1]), Number(time[2])];
  const today = wallClock(after, timeZone);
  for (let offset = 0; offset <= 7; offset++) {
    const date = new Date(today.getTime() + offset * DAY_MS);
    if ((date.getUTCDay() + 6) % 7 !== day) continue;
    if (slot.recurrenceType === "monthly" && weekOfMonth(date) !== slot.weekOfMonth) continue;
    const wall = Date.UTC(
      date.getUTCFullYear(),
      date.getUTCMonth(),
      date.getUTCDate(),
      hours,
      minutes,
    );
    const instant = fromWallClock(wall, timeZone);
    if (instant > after) return instant;
  }
  return null;
}

function dayIndex(value: unknown): number | null {
  if (typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 6)
    return value;
  const byName = DAY_NAMES.indexOf(String(value).toLowerCase());
  return byName === -1 ? null : byName;
}

function weekOfMonth(date: Date): number {
  return Math.ceil(date.getUTCDate() / 7);
}

/** The wall-clock reading of `instant` in `timeZone`, as a Date whose UTC fields hold it. */
function wallClock(instant: Date, timeZone: string): Date {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(instant);
  const field = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return new Date(
    Date.UTC(
      field("year"),
      field("month") - 1,
      field("day"),
      field("hour"),
      field("minute"),
      field("second"),
    ),
  );
}

/** The instant whose wall-clock reading in `timeZone` is `wall` (UTC fields), DST included. */
function fromWallClock(wall: number, timeZone: string): Date {
  let instant = wall;
  for (let pass = 0; pass < 2; pass++) {
    const offset = wallClock(new Date(instant), timeZone).getTime() - instant;
    instant = wall - offset;
  }
  return new Date(instant);
}
