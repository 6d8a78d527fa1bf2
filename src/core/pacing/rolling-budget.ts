/**
 * One budget of one key in this process's memory: a rolling window of slots, a FIFO queue of
 * waiters and a 429 hold (the memory store keeps one per key and budget in use).
 */

import { clampTimerDelay } from "../timers.js";
import type { BudgetReading } from "./budget-status.js";
import type { PacingSlot, SlotOutcome, SlotRequest, SlotSettlement } from "./pacing-store.js";
import { type BudgetState, knownWaitMs, refusesAtOnce } from "./wait-bound.js";

export interface RollingBudget {
  take(request: SlotRequest): Promise<SlotOutcome>;
  /** Counts a slot taken elsewhere (through a shared store), without waiting: see `record`. */
  record(): PacingSlot;
  /** Nothing held, nothing waiting and no hold at `t`. */
  isIdle(t: number): boolean;
  /** What it holds at `t`, changing nothing. */
  read(t: number): BudgetReading;
}

/** A waiter: let through at time `t`, or told no slot opens within its wait. */
interface Waiter {
  readonly limit: number;
  readonly windowMs: number;
  readonly deadlineAt: number;
  grant(): void;
  refuse(opensInMs: number | undefined): void;
}

// A closure rather than a class: its state is private and needs no names at run time.
export function rollingBudget(now: () => number): RollingBudget {
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
   * Lets waiters through in order while there is room. A waiter whose wait is now known to
   * outlast its bound is refused at once.
   */
  const pump = (): void => {
    const t = now();
    // Slots whose window has passed are dropped, so memory stays bounded by the limit.
    slots = slots.filter((slot) => slot.freeAt > t);
    // Nobody waits (each call of a quiet client): no line to serve, and no wake-up to arm.
    if (queue.length === 0 && wakeAt === Infinity) return;
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
    read: (t) => ({
      slotsFreeInMs: slots.filter((slot) => slot.freeAt > t).map((slot) => slot.freeAt - t),
      waiting: queue.length,
      holdForMs: Math.max(0, blockedUntil - t),
      announcedLimit: Number.isFinite(announcedLimit) ? announcedLimit : undefined,
    }),
    take(request) {
      const { signal, maxWaitMs } = request;
      if (signal?.aborted) return Promise.reject(signal.reason);
      const t = now();
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
