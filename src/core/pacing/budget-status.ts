/**
 * The rate budget as data (`client.rateBudget()`, docs/retries.md "Reading the budget"): what a
 * store holds of one budget, and the figures a caller reads from it, derived by the one wait rule
 * (wait-bound.ts) so that `nextSlotInMs` is what a new call would be told.
 */

import type { RateBudget } from "./rate-budget.js";
import { knownWaitMs } from "./wait-bound.js";

/**
 * What a store holds of one budget, read without changing it. Every time is relative (in
 * milliseconds from the read), so a store on another machine answers on its own clock.
 */
export interface BudgetReading {
  /**
   * For each slot that counts against the window now, how long until it frees; `Infinity` for a
   * slot whose response has not arrived.
   */
  readonly slotsFreeInMs: readonly number[];
  /** Callers in line for a slot. */
  readonly waiting: number;
  /** What is left of a 429 hold; 0 when none. */
  readonly holdForMs: number;
  /** A stricter limit a 429 announced, while the budget is in use; `undefined` when none. */
  readonly announcedLimit: number | undefined;
}

/** A budget nobody has used lately: what a store answers for a key it holds nothing for. */
export const UNUSED_BUDGET: BudgetReading = Object.freeze({
  slotsFreeInMs: Object.freeze([]),
  waiting: 0,
  holdForMs: 0,
  announcedLimit: undefined,
});

/** Where one budget of the client's key stands (`client.rateBudget()`). */
export interface BudgetStatus {
  /**
   * The limit in force per rolling minute: the contract's (10 for creates, 60 for the rest), or
   * a stricter one a 429 announced. `null` for a session (`auth: "session"`): the contract shows
   * no limit for sessions, so none is counted.
   */
  readonly limit: number | null;
  /** Slots that count against the window now, settled or in flight. */
  readonly counting: number;
  /** Those of {@link BudgetStatus.counting} still waiting for their response. */
  readonly inFlight: number;
  /** Callers in line for a slot. */
  readonly waiting: number;
  /**
   * 0 when a new call could go now; otherwise the earliest its slot opens, in milliseconds (a
   * lower bound, the latency guard included: a response that comes late makes it later).
   */
  readonly nextSlotInMs: number;
  /** What is left of a 429 hold, in milliseconds; 0 when none. */
  readonly heldForMs: number;
}

/**
 * Which store answered `client.rateBudget()`: `"memory"` (this process's), `"shared"` (a store
 * shared by processes: the figures are fleet-wide), or `"fallback"` (the shared store was found
 * failing, and this process's own count answered).
 */
export type BudgetStore = "memory" | "shared" | "fallback";

/** What `client.rateBudget()` resolves to: each budget of the key, and which store answered. */
export interface RateBudgetStatus {
  /** Which store answered. */
  readonly store: BudgetStore;
  /** `POST /content`. */
  readonly create: BudgetStatus;
  /** Every other v1 route. */
  readonly other: BudgetStatus;
}

/** The figures of one budget from what its store holds, with the contract's `limit` for it. */
function budgetStatusOf(reading: BudgetReading, limit: number, windowMs: number): BudgetStatus {
  const inForce = Math.min(limit, reading.announcedLimit ?? limit);
  const holdForMs = Math.max(0, reading.holdForMs);
  const state = {
    limit: inForce,
    slotsFreeAt: reading.slotsFreeInMs,
    holdUntil: holdForMs,
    windowMs,
  };
  return {
    limit: inForce,
    counting: reading.slotsFreeInMs.length,
    inFlight: reading.slotsFreeInMs.filter((freeInMs) => !Number.isFinite(freeInMs)).length,
    waiting: reading.waiting,
    // A new call stands behind everyone in line, as the store would place it.
    nextSlotInMs: Math.ceil(knownWaitMs(state, reading.waiting, 0)),
    heldForMs: Math.ceil(holdForMs),
  };
}

export function rateBudgetStatusOf(
  store: BudgetStore,
  readings: Readonly<Record<RateBudget, BudgetReading>>,
  limits: Readonly<Record<RateBudget, number>>,
  windowMs: number,
): RateBudgetStatus {
  return {
    store,
    create: budgetStatusOf(readings.create, limits.create, windowMs),
    other: budgetStatusOf(readings.other, limits.other, windowMs),
  };
}
