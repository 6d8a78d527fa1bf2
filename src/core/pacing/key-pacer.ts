/**
 * Client-side pacing to the service's per-key rate limits (api-v1.md §8, docs/retries.md), so a
 * busy agent waits for its turn instead of collecting 429s. The windows live in a
 * {@link PacingStore}: this process's memory by default, or a store shared by processes.
 */

import { entryOf } from "../map-entry.js";
import type { Logger } from "../observe/logger.js";
import { readRateLimitHeaders } from "../rate-limit-headers.js";
import {
  type BudgetReading,
  type RateBudgetStatus,
  rateBudgetStatusOf,
  UNUSED_BUDGET,
} from "./budget-status.js";
import { createMemoryPacingStore, type MemoryPacingStore } from "./memory-store.js";
import type { Pacer } from "./pacer.js";
import type { PacingStore, SlotOutcome, SlotRequest, SlotSettlement } from "./pacing-store.js";
import {
  DEFAULT_PACING_GUARD_MS,
  PACING_LIMITS,
  PACING_WINDOW_MS,
  type RateBudget,
} from "./rate-budget.js";
import { rateLimitHoldMs } from "./rate-limit-hold.js";
import { StoreFallback } from "./store-fallback.js";
import { DEFAULT_ACQUIRE } from "./wait-bound.js";

/** How long a slot counts when its attempt has no timeout and its process dies in flight. */
const UNBOUNDED_ATTEMPT_LEASE_MS = 10 * PACING_WINDOW_MS;

/** Options of {@link createKeyPacer}. */
export interface KeyPacerOptions {
  /** Where the windows live; defaults to this process's memory (one store per clock). */
  store?: PacingStore | undefined;
  /** Receives a warn line when a shared store fails, a debug line when it answers again. Never given the key. */
  logger?: Partial<Logger> | undefined;
  /**
   * The clock of the default in-memory store, in milliseconds since the epoch; defaults to
   * `Date.now`. Pacers share a key's budget only with pacers on the same clock function, since
   * times from two clocks cannot be compared.
   */
  now?: (() => number) | undefined;
  /** Margin added after each response before its slot frees; defaults to {@link DEFAULT_PACING_GUARD_MS}. */
  guardMs?: number | undefined;
}

// A stable function identity, so default pacers share one store, while still reading `Date.now`
// at call time (test fake timers replace it).
const systemClock = (): number => Date.now();

/** clock -> the in-memory store on that clock. Module-level: clients of one key share one limiter. */
const memoryStores = new WeakMap<() => number, MemoryPacingStore>();

/** The in-memory store every client of this process shares (per clock). */
export function defaultPacingStore(now: () => number = systemClock): MemoryPacingStore {
  return entryOf(memoryStores, now, () => createMemoryPacingStore({ now }));
}

/**
 * Creates a {@link Pacer} for one API key. Every pacer created for the same key on the same store
 * shares that key's budgets, as the service counts per key, not per client.
 *
 * A slot is used from the moment a request is let through until its response arrives plus
 * `guardMs`, then for a full window: the request may have arrived at any point in between.
 * Waiting requests are served first come, first served per budget. A 429 holds its budget
 * until the reset the server announced, and a stricter `X-RateLimit-Limit` it announces is kept
 * while the budget is in use. A wait is bounded by `maxWaitMs` (wait-bound.ts).
 *
 * @param apiKey - the bearer token, already checked by the client. It is handed to the store
 *   only to key its budgets; a shared store keeps a digest of it.
 */
export function createKeyPacer(apiKey: string, options: KeyPacerOptions = {}): Pacer {
  const guardMs = options.guardMs ?? DEFAULT_PACING_GUARD_MS;
  const logger = options.logger;
  const store = options.store ?? defaultPacingStore(options.now);
  // A store in this process's memory cannot fail; any other falls back to one while it does.
  const fallback =
    store.kind === "memory" ? null : StoreFallback.for(store, defaultPacingStore(options.now));
  // Every duration a store is given is whole milliseconds, rounded up (the safe side of a wait):
  // Redis refuses a fraction where it expects milliseconds, and `timeout: 10_000 / 3` is valid.
  const countsForMs = Math.ceil(PACING_WINDOW_MS + guardMs);

  /** What a finished attempt tells the store: its slot's remaining time, and a 429's hold. */
  const settlementOf = (budget: RateBudget, response: Response | undefined): SlotSettlement => {
    if (response?.status !== 429) return { countsForMs };
    // Whole milliseconds: a store may refuse a fraction (Redis's PEXPIRE does).
    const holdMs = Math.ceil(rateLimitHoldMs(response.headers, Date.now()) + guardMs);
    const { limit } = readRateLimitHeaders(response.headers);
    // Only ever stricter than the contract: a looser header is not a promise to rely on.
    const announcedLimit =
      limit !== undefined && limit < PACING_LIMITS[budget]
        ? Math.max(1, Math.floor(limit))
        : undefined;
    return { countsForMs, holdMs, announcedLimit };
  };

  const take = (request: SlotRequest): Promise<SlotOutcome> =>
    fallback ? fallback.takeSlot(request, logger) : store.takeSlot(request);

  /** Reads one budget: `shared` is false when this process's memory answered for a failing store. */
  const read = async (budget: RateBudget): Promise<{ shared: boolean; reading: BudgetReading }> => {
    const keyBudget = { apiKey, budget, limit: PACING_LIMITS[budget], windowMs: PACING_WINDOW_MS };
    if (fallback) return fallback.readBudget(keyBudget, logger);
    return { shared: false, reading: await (store.readBudget?.(keyBudget) ?? UNUSED_BUDGET) };
  };

  return {
    async readBudgets(): Promise<RateBudgetStatus> {
      let [create, other] = await Promise.all([read("create"), read("other")]);
      // One read found the store failing: this process's own count answers for both budgets.
      if (create.shared !== other.shared) {
        if (create.shared) create = await read("create");
        else other = await read("other");
      }
      const answered = fallback === null ? "memory" : other.shared ? "shared" : "fallback";
      const readings = { create: create.reading, other: other.reading };
      return rateBudgetStatusOf(answered, readings, PACING_LIMITS, PACING_WINDOW_MS);
    },
    async acquire(budget, signal, wait = DEFAULT_ACQUIRE) {
      const startedAt = Date.now();
      const outcome = await take({
        apiKey,
        budget,
        limit: PACING_LIMITS[budget],
        windowMs: PACING_WINDOW_MS,
        // A slot whose process dies in flight frees itself after the attempt's timeout and a window.
        leaseMs: Math.ceil((wait.attemptTimeoutMs ?? UNBOUNDED_ATTEMPT_LEASE_MS) + countsForMs),
        maxWaitMs: wait.maxWaitMs,
        signal,
        onQueued: wait.onWait
          ? ({ opensInMs, position }) =>
              wait.onWait?.({ expectedWaitMs: opensInMs, queuePosition: position })
          : undefined,
      });
      if (!outcome.granted) {
        const { opensInMs } = outcome;
        return { granted: false, opensInMs, waitedMs: Date.now() - startedAt };
      }
      const { slot } = outcome;
      const release = (response?: Response): number | undefined => {
        const settlement = settlementOf(budget, response);
        const settled = slot.settle(settlement);
        if (settled instanceof Promise) fallback?.watch(settled, logger);
        return settlement.holdMs;
      };
      return { granted: true, release };
    },
  };
}
