/**
 * The default pacing store: rolling windows in this process's memory. Budgets are keyed by the
 * key itself (so two keys never share one) inside the store's closure, never on an object a
 * caller can inspect, and a budget is dropped once it is idle, so memory follows the keys in
 * use rather than every key ever seen.
 */

import { unrefTimer } from "../timers.js";
import { type BudgetReading, UNUSED_BUDGET } from "./budget-status.js";
import { memoryClaimStore } from "./memory-claims.js";
import type { KeyBudget, PacingSlot, PacingStore } from "./pacing-store.js";
import type { RateBudget } from "./rate-budget.js";
import { type RollingBudget, rollingBudget } from "./rolling-budget.js";

/** Options of {@link createMemoryPacingStore}. */
export interface MemoryPacingStoreOptions {
  /** The clock, in milliseconds; defaults to `Date.now` read at each use. */
  now?: (() => number) | undefined;
}

/** The in-process store, with what only this process can do with it. */
export interface MemoryPacingStore extends PacingStore {
  /** Reads one budget; the memory store always can. */
  readBudget(budget: KeyBudget): Promise<BudgetReading>;
  /**
   * Counts a slot of `budget` that was taken through a shared store, without waiting or
   * refusing, so that pacing in this process while that store is down counts what was just sent
   * through it. Settle it as the shared slot is settled.
   */
  record(budget: KeyBudget): PacingSlot;
  /** How many keys hold budgets now (for tests and the heap bench). */
  size(): number;
}

type KeyBudgets = Partial<Record<RateBudget, RollingBudget>>;

/** An in-process {@link PacingStore}. Stores are independent: clients share budgets through one. */
export function createMemoryPacingStore(options: MemoryPacingStoreOptions = {}): MemoryPacingStore {
  const now = options.now ?? (() => Date.now());
  // Keyed by the API key, so private to this closure.
  const keys = new Map<string, KeyBudgets>();
  // Idle budgets are swept when the map has doubled since the last sweep, and by one timer that
  // runs while any budget exists, so a burst of keys used once is released either way.
  let sweepAtSize = 64;
  let sweepTimer: ReturnType<typeof setTimeout> | undefined;

  const sweep = (): void => {
    const t = now();
    for (const [apiKey, budgets] of keys) {
      for (const budget of Object.keys(budgets) as RateBudget[]) {
        if (budgets[budget]?.isIdle(t)) delete budgets[budget];
      }
      if (budgets.create === undefined && budgets.other === undefined) keys.delete(apiKey);
    }
    sweepAtSize = Math.max(64, keys.size * 2);
  };
  const armSweep = (windowMs: number): void => {
    if (sweepTimer !== undefined) return;
    sweepTimer = setTimeout(() => {
      sweepTimer = undefined;
      sweep();
      if (keys.size > 0) armSweep(windowMs);
    }, windowMs);
    // The sweep alone must never keep a process alive.
    unrefTimer(sweepTimer);
  };

  const budgetFor = (request: KeyBudget): RollingBudget => {
    let budgets = keys.get(request.apiKey);
    if (budgets === undefined) {
      if (keys.size >= sweepAtSize) sweep();
      budgets = {};
      keys.set(request.apiKey, budgets);
      armSweep(request.windowMs);
    }
    let rolling = budgets[request.budget];
    if (rolling === undefined) {
      rolling = rollingBudget(now);
      budgets[request.budget] = rolling;
    }
    return rolling;
  };

  return {
    kind: "memory",
    takeSlot: (request) => budgetFor(request).take(request),
    record: (budget) => budgetFor(budget).record(),
    // Looked up, never created: reading a budget keeps nothing alive.
    readBudget: async ({ apiKey, budget }) =>
      keys.get(apiKey)?.[budget]?.read(now()) ?? UNUSED_BUDGET,
    claims: memoryClaimStore(now),
    size: () => keys.size,
  };
}

/** How many keys an in-memory store holds budgets for; `undefined` for other stores. */
export function keysHeldBy(store: PacingStore): number | undefined {
  const size = (store as { size?: unknown }).size;
  return typeof size === "function" ? (size as () => number)() : undefined;
}
