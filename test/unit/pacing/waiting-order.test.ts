import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createKeyPacer } from "../../../src/core/pacing/key-pacer.js";
import { noopPacer, type ReleasePacedSlot } from "../../../src/core/pacing/pacer.js";
import { PACING_LIMITS } from "../../../src/core/pacing/rate-budget.js";
import { granted } from "../../support/granted.js";
import { acquireMany, advanceTo, flush, freshKey, GUARD, ok, WINDOW, watch } from "./support.js";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
});

afterEach(() => {
  vi.useRealTimers();
});

describe("waiting order and cancellation", () => {
  it("serves waiting requests first come, first served", async () => {
    const start = Date.now();
    const pacer = createKeyPacer(freshKey());
    const releases = await acquireMany("create", PACING_LIMITS.create, pacer);
    const order: string[] = [];
    const waiters = ["a", "b", "c"].map((name) =>
      granted(pacer.acquire("create")).then((release) => {
        order.push(name);
        return release;
      }),
    );
    // Slots free one by one, in the reverse order of their sending.
    for (const [index, release] of [...releases].reverse().entries()) {
      await advanceTo(start, (index + 1) * 1_000);
      release(ok());
    }
    await advanceTo(start, 1_000 + WINDOW + GUARD);
    expect(order).toEqual(["a"]);
    await advanceTo(start, 3_000 + WINDOW + GUARD);
    expect(order).toEqual(["a", "b", "c"]);
    await Promise.all(waiters);
  });

  it("an aborted wait rejects with the signal's reason and gives its turn to the next in line", async () => {
    const start = Date.now();
    const pacer = createKeyPacer(freshKey());
    const releases = await acquireMany("create", PACING_LIMITS.create, pacer);
    // Two slots free at one window; the rest half a window later.
    for (const release of releases.slice(0, 2)) release(ok());
    await advanceTo(start, WINDOW / 2);
    for (const release of releases.slice(2)) release(ok());

    const controller = new AbortController();
    const aborted = watch(pacer.acquire("create", controller.signal));
    const next = watch(pacer.acquire("create"));
    const last = watch(pacer.acquire("create"));
    await advanceTo(start, WINDOW / 2 + 1_000);
    const reason = new Error("caller gave up");
    controller.abort(reason);
    await flush();
    expect(aborted.error).toBe(reason);
    expect(next.settled).toBe(false);

    // The aborted wait used no slot: both remaining waiters go when the first slots free.
    await advanceTo(start, WINDOW + GUARD);
    expect(next.release).toBeTypeOf("function");
    expect(last.release).toBeTypeOf("function");
  });

  it("an already-aborted signal rejects at once without taking a slot", async () => {
    const pacer = createKeyPacer(freshKey());
    const controller = new AbortController();
    controller.abort();
    await expect(pacer.acquire("create", controller.signal)).rejects.toMatchObject({
      name: "AbortError",
    });
    // All ten slots are still there.
    const releases = await acquireMany("create", PACING_LIMITS.create, pacer);
    expect(releases).toHaveLength(PACING_LIMITS.create);
  });

  it("the no-op pacer never waits but honours an aborted signal", async () => {
    const releases: ReleasePacedSlot[] = [];
    for (let i = 0; i < 100; i++) releases.push(await granted(noopPacer.acquire("create")));
    expect(releases).toHaveLength(100);
    await expect(noopPacer.acquire("other", AbortSignal.abort())).rejects.toMatchObject({
      name: "AbortError",
    });
  });
});
