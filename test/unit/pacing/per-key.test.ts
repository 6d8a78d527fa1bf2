import { inspect } from "node:util";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createKeyPacer } from "../../../src/core/pacing/key-pacer.js";
import { createMemoryPacingStore } from "../../../src/core/pacing/memory-store.js";
import type { PacingStore } from "../../../src/core/pacing/pacing-store.js";
import { PACING_LIMITS } from "../../../src/core/pacing/rate-budget.js";
import { acquireMany, flush, freshKey, WINDOW, watch } from "./support.js";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
});

afterEach(() => {
  vi.useRealTimers();
});

describe("one limiter per key", () => {
  it("two pacers for the same key share its budget", async () => {
    const key = freshKey();
    await acquireMany("create", PACING_LIMITS.create, createKeyPacer(key));
    const sameKey = watch(createKeyPacer(key).acquire("create"));
    await flush();
    expect(sameKey.settled).toBe(false);
  });

  it("pacers for different keys do not", async () => {
    await acquireMany("create", PACING_LIMITS.create, createKeyPacer(freshKey()));
    const otherKey = watch(createKeyPacer(freshKey()).acquire("create"));
    await flush();
    expect(otherKey.release).toBeTypeOf("function");
  });

  it("a pacer on its own clock keeps its own budgets, as times from two clocks cannot be compared", async () => {
    const key = freshKey();
    const manualClock = () => 1_000;
    const manual = createKeyPacer(key, { now: manualClock });
    await acquireMany("create", PACING_LIMITS.create, manual);
    const sameClock = watch(manual.acquire("create"));
    const systemClock = watch(createKeyPacer(key).acquire("create"));
    await flush();
    expect(sameClock.settled).toBe(false);
    expect(systemClock.release).toBeTypeOf("function");
  });

  it("never shows the key when inspected or logged", async () => {
    const key = freshKey();
    const lines: unknown[] = [];
    // A shared store that is down: the pacer's only log lines are about its store.
    const down: PacingStore = {
      kind: "down",
      takeSlot: () => Promise.reject(new Error("connection refused")),
      claims: createMemoryPacingStore().claims,
    };
    const pacer = createKeyPacer(key, {
      store: down,
      logger: { warn: (message, fields) => lines.push({ message, fields }) },
    });
    const releases = await acquireMany("create", PACING_LIMITS.create, pacer);
    const waiting = watch(pacer.acquire("create"));
    releases[0]!(new Response(null, { status: 429, headers: { "Retry-After": "5" } }));
    await vi.advanceTimersByTimeAsync(2 * WINDOW);
    expect(waiting.release).toBeTypeOf("function");

    expect(lines.length).toBeGreaterThan(0);
    expect(JSON.stringify(lines)).not.toContain(key);
    expect(inspect(pacer, { depth: 10, showHidden: true })).not.toContain(key);
  });
});

describe("the memory store's sweep of idle keys", () => {
  it("never keeps a process alive on its own", async () => {
    vi.useRealTimers();
    const armed = vi.spyOn(globalThis, "setTimeout");
    const store = createMemoryPacingStore();
    const windowMs = 60_000;
    const outcome = await store.takeSlot({
      apiKey: freshKey(),
      budget: "other",
      limit: 10,
      windowMs,
      leaseMs: windowMs,
      maxWaitMs: 0,
    });
    const sweeps = armed.mock.calls.flatMap(([, delay], index) =>
      delay === windowMs ? [armed.mock.results[index]?.value as NodeJS.Timeout] : [],
    );
    armed.mockRestore();
    expect(outcome.granted).toBe(true);
    expect(sweeps).toHaveLength(1);
    expect(sweeps[0]?.hasRef()).toBe(false);
  });
});
