/**
 * Node's timers overflow above 2^31 − 1 ms: a longer delay fires at once, with a
 * `TimeoutOverflowWarning`. The SDK's one sleep (waits before a retry, the fake's latency)
 * clamps every delay, so a huge wait never turns into a busy loop.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clampTimerDelay, MAX_TIMER_DELAY_MS, sleep } from "../../src/core/timers.js";

const warnings: string[] = [];
const onWarning = (warning: Error) => warnings.push(warning.name);
afterEach(() => {
  process.off("warning", onWarning);
  warnings.length = 0;
});

describe("sleep", () => {
  it.each([2 ** 31, 9_999_999_999_000, Number.POSITIVE_INFINITY])(
    "of %d ms does not fire at once and raises no TimeoutOverflowWarning",
    async (ms) => {
      process.on("warning", onWarning);
      const controller = new AbortController();
      let settled = "pending";
      const waiting = sleep(ms, controller.signal).then(
        () => (settled = "resolved"),
        () => (settled = "rejected"),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(settled).toBe("pending");
      controller.abort(new Error("stop"));
      await waiting;
      expect(settled).toBe("rejected");
      expect(warnings).not.toContain("TimeoutOverflowWarning");
    },
  );

  it("rejects with the signal's reason, at once when already aborted", async () => {
    const reason = new Error("stop");
    await expect(sleep(10, AbortSignal.abort(reason))).rejects.toBe(reason);
  });

  it("clamps negative, NaN and huge delays", () => {
    expect(clampTimerDelay(-5)).toBe(0);
    expect(clampTimerDelay(Number.NaN)).toBe(0);
    expect(clampTimerDelay(1e15)).toBe(MAX_TIMER_DELAY_MS);
    expect(clampTimerDelay(250)).toBe(250);
  });
});
