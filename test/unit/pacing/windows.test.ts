import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createKeyPacer } from "../../../src/core/pacing/key-pacer.js";
import { PACING_LIMITS } from "../../../src/core/pacing/rate-budget.js";
import {
  acquireMany,
  advanceTo,
  flush,
  freshKey,
  GUARD,
  LONG_WAIT,
  ok,
  WINDOW,
  watch,
} from "./support.js";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
});

afterEach(() => {
  vi.useRealTimers();
});

describe("rolling windows per budget (api-v1.md §8)", () => {
  it("LIMIT-1 ten creates go at once and the eleventh waits until the first slot frees", async () => {
    const start = Date.now();
    const pacer = createKeyPacer(freshKey());
    const first = watch(pacer.acquire("create"));
    await flush();
    first.release!(ok());
    const others = await acquireMany("create", PACING_LIMITS.create - 1, pacer);
    await advanceTo(start, 5_000);
    for (const release of others) release(ok());

    const eleventh = watch(pacer.acquire("create"));
    await advanceTo(start, WINDOW + GUARD - 1);
    expect(eleventh.settled).toBe(false);
    await advanceTo(start, WINDOW + GUARD);
    expect(eleventh.release).toBeTypeOf("function");

    // The second slot was answered at 5 s, so a twelfth waits for that one.
    const twelfth = watch(pacer.acquire("create"));
    await advanceTo(start, 5_000 + WINDOW + GUARD - 1);
    expect(twelfth.settled).toBe(false);
    await advanceTo(start, 5_000 + WINDOW + GUARD);
    expect(twelfth.release).toBeTypeOf("function");
  });

  it("LIMIT-2 sixty reads go at once and the sixty-first waits until the first slot frees", async () => {
    const start = Date.now();
    const pacer = createKeyPacer(freshKey());
    const releases = await acquireMany("other", PACING_LIMITS.other, pacer);
    expect(releases).toHaveLength(60);
    await advanceTo(start, 1_000);
    for (const release of releases) release(ok());

    const next = watch(pacer.acquire("other"));
    await advanceTo(start, 1_000 + WINDOW + GUARD - 1);
    expect(next.settled).toBe(false);
    await advanceTo(start, 1_000 + WINDOW + GUARD);
    expect(next.release).toBeTypeOf("function");
  });

  it("LIMIT-1 LIMIT-2 creates and other routes are separate budgets", async () => {
    const pacer = createKeyPacer(freshKey());
    await acquireMany("create", PACING_LIMITS.create, pacer);
    const read = watch(pacer.acquire("other"));
    await flush();
    expect(read.release).toBeTypeOf("function");

    const otherPacer = createKeyPacer(freshKey());
    await acquireMany("other", PACING_LIMITS.other, otherPacer);
    const create = watch(otherPacer.acquire("create"));
    await flush();
    expect(create.release).toBeTypeOf("function");
  });

  it("counts a slot from its send until its response plus the guard, so a slow response delays reuse", async () => {
    const start = Date.now();
    const pacer = createKeyPacer(freshKey());
    const releases = await acquireMany("create", PACING_LIMITS.create, pacer);
    await advanceTo(start, 20_000);
    releases[0]!(ok()); // the first answer took 20 s...
    await advanceTo(start, 30_000);
    for (const release of releases.slice(1)) release(ok()); // ...the others 30 s

    const next = watch(pacer.acquire("create"));
    await advanceTo(start, WINDOW + GUARD);
    expect(next.settled).toBe(false); // a send-time-only count would have let it go here
    await advanceTo(start, 20_000 + WINDOW + GUARD - 1);
    expect(next.settled).toBe(false);
    await advanceTo(start, 20_000 + WINDOW + GUARD);
    expect(next.release).toBeTypeOf("function");
  });

  it("holds a full window of unanswered requests until a response arrives, without polling", async () => {
    const start = Date.now();
    const pacer = createKeyPacer(freshKey());
    const releases = await acquireMany("create", PACING_LIMITS.create, pacer);
    const next = watch(pacer.acquire("create", undefined, LONG_WAIT));
    await advanceTo(start, 5 * WINDOW);
    expect(next.settled).toBe(false);
    // The wait's own bound and one look at the line per window: nothing polls.
    expect(vi.getTimerCount()).toBe(2);

    releases[3]!(); // no Response: a network failure still counts the request
    await advanceTo(start, 6 * WINDOW + GUARD - 1);
    expect(next.settled).toBe(false);
    await advanceTo(start, 6 * WINDOW + GUARD);
    expect(next.release).toBeTypeOf("function");
  });

  it("releasing a slot twice frees it once", async () => {
    const start = Date.now();
    const pacer = createKeyPacer(freshKey());
    const releases = await acquireMany("create", PACING_LIMITS.create, pacer);
    releases[0]!(ok());
    await advanceTo(start, 30_000);
    releases[0]!(ok()); // ignored: does not push the slot's reuse back by 30 s

    const next = watch(pacer.acquire("create"));
    await advanceTo(start, WINDOW + GUARD);
    expect(next.release).toBeTypeOf("function");
  });
});
