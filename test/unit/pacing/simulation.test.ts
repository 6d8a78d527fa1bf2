import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createKeyPacer } from "../../../src/core/pacing/key-pacer.js";
import type { RateBudget } from "../../../src/core/pacing/rate-budget.js";
import { PACING_LIMITS } from "../../../src/core/pacing/rate-budget.js";
import { granted } from "../../support/granted.js";
import { freshKey, GUARD, LONG_WAIT, ok, WINDOW } from "./support.js";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
});

afterEach(() => {
  vi.useRealTimers();
});

describe("simulation: 100 creates and 300 reads fired at once", () => {
  interface Sent {
    sentAt: number;
    respondedAt: number;
  }

  /** Every rolling window, from each send, holds no more than `limit` sends. */
  function maxInAnyWindow(sends: Sent[]): number {
    const times = sends.map((s) => s.sentAt).sort((a, b) => a - b);
    let max = 0;
    for (let i = 0, j = 0; i < times.length; i++) {
      while (j < times.length && times[j]! < times[i]! + WINDOW) j++;
      max = Math.max(max, j - i);
    }
    return max;
  }

  /**
   * Stronger than counting sends: the service counts a request from its arrival, somewhere
   * between its send and its response. When any request is sent, fewer than `limit` earlier
   * requests may still be inside its window, i.e. were answered less than a window before it.
   */
  function arrivalSafe(sends: Sent[], limit: number): boolean {
    return sends.every(
      (k) =>
        sends.filter((i) => i !== k && i.sentAt <= k.sentAt && i.respondedAt + WINDOW > k.sentAt)
          .length < limit,
    );
  }

  it("never exceeds either limit in any rolling window and takes no less than the minimum", async () => {
    const start = Date.now();
    const pacer = createKeyPacer(freshKey());
    let seed = 7;
    const latency = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return 50 + (seed % 3_000); // 50 ms to ~3 s
    };
    const sent: Record<RateBudget, Sent[]> = { create: [], other: [] };
    const request = async (route: RateBudget) => {
      const release = await granted(pacer.acquire(route, undefined, LONG_WAIT));
      const sentAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, latency()));
      sent[route].push({ sentAt, respondedAt: Date.now() });
      release(ok());
    };
    const all = Promise.all([
      ...Array.from({ length: 100 }, () => request("create")),
      ...Array.from({ length: 300 }, () => request("other")),
    ]);
    await vi.runAllTimersAsync();
    await all;

    expect(sent.create).toHaveLength(100);
    expect(sent.other).toHaveLength(300);
    expect(maxInAnyWindow(sent.create)).toBe(PACING_LIMITS.create);
    expect(maxInAnyWindow(sent.other)).toBe(PACING_LIMITS.other);
    expect(arrivalSafe(sent.create, PACING_LIMITS.create)).toBe(true);
    expect(arrivalSafe(sent.other, PACING_LIMITS.other)).toBe(true);

    // 100 creates need 10 full windows: the last goes no sooner than 9 windows in.
    const lastCreate = Math.max(...sent.create.map((s) => s.sentAt)) - start;
    const lastRead = Math.max(...sent.other.map((s) => s.sentAt)) - start;
    expect(lastCreate).toBeGreaterThanOrEqual(9 * WINDOW);
    expect(lastRead).toBeGreaterThanOrEqual(4 * WINDOW);
    // ...and no later than pacing needs: each round waits only for latency plus the guard.
    expect(lastCreate).toBeLessThanOrEqual(9 * (WINDOW + GUARD + 3_050));
    expect(lastRead).toBeLessThanOrEqual(4 * (WINDOW + GUARD + 3_050));
  });
});
