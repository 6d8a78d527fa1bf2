/** The timer leaf: the one timeout race and the one abort race every store and pacer uses. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sleepInBackground, untilAborted, withTimeout } from "../../../src/core/timers.js";

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

const never = () => new Promise<never>(() => {});

describe("withTimeout", () => {
  it("rejects with the given error when the time runs out first", async () => {
    const raced = withTimeout(never(), 1_000, { error: () => new Error("no answer") });
    const outcome = raced.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(999);
    expect(vi.getTimerCount()).toBe(1);
    // The time runs out at 1 000 ms; the rejection waits one more turn of the event loop.
    await vi.advanceTimersByTimeAsync(2);
    expect(await outcome).toEqual(new Error("no answer"));
    expect(vi.getTimerCount()).toBe(0);
  });

  it("takes an answer that arrives as the time runs out, rather than counting a timeout", async () => {
    let answer!: (value: string) => void;
    const late = new Promise<string>((resolve) => (answer = resolve));
    const raced = withTimeout(late, 1_000, { error: () => new Error("no answer") });
    // The answer comes in the same turn as the timer: it is taken.
    setTimeout(() => answer("answered"), 1_000);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(raced).resolves.toBe("answered");
  });

  it("settles like the promise and clears its timer", async () => {
    await expect(withTimeout(Promise.resolve(7), 1_000, { error: () => "x" })).resolves.toBe(7);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("keeps the process alive by default, and not with keepAlive: false", async () => {
    vi.useRealTimers();
    const armed = vi.spyOn(globalThis, "setTimeout");
    const settle: (() => void)[] = [];
    const pending = (keepAlive?: boolean) =>
      withTimeout(
        new Promise<void>((resolve) => settle.push(resolve)),
        60_000,
        keepAlive === undefined ? { error: () => "x" } : { error: () => "x", keepAlive },
      );
    const kept = pending();
    const background = pending(false);
    const [keptTimer, backgroundTimer] = armed.mock.results.map(
      (result) => result.value as NodeJS.Timeout,
    );
    armed.mockRestore();
    expect(keptTimer?.hasRef()).toBe(true);
    expect(backgroundTimer?.hasRef()).toBe(false);
    for (const resolve of settle) resolve();
    await Promise.all([kept, background]);
  });
});

describe("untilAborted", () => {
  it("rejects with the signal's reason as soon as it aborts", async () => {
    const controller = new AbortController();
    const raced = untilAborted(never(), controller.signal);
    const reason = new Error("caller gave up");
    controller.abort(reason);
    await expect(raced).rejects.toBe(reason);
  });

  it("rejects at once on a signal already aborted, and settles like the promise otherwise", async () => {
    const reason = new Error("gone");
    await expect(untilAborted(Promise.resolve(1), AbortSignal.abort(reason))).rejects.toBe(reason);
    await expect(untilAborted(Promise.resolve(2), new AbortController().signal)).resolves.toBe(2);
    await expect(untilAborted(Promise.resolve(3), undefined)).resolves.toBe(3);
  });
});

describe("sleepInBackground", () => {
  it("never keeps the process alive", async () => {
    vi.useRealTimers();
    const armed = vi.spyOn(globalThis, "setTimeout");
    const slept = sleepInBackground(1);
    const timer = armed.mock.results[0]?.value as NodeJS.Timeout;
    armed.mockRestore();
    expect(timer.hasRef()).toBe(false);
    await slept;
  });
});
