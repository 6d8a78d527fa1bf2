/** The one ask-and-sleep loop of the session pacer and the Redis store. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type AskAnswer, askUntilGranted } from "../../../src/core/pacing/ask-until-granted.js";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
});

afterEach(() => {
  vi.useRealTimers();
});

/** A store whose slot opens at `opensAt` (fake time), asked through `ask`; counts the asks. */
const storeOpeningAt = (opensAt: number) => {
  const asks: number[] = [];
  const ask = (): AskAnswer<string> => {
    asks.push(Date.now());
    const waitMs = opensAt - Date.now();
    return waitMs > 0 ? { granted: false, waitMs, position: 2 } : { granted: true, value: "slot" };
  };
  return { ask, asks };
};

describe("askUntilGranted", () => {
  it("sleeps until the slot can open, asks again, and tells the wait once", async () => {
    const start = Date.now();
    const { ask, asks } = storeOpeningAt(start + 3_000);
    const onQueued = vi.fn();
    const outcome = askUntilGranted({ ask, maxWaitMs: 10_000, onQueued });
    await vi.advanceTimersByTimeAsync(3_000);
    await expect(outcome).resolves.toEqual({ granted: true, value: "slot" });
    expect(asks.map((at) => at - start)).toEqual([0, 3_000]);
    expect(onQueued.mock.calls).toEqual([[{ opensInMs: 3_000, position: 2 }]]);
  });

  it("refuses at once a wait known to outlast the bound: waitedMs 0, and no sleep", async () => {
    const { ask, asks } = storeOpeningAt(Date.now() + 30_000);
    const outcome = await askUntilGranted({ ask, maxWaitMs: 10_000 });
    expect(outcome).toEqual({ granted: false, opensInMs: 30_000, waitedMs: 0 });
    expect(asks).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("counts the time an ask takes against the bound: a slow first answer is not 'at once'", async () => {
    let asks = 0;
    // A store that takes 800 ms to answer that a slot opens in 500 ms.
    const slowAsk = (): Promise<AskAnswer<string>> => {
      asks += 1;
      return new Promise((resolve) =>
        setTimeout(() => resolve({ granted: false, waitMs: 500, position: 1 }), 800),
      );
    };
    const outcome = askUntilGranted({ ask: slowAsk, maxWaitMs: 1_000 });
    await vi.advanceTimersByTimeAsync(5_000);
    // 200 ms are left of the bound, less than the 500 ms wait: refused without asking again.
    await expect(outcome).resolves.toEqual({ granted: false, opensInMs: 500, waitedMs: 800 });
    expect(asks).toBe(1);
  });

  it("refuses when what is left of the bound no longer covers the wait, saying how long it waited", async () => {
    let opensAt = Date.now() + 4_000;
    const outcome = askUntilGranted({
      // The slot moves back each time it is asked for (another process took it).
      ask: () => {
        const waitMs = opensAt - Date.now();
        opensAt += 8_000;
        return { granted: false, waitMs, position: 1 };
      },
      maxWaitMs: 10_000,
    });
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(outcome).resolves.toEqual({ granted: false, opensInMs: 8_000, waitedMs: 4_000 });
  });

  it("sleeps what sleepMsFor says, never past the bound", async () => {
    const start = Date.now();
    const { ask, asks } = storeOpeningAt(start + 25_000);
    const outcome = askUntilGranted({
      ask,
      maxWaitMs: 30_000,
      sleepMsFor: (waitMs) => Math.min(waitMs, 10_000),
    });
    await vi.advanceTimersByTimeAsync(25_000);
    await expect(outcome).resolves.toEqual({ granted: true, value: "slot" });
    expect(asks.map((at) => at - start)).toEqual([0, 10_000, 20_000, 25_000]);
  });

  it("an abort ends the sleep with the signal's reason", async () => {
    const { ask } = storeOpeningAt(Date.now() + 5_000);
    const controller = new AbortController();
    const outcome = askUntilGranted({ ask, maxWaitMs: 10_000, signal: controller.signal });
    const reason = new Error("caller gave up");
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort(reason);
    await expect(outcome).rejects.toBe(reason);
  });
});
