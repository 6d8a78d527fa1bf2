/**
 * The default pacing store: rolling windows in this process's memory. Budgets are keyed by the
 * key itself (so two keys never share one) inside the store's closure, never on an object a
 * caller can inspect, and a budget is dropped once it is idle, so memory follows the keys in
 * use rather than every key ever seen.
 */

import { clampTimerDelay } from "../sleep.js";
import { memoryClaimStore } from "./memory-claims.js";
import type {
  KeyBudget,
  PacingSlot,
  PacingStore,
  SlotOutcome,
  SlotRequest,
  SlotSettlement,
} from "./pacing-store.js";
import type { RateBudget } from "./rate-budget.js";
import { type BudgetState, knownWaitMs, refusesAtOnce } from "./wait-bound.js";

/** Options of {@link createMemoryPacingStore}. */
export interface MemoryPacingStoreOptions {
  /** The clock, in milliseconds; defaults to `Date.now` read at each use. */
  now?: (() => number) | undefined;
}

/** The in-process store, with what only this process can do with it. */
export interface MemoryPacingStore extends PacingStore {
  /**
   * Counts a slot of `budget` that was taken through a shared store, without waiting or
   * refusing, so that pacing in this process while that store is down counts what was just sent
   * through it. Settle it as the shared slot is settled.
   */
  record(budget: KeyBudget): PacingSlot;
  /** How many keys hold budgets now (for tests and the heap bench). */
  size(): number;
}

/** The budgets of one key that are in use. */
type KeyBudgets = Partial<Record<RateBudget, RollingBudget>>;

/** An in-process {@link PacingStore}. Stores are independent: clients share budgets through one. */
export function createMemoryPacingStore(options: MemoryPacingStoreOptions = {}): MemoryPacingStore {
  const now = options.now ?? (() => Date.now());
  /** API key -> its budgets in use. Private to this closure. */
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
    (sweepTimer as { unref?: () => void }).unref?.();
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
    claims: memoryClaimStore(now),
    size: () => keys.size,
  };
}

/** How many keys an in-memory store holds budgets for; `undefined` for other stores. */
export function keysHeldBy(store: PacingStore): number | undefined {
  const size = (store as { size?: unknown }).size;
  return typeof size === "function" ? (size as () => number)() : undefined;
}

/** One budget: a rolling window of slots, a FIFO queue of waiters, and a 429 hold. */
interface RollingBudget {
  take(request: SlotRequest): Promise<SlotOutcome>;
  /** Counts a slot taken elsewhere (through a shared store), without waiting: see `record`. */
  record(): PacingSlot;
  /** Nothing held, nothing waiting and no hold at `t`. */
  isIdle(t: number): boolean;
}

/** A waiter: let through at time `t`, or told no slot opens within its wait. */
interface Waiter {
  readonly limit: number;
  readonly windowMs: number;
  /** When its wait bound passes. */
  readonly deadlineAt: number;
  grant(): void;
  refuse(opensInMs: number | undefined): void;
}

