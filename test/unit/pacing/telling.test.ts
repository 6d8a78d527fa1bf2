import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createKeyPacer } from "../../../src/core/pacing/key-pacer.js";
import { PACING_LIMITS } from "../../../src/core/pacing/rate-budget.js";
import { DEFAULT_ACQUIRE } from "../../../src/core/pacing/wait-bound.js";
import { acquireMany, freshKey, GUARD, ok, WINDOW } from "./support.js";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
});

afterEach(() => {
  vi.useRealTimers();
});

describe("telling a wait", () => {
  it("tells onWait, once and before waiting, the expected wait and the place in line", async () => {
    const onWait = vi.fn();
    const pacer = createKeyPacer(freshKey());
    const wait = { ...DEFAULT_ACQUIRE, onWait };
    const releases = await acquireMany("create", PACING_LIMITS.create, pacer);
    for (const release of releases) release(ok());
    expect(onWait).not.toHaveBeenCalled();
    const first = pacer.acquire("create", undefined, wait);
    const second = pacer.acquire("create", undefined, wait);
    expect(onWait.mock.calls).toEqual([
      [{ expectedWaitMs: WINDOW + GUARD, queuePosition: 1 }],
      [{ expectedWaitMs: WINDOW + GUARD, queuePosition: 2 }],
    ]);
    await vi.advanceTimersByTimeAsync(WINDOW + GUARD);
    await Promise.all([first, second]);
    expect(onWait).toHaveBeenCalledTimes(2);
  });
});
