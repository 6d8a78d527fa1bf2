import { inspect } from "node:util";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createPacer } from "../../src/core/pacing/key-pacer.js";
import { createMemoryPacingStore } from "../../src/core/pacing/memory-store.js";
import { noopPacer, type ReleasePacedSlot } from "../../src/core/pacing/pacer.js";
import type {
  PacingStore,
  SlotOutcome,
  SlotRequest,
  SlotSettlement,
} from "../../src/core/pacing/pacing-store.js";
import type { RateBudget } from "../../src/core/pacing/rate-budget.js";
import {
  DEFAULT_PACING_GUARD_MS,
  PACING_LIMITS,
  PACING_WINDOW_MS,
} from "../../src/core/pacing/rate-budget.js";
import { DEFAULT_ACQUIRE } from "../../src/core/pacing/wait-bound.js";
import { RateLimitWaitError } from "../../src/index.js";

const WINDOW = PACING_WINDOW_MS;
const GUARD = DEFAULT_PACING_GUARD_MS;

// The limiter registry is module-level and keyed by key, so each test uses its own key.
let keyCounter = 0;
const freshKey = () => `pl_test_pacingKey${++keyCounter}x7Qz`;

/** Watches an acquire without awaiting it, so a test can ask whether it has gone yet. */
function watch(promise: Promise<ReleasePacedSlot>) {
  const state: { release?: ReleasePacedSlot; error?: unknown; settled: boolean } = {
    settled: false,
  };
  promise.then(
    (release) => {
      state.release = release;
      state.settled = true;
    },
    (error: unknown) => {
      state.error = error;
      state.settled = true;
    },
  );
  return state;
}

const ok = () => new Response(null, { status: 200 });
/** The longest bound a timer allows: for waits that outlast the default five minutes. */
const LONG_WAIT = { ...DEFAULT_ACQUIRE, maxWaitMs: 2_147_483_647 };
const flush = () => vi.advanceTimersByTimeAsync(0);
/** Advance the fake clock to `ms` after `start`. */
const advanceTo = (start: number, ms: number) =>
  vi.advanceTimersByTimeAsync(start + ms - Date.now());

async function acquireMany(route: RateBudget, count: number, pacer = createPacer(freshKey())) {
  const releases: ReleasePacedSlot[] = [];
  for (let i = 0; i < count; i++) releases.push(await pacer.acquire(route));
  return releases;
}

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
    const pacer = createPacer(freshKey());
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
    const pacer = createPacer(freshKey());
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
    const pacer = createPacer(freshKey());
    await acquireMany("create", PACING_LIMITS.create, pacer);
    const read = watch(pacer.acquire("other"));
    await flush();
    expect(read.release).toBeTypeOf("function");

    const otherPacer = createPacer(freshKey());
    await acquireMany("other", PACING_LIMITS.other, otherPacer);
    const create = watch(otherPacer.acquire("create"));
    await flush();
    expect(create.release).toBeTypeOf("function");
  });

  it("counts a slot from its send until its response plus the guard, so a slow response delays reuse", async () => {
    const start = Date.now();
    const pacer = createPacer(freshKey());
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
    const pacer = createPacer(freshKey());
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
    const pacer = createPacer(freshKey());
    const releases = await acquireMany("create", PACING_LIMITS.create, pacer);
    releases[0]!(ok());
    await advanceTo(start, 30_000);
    releases[0]!(ok()); // ignored: does not push the slot's reuse back by 30 s

    const next = watch(pacer.acquire("create"));
    await advanceTo(start, WINDOW + GUARD);
    expect(next.release).toBeTypeOf("function");
  });
});

