/** What the pacing tests share: a key of their own each, and the fake clock's steps. */
import { vi } from "vitest";
import { createKeyPacer } from "../../../src/core/pacing/key-pacer.js";
import type { ReleasePacedSlot, SlotAnswer, SlotRefusal } from "../../../src/core/pacing/pacer.js";
import type { RateBudget } from "../../../src/core/pacing/rate-budget.js";
import { DEFAULT_PACING_GUARD_MS, PACING_WINDOW_MS } from "../../../src/core/pacing/rate-budget.js";
import { DEFAULT_ACQUIRE } from "../../../src/core/pacing/wait-bound.js";
import { granted } from "../../support/granted.js";

export const WINDOW = PACING_WINDOW_MS;
export const GUARD = DEFAULT_PACING_GUARD_MS;

// The limiter registry is module-level and keyed by key, so each test uses its own key.
let keyCounter = 0;
export const freshKey = () => `pl_test_pacingKey${++keyCounter}x7Qz`;

/** Watches an acquire without awaiting it, so a test can ask whether it has gone yet. */
export function watch(promise: Promise<SlotAnswer>) {
  const state: {
    release?: ReleasePacedSlot;
    refusal?: SlotRefusal;
    error?: unknown;
    settled: boolean;
  } = { settled: false };
  promise.then(
    (answer) => {
      if (answer.granted) state.release = answer.release;
      else state.refusal = answer;
      state.settled = true;
    },
    (error: unknown) => {
      state.error = error;
      state.settled = true;
    },
  );
  return state;
}

export const ok = () => new Response(null, { status: 200 });
/** The longest bound a timer allows: for waits that outlast the default five minutes. */
export const LONG_WAIT = { ...DEFAULT_ACQUIRE, maxWaitMs: 2_147_483_647 };
export const flush = () => vi.advanceTimersByTimeAsync(0);
/** Advance the fake clock to `ms` after `start`. */
export const advanceTo = (start: number, ms: number) =>
  vi.advanceTimersByTimeAsync(start + ms - Date.now());

export async function acquireMany(
  route: RateBudget,
  count: number,
  pacer = createKeyPacer(freshKey()),
) {
  const releases: ReleasePacedSlot[] = [];
  for (let i = 0; i < count; i++) releases.push(await granted(pacer.acquire(route)));
  return releases;
}
