/**
 * The one rule every pacer and store follows for how long a call may wait for its turn
 * (docs/retries.md, "How long a call waits"):
 *
 * 1. A wait has its own bound, `maxWaitMs`; the attempt's `timeout` never counts it.
 * 2. When the wait is known to be longer than what is left of the bound, the call ends at once
 *    and nothing is sent.
 * 3. Otherwise the call waits, and ends when the bound passes.
 *
 * What is "known" is a lower bound: {@link knownWaitMs} never over-estimates, so a call is never
 * refused that could have been served in time.
 */

import { InvalidRequestError } from "../errors/local-errors.js";
import { MAX_TIMER_DELAY_MS } from "../timers.js";
import type { AcquireOptions } from "./acquire-options.js";

/**
 * The default bound: long enough for an ordinary loop, or a burst of a few hundred calls, to
 * finish paced; short enough that nothing appears to hang.
 */
export const DEFAULT_MAX_WAIT_MS = 5 * 60_000;

/** What a wait is told when the caller gives nothing (a pacer used on its own). */
export const DEFAULT_ACQUIRE: AcquireOptions = Object.freeze({ maxWaitMs: DEFAULT_MAX_WAIT_MS });

/** Refuses a `maxWaitMs` that is not a number of milliseconds a timer can wait. */
export function checkMaxWait(value: unknown, name = "maxWaitMs"): asserts value is number {
  // `NaN` and `Infinity` fail the range as well.
  const inRange = typeof value === "number" && value >= 0 && value <= MAX_TIMER_DELAY_MS;
  if (!inRange) {
    throw new InvalidRequestError(
      name,
      `${name} must be a number of milliseconds from 0 to ${MAX_TIMER_DELAY_MS}; got ${String(value)}`,
    );
  }
}

/** What is left of a bound of `maxWaitMs` after `waitedMs` of waiting: never negative. */
export function leftToWaitMs(maxWaitMs: number, waitedMs: number): number {
  return Math.max(0, maxWaitMs - waitedMs);
}

/** Rule 2: whether a wait known to last at least `knownMs` must be refused now. */
export function refusesAtOnce(knownMs: number | undefined, remainingMs: number): boolean {
  return knownMs !== undefined && knownMs > remainingMs;
}

/** What a store knows of one budget when a caller asks where it stands. */
export interface BudgetState {
  /** The limit in force (the contract's, or a stricter one a 429 announced). */
  readonly limit: number;
  /**
   * When each slot in use frees, in milliseconds on the store's clock; `Infinity` for a slot
   * whose response has not arrived.
   */
  readonly slotsFreeAt: readonly number[];
  /** Until when a 429 holds the budget; `-Infinity` (or any past time) when none does. */
  readonly holdUntil: number;
  readonly windowMs: number;
}

/**
 * A lower bound on how long the waiter at `rank` (0 for the head of the line) waits from `now`.
 *
 * Slot openings come in the order the slots free: room left in the window opens now, a settled
 * slot when it frees, and a slot still in flight no sooner than a window from now (it counts for
 * a window after its response). A waiter further back than one opening per slot needs a slot
 * reused: each reuse is at least a window later. A 429 hold delays everything until it ends.
 */
export function knownWaitMs(state: BudgetState, rank: number, now: number): number {
  const { limit, windowMs } = state;
  const openings: number[] = [];
  for (const freeAt of state.slotsFreeAt) {
    openings.push(Number.isFinite(freeAt) ? Math.max(now, freeAt) : now + windowMs);
  }
  while (openings.length < limit) openings.push(now);
  openings.sort((a, b) => a - b);
  // A stricter limit than the slots in use: the surplus slots do not reopen for this budget.
  const usable = openings.slice(openings.length - limit);
  const opening = usable[rank % limit]! + Math.floor(rank / limit) * windowMs;
  return Math.max(opening, state.holdUntil) - now;
}
