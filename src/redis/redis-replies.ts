/**
 * What each script answers, checked before it is used. A proxy, a mock or a partly compatible
 * server may answer `+OK`, an empty array or a negative wait; read as numbers those become `NaN`,
 * a sleep of 0 and a busy loop. A reply of the wrong shape is a failure of the store instead, so
 * the client paces in process at once (store-fallback.ts).
 */

import type { BudgetReading } from "../core/pacing/budget-status.js";
import { describeReply } from "./redis-commands.js";

/** A reply of the wrong shape from a server that looks like Redis. */
export class MalformedReplyError extends Error {
  override readonly name = "MalformedReplyError";
  constructor(script: string, reply: unknown, expected: string) {
    super(`Redis answered ${script} with ${describeReply(reply)}, not ${expected}`);
  }
}

/** What `TAKE_SLOT` answered: a slot, or how long at least and where in line. */
export type TakeSlotReply =
  | { readonly granted: true }
  | { readonly granted: false; readonly waitMs: number; readonly position: number };

/** `{1}`, or `{0, waitMs >= 0, position >= 1}`. */
export function takeSlotReply(reply: unknown): TakeSlotReply {
  const expected = "{1} or {0, waitMs, position}";
  if (!Array.isArray(reply)) throw new MalformedReplyError("TAKE_SLOT", reply, expected);
  const [flag, waitMs, position] = reply.map(integerOf);
  if (flag === 1 && reply.length === 1) return { granted: true };
  if (
    flag === 0 &&
    reply.length === 3 &&
    waitMs !== undefined &&
    waitMs >= 0 &&
    position !== undefined &&
    position >= 1
  ) {
    return { granted: false, waitMs, position };
  }
  throw new MalformedReplyError("TAKE_SLOT", reply, expected);
}

/**
 * `READ_BUDGET`: `{holdForMs >= 0, announcedLimit >= 0 (0: none), waiting >= 0, ...}`, then per
 * slot counting its milliseconds until it frees (>= 0), or -1 for one in flight.
 */
export function budgetReading(reply: unknown): BudgetReading {
  const expected = "{holdForMs, announcedLimit, waiting, ...slots}";
  const numbers = Array.isArray(reply) ? reply.map(integerOf) : [];
  const [holdForMs, announcedLimit, waiting, ...slots] = numbers;
  if (
    holdForMs === undefined ||
    holdForMs < 0 ||
    announcedLimit === undefined ||
    announcedLimit < 0 ||
    waiting === undefined ||
    waiting < 0 ||
    !slots.every((freeInMs) => freeInMs !== undefined && freeInMs >= -1)
  ) {
    throw new MalformedReplyError("READ_BUDGET", reply, expected);
  }
  return {
    holdForMs,
    announcedLimit: announcedLimit > 0 ? announcedLimit : undefined,
    waiting,
    slotsFreeInMs: (slots as number[]).map((freeInMs) => (freeInMs < 0 ? Infinity : freeInMs)),
  };
}

/** A script that answers a count: `LEAVE_QUEUE` and `SETTLE_SLOT` answer 1, `CLAIM_ALL` its keys. */
export function expectCount(script: string, reply: unknown, count: number): void {
  if (integerOf(reply) !== count) throw new MalformedReplyError(script, reply, String(count));
}

/** `CLAIM_FIRST_FREE`: a 1-based index into `count` candidates, or 0 for none. */
export function claimedIndex(reply: unknown, count: number): number {
  const index = integerOf(reply);
  if (index === undefined || index < 0 || index > count) {
    throw new MalformedReplyError("CLAIM_FIRST_FREE", reply, `an index from 0 to ${count}`);
  }
  return index;
}

/** An integer reply (a number, or its decimal text from a proxy that speaks strings), else undefined. */
function integerOf(value: unknown): number | undefined {
  const number =
    typeof value === "number"
      ? value
      : typeof value === "string" && /^-?\d{1,15}$/.test(value)
        ? Number(value)
        : Number.NaN;
  return Number.isSafeInteger(number) ? number : undefined;
}