// A closure rather than a class: its state is private and needs no names at run time.
function rollingBudget(now: () => number): RollingBudget {
  /** When each used slot frees: `Infinity` while its response is outstanding. */
  let slots: { freeAt: number }[] = [];
  let queue: Waiter[] = [];
  /** Set from a 429: nothing is let through before this time. */
  let blockedUntil = -Infinity;
  /** A stricter limit a 429 announced: kept while the budget is in use, forgotten with it. */
  let announcedLimit = Infinity;
  let wakeTimer: ReturnType<typeof setTimeout> | undefined;
  /** When the armed wake-up fires; `Infinity` when none is armed. */
  let wakeAt = Infinity;

  const stateFor = (limit: number, windowMs: number): BudgetState => ({
    limit: Math.min(limit, announcedLimit),
    slotsFreeAt: slots.map((slot) => slot.freeAt),
    holdUntil: blockedUntil,
    windowMs,
  });

  /** When the head waiter may go: `t` at once, `Infinity` if only a settle can tell. */
  const nextOpeningAt = (t: number, limit: number): number =>
    Math.max(
      t,
      blockedUntil,
      slots.length < Math.min(limit, announcedLimit)
        ? t
        : // Full: the window opens when the earliest slot frees.
          Math.min(...slots.map((slot) => slot.freeAt)),
    );

  /** Arms one wake-up timer for `at` (none for `Infinity`), replacing any other. */
  const wake = (at: number, t: number): void => {
    if (at === wakeAt) return;
    clearTimeout(wakeTimer);
    wakeAt = at;
    // Not unref'd: a waiting request must keep the process alive until it is sent.
    if (Number.isFinite(at)) {
      // Clamped: a longer delay would fire at once and spin. The pump re-arms when it fires early.
      wakeTimer = setTimeout(
        () => {
          wakeAt = Infinity;
          pump();
        },
        clampTimerDelay(at - t),
      );
    }
  };

  /**
   * Lets waiters through, in order, while there is room; refuses, at once, every waiter whose
   * wait is now known to outlast its bound (a 429 hold, a stricter limit); otherwise arms one
   * wake-up timer.
   */
  const pump = (): void => {
    const t = now();
    // Slots whose window has passed are dropped, so memory stays bounded by the limit.
    slots = slots.filter((slot) => slot.freeAt > t);
    for (;;) {
      const head = queue[0];
      if (head === undefined || nextOpeningAt(t, head.limit) > t) break;
      queue.shift()!.grant();
    }
    const refused: [Waiter, number][] = [];
    queue = queue.filter((waiter, rank) => {
      const known = knownWaitMs(stateFor(waiter.limit, waiter.windowMs), rank - refused.length, t);
      if (!refusesAtOnce(known, waiter.deadlineAt - t)) return true;
      refused.push([waiter, known]);
      return false;
    });
    for (const [waiter, known] of refused) waiter.refuse(known);
    const head = queue[0];
    const openingAt = head === undefined ? Infinity : nextOpeningAt(t, head.limit);
    // Every slot in flight: none frees sooner than a window after its response, so the line is
    // looked at again a window from now, when what is known of the wait has grown (as a shared
    // store's waiters ask again then).
    wake(Number.isFinite(openingAt) || head === undefined ? openingAt : t + head.windowMs, t);
  };

  const settleSlot = (slot: { freeAt: number }, settlement: SlotSettlement): void => {
    const t = now();
    slot.freeAt = t + settlement.countsForMs;
    if (settlement.holdMs !== undefined)
      blockedUntil = Math.max(blockedUntil, t + settlement.holdMs);
    if (settlement.announcedLimit !== undefined) {
      announcedLimit = Math.min(announcedLimit, Math.max(1, settlement.announcedLimit));
    }
    pump();
  };

  return {
    isIdle: (t) =>
      queue.length === 0 && blockedUntil <= t && slots.every((slot) => slot.freeAt <= t),
    record: () => grantSlot(),
    take(request) {
      const { signal, maxWaitMs } = request;
      if (signal?.aborted) return Promise.reject(signal.reason);
      const t = now();
      // The fast path: room, nobody waiting, no hold.
      if (queue.length === 0 && nextOpeningAt(t, request.limit) === t) {
        return Promise.resolve({ granted: true, slot: grantSlot() });
      }
      // Known to outlast the wait: say so at once, sending nothing.
      const state = stateFor(request.limit, request.windowMs);
      const known = knownWaitMs(state, queue.length, t);
      if (refusesAtOnce(known, maxWaitMs)) {
        return Promise.resolve({ granted: false, opensInMs: known });
      }
      return new Promise<SlotOutcome>((resolve, reject) => {
        const leave = (): void => {
          clearTimeout(deadline);
          signal?.removeEventListener("abort", onAbort);
        };
        const onAbort = (): void => {
          leave();
          queue = queue.filter((other) => other !== waiter);
          // The head may have changed, so the wake-up time may too.
          pump();
          reject(signal?.reason);
        };
        const waiter: Waiter = {
          limit: request.limit,
          windowMs: request.windowMs,
          deadlineAt: t + maxWaitMs,
          grant: () => {
            leave();
            resolve({ granted: true, slot: grantSlot() });
          },
          refuse: (opensInMs) => {
            leave();
            resolve({ granted: false, opensInMs });
          },
        };
        const deadline = setTimeout(() => {
          const rank = queue.indexOf(waiter);
          if (rank === -1) return;
          queue.splice(rank, 1);
          const at = knownWaitMs(stateFor(request.limit, request.windowMs), rank, now());
          waiter.refuse(at);
          pump();
        }, clampTimerDelay(maxWaitMs));
        signal?.addEventListener("abort", onAbort, { once: true });
        queue.push(waiter);
        pump();
        const position = queue.indexOf(waiter) + 1;
        if (position === 0 || request.onQueued === undefined) return;
        const wait = knownWaitMs(stateFor(request.limit, request.windowMs), position - 1, now());
        request.onQueued({ opensInMs: wait, position });
      });
    },
  };

  function grantSlot(): PacingSlot {
    const slot = { freeAt: Infinity };
    slots.push(slot);
    let settled = false;
    return {
      settle(settlement) {
        if (settled) return;
        settled = true;
        settleSlot(slot, settlement);
      },
    };
  }
}