describe("waiting order and cancellation", () => {
  it("serves waiting requests first come, first served", async () => {
    const start = Date.now();
    const pacer = createPacer(freshKey());
    const releases = await acquireMany("create", PACING_LIMITS.create, pacer);
    const order: string[] = [];
    const waiters = ["a", "b", "c"].map((name) =>
      pacer.acquire("create").then((release) => {
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
    const pacer = createPacer(freshKey());
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
    const pacer = createPacer(freshKey());
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
    for (let i = 0; i < 100; i++) releases.push(await noopPacer.acquire("create"));
    expect(releases).toHaveLength(100);
    await expect(noopPacer.acquire("other", AbortSignal.abort())).rejects.toMatchObject({
      name: "AbortError",
    });
  });
});

describe("one limiter per key", () => {
  it("two pacers for the same key share its budget", async () => {
    const key = freshKey();
    await acquireMany("create", PACING_LIMITS.create, createPacer(key));
    const sameKey = watch(createPacer(key).acquire("create"));
    await flush();
    expect(sameKey.settled).toBe(false);
  });

  it("pacers for different keys do not", async () => {
    await acquireMany("create", PACING_LIMITS.create, createPacer(freshKey()));
    const otherKey = watch(createPacer(freshKey()).acquire("create"));
    await flush();
    expect(otherKey.release).toBeTypeOf("function");
  });

  it("a pacer on its own clock keeps its own budgets, as times from two clocks cannot be compared", async () => {
    const key = freshKey();
    const manualClock = () => 1_000;
    const manual = createPacer(key, { now: manualClock });
    await acquireMany("create", PACING_LIMITS.create, manual);
    const sameClock = watch(manual.acquire("create"));
    const systemClock = watch(createPacer(key).acquire("create"));
    await flush();
    expect(sameClock.settled).toBe(false);
    expect(systemClock.release).toBeTypeOf("function");
  });

  it("never shows the key when inspected or logged", async () => {
    const key = freshKey();
    const lines: unknown[] = [];
    const pacer = createPacer(key, {
      logger: { debug: (message, fields) => lines.push({ message, fields }) },
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

describe("learning from a 429 (api-v1.md §8)", () => {
  const rateLimited = (headers: Record<string, string>) =>
    new Response('{"error":{"code":"rate_limited"}}', { status: 429, headers });

  it("LIMIT-4 a 429 with Retry-After holds the budget until then, though slots remain", async () => {
    const start = Date.now();
    const pacer = createPacer(freshKey());
    const [release] = await acquireMany("create", 1, pacer);
    release!(
      rateLimited({
        "Retry-After": "30",
        "X-RateLimit-Limit": "10",
        "X-RateLimit-Remaining": "0",
        "X-RateLimit-Reset": String(Math.ceil((start + 30_000) / 1000)),
      }),
    );
    const next = watch(pacer.acquire("create"));
    await advanceTo(start, 30_000 + GUARD - 1);
    expect(next.settled).toBe(false);
    await advanceTo(start, 30_000 + GUARD);
    expect(next.release).toBeTypeOf("function");

    // The other budget was not held.
    const read = watch(pacer.acquire("other"));
    await flush();
    expect(read.release).toBeTypeOf("function");
  });

  it("LIMIT-4 without Retry-After, X-RateLimit-Reset (a Unix time) sets the hold", async () => {
    const start = Date.now();
    const pacer = createPacer(freshKey());
    const [release] = await acquireMany("other", 1, pacer);
    release!(
      rateLimited({ "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": String(start / 1000 + 42) }),
    );
    const next = watch(pacer.acquire("other"));
    await advanceTo(start, 42_000 + GUARD - 1);
    expect(next.settled).toBe(false);
    await advanceTo(start, 42_000 + GUARD);
    expect(next.release).toBeTypeOf("function");
  });

  it("a reset far ahead on a skewed server clock holds at most one window", async () => {
    const start = Date.now();
    const pacer = createPacer(freshKey());
    const [release] = await acquireMany("other", 1, pacer);
    release!(rateLimited({ "X-RateLimit-Reset": String(start / 1000 + 3_600) }));
    const next = watch(pacer.acquire("other"));
    await advanceTo(start, WINDOW + GUARD);
    expect(next.release).toBeTypeOf("function");
  });

  it("a 429 with no readable headers holds one full window", async () => {
    const start = Date.now();
    const pacer = createPacer(freshKey());
    const [release] = await acquireMany("other", 1, pacer);
    release!(rateLimited({ "Retry-After": "soon" }));
    const next = watch(pacer.acquire("other"));
    await advanceTo(start, WINDOW + GUARD - 1);
    expect(next.settled).toBe(false);
    await advanceTo(start, WINDOW + GUARD);
    expect(next.release).toBeTypeOf("function");
  });

  it("LIMIT-4 after the hold, a stricter X-RateLimit-Limit the 429 announced is kept", async () => {
    const start = Date.now();
    const pacer = createPacer(freshKey());
    const [release] = await acquireMany("other", 1, pacer);
    release!(rateLimited({ "Retry-After": "1", "X-RateLimit-Limit": "3" }));
    await advanceTo(start, 1_000 + GUARD);
    // One slot is still held by the rate-limited request, so two more fit under the limit of 3.
    const releases = await acquireMany("other", 2, pacer);
    expect(releases).toHaveLength(2);
    const fourth = watch(pacer.acquire("other"));
    await flush();
    expect(fourth.settled).toBe(false);
    // The rate-limited request's slot frees a window (plus the guard) after its response.
    await advanceTo(start, WINDOW + GUARD);
    expect(fourth.release).toBeTypeOf("function");
  });

  it("a looser X-RateLimit-Limit than the contract's is not adopted", async () => {
    const start = Date.now();
    const pacer = createPacer(freshKey());
    const [release] = await acquireMany("create", 1, pacer);
    release!(rateLimited({ "Retry-After": "1", "X-RateLimit-Limit": "1000" }));
    await advanceTo(start, 1_000 + GUARD);
    await acquireMany("create", PACING_LIMITS.create - 1, pacer);
    const eleventh = watch(pacer.acquire("create"));
    await flush();
    expect(eleventh.settled).toBe(false);
    await advanceTo(start, WINDOW + GUARD);
    expect(eleventh.release).toBeTypeOf("function");
  });

  it("a successful response never holds the budget", async () => {
    const pacer = createPacer(freshKey());
    const [release] = await acquireMany("create", 1, pacer);
    release!(new Response(null, { status: 200, headers: { "Retry-After": "30" } }));
    const next = watch(pacer.acquire("create"));
    await flush();
    expect(next.release).toBeTypeOf("function");
  });
});

describe("telling a wait", () => {
  it("tells onWait, once and before waiting, the expected wait and the place in line", async () => {
    const onWait = vi.fn();
    const pacer = createPacer(freshKey());
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
    const pacer = createPacer(freshKey());
    let seed = 7;
    const latency = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return 50 + (seed % 3_000); // 50 ms to ~3 s
    };
    const sent: Record<RateBudget, Sent[]> = { create: [], other: [] };
    const request = async (route: RateBudget) => {
      const release = await pacer.acquire(route, undefined, LONG_WAIT);
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

describe("what the pacer gives a store, and takes from one", () => {
  /** A shared store (not memory) that records requests and answers with `outcome`. */
  const recordingStore = (outcome: SlotOutcome) => {
    const seen: { request: SlotRequest; settlements: SlotSettlement[] }[] = [];
    const store: PacingStore = {
      kind: "recording",
      takeSlot: async (request) => {
        const entry = { request, settlements: [] as SlotSettlement[] };
        seen.push(entry);
        if (!outcome.granted) return outcome;
        return { granted: true, slot: { settle: (s) => void entry.settlements.push(s) } };
      },
      readBudget: createMemoryPacingStore().readBudget,
      claims: createMemoryPacingStore().claims,
    };
    return { store, seen };
  };

  it("gives a store whole milliseconds only, from a fractional timeout and a fractional reset", async () => {
    const { store, seen } = recordingStore({ granted: true, slot: { settle: () => undefined } });
    const pacer = createPacer(freshKey(), { store });
    const release = await pacer.acquire("create", undefined, {
      ...DEFAULT_ACQUIRE,
      attemptTimeoutMs: 10_000 / 3,
    });
    const headers = { "retry-after": "1.5", "x-ratelimit-limit": "2.5" };
    release(new Response(null, { status: 429, headers }));
    const [{ request, settlements }] = seen as [(typeof seen)[number]];
    for (const value of [request.leaseMs, settlements[0]!.countsForMs, settlements[0]!.holdMs]) {
      expect(Number.isInteger(value)).toBe(true);
    }
    expect(settlements[0]!.announcedLimit).toBe(2);
  });

  it("a store's refusal without a finite time never puts NaN in the error", async () => {
    const { store } = recordingStore({ granted: false, opensInMs: Number.NaN });
    const pacer = createPacer(freshKey(), { store });
    const error = (await pacer
      .acquire("create", undefined, { ...DEFAULT_ACQUIRE, maxWaitMs: 100 })
      .catch((e: unknown) => e)) as RateLimitWaitError;
    expect(error).toBeInstanceOf(RateLimitWaitError);
    expect(error.message).not.toMatch(/NaN/);
    expect(error.retryAfterSeconds).toBeUndefined();
  });
});
