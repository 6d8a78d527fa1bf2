/**
 * One rule for how long a call waits for its turn (docs/retries.md, "How long a call waits"),
 * proved against every store the SDK paces through: memory, Redis and Redis Cluster (node-redis
 * and ioredis), and the fallback, both while its store answers and while it fails. The session
 * pacer, which has holds but no budgets, follows the hold cases below.
 *
 * Each case runs with a 600 ms window and a limit of 3, so it takes about a second in real time.
 * A case that tells "at once" from "when the bound passes" uses a 10 s window and a 5 s bound,
 * so the two are seconds apart on a loaded machine too; the abort case uses a 2.5 s window, so its
 * abort lands before the window opens however late its timer fires.
 * Each runs twice: with whole milliseconds, and with fractions of one everywhere a caller's value
 * reaches the store (`timeout: 10_000 / 3`, a bound worked out from `performance.now()`).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryPacingStore } from "../../src/core/pacing/memory-store.js";
import type {
  PacingSlot,
  PacingStore,
  SlotOutcome,
  SlotRequest,
} from "../../src/core/pacing/pacing-store.js";
import { createSessionPacer } from "../../src/core/pacing/session-pacer.js";
import { StoreFallback } from "../../src/core/pacing/store-fallback.js";
import { DEFAULT_ACQUIRE } from "../../src/core/pacing/wait-bound.js";
import { createRedisStore } from "../../src/redis/index.js";
import {
  CLIENT_KINDS,
  CLUSTER_CLIENT_KINDS,
  type ConnectedClient,
  freshPrefix,
  REDIS_CLUSTER_NODES,
  REDIS_URL,
} from "../redis/support/redis-clients.js";
import { granted, refused } from "../support/granted.js";

const WINDOW_MS = 600;
const LIMIT = 3;
/** A window, and a bound it outlasts, for the cases that tell "at once" from "at the bound". */
const LONG_WINDOW_MS = 10_000;
const BOUND_MS = 5_000;
/** "At once": well before `BOUND_MS`, however busy the machine. */
const AT_ONCE_MS = BOUND_MS / 2;
/** The window of the abort case: the abort comes seconds before it opens. */
const ABORT_WINDOW_MS = 2_500;

/** What a case needs of a store: take a slot as the pacer asks for one. */
interface Subject {
  takeSlot(request: SlotRequest): Promise<SlotOutcome>;
}

const connections: ConnectedClient[] = [];
afterAll(async () => {
  await Promise.all(connections.map((connection) => connection.close()));
});

async function redisStore(connect: () => Promise<ConnectedClient>): Promise<PacingStore> {
  const connection = await connect();
  connections.push(connection);
  return createRedisStore({ client: connection.client, prefix: freshPrefix() });
}

/** A store that is down: every request fails, as an unreachable server's would. */
const downStore: PacingStore = {
  kind: "down",
  takeSlot: () => Promise.reject(new Error("connection refused")),
  readBudget: () => Promise.reject(new Error("connection refused")),
  claims: {
    claim: () => Promise.reject(new Error("connection refused")),
    claimFirstFree: () => Promise.reject(new Error("connection refused")),
  },
};

/** A fallback over `store`, as a client on that store uses it. */
const viaFallback = (store: PacingStore): Subject => {
  const fallback = StoreFallback.for(store, createMemoryPacingStore());
  return { takeSlot: (request) => fallback.takeSlot(request, undefined) };
};

const subjects: [string, () => Promise<Subject>, boolean][] = [
  ["memory", async () => createMemoryPacingStore(), true],
  ["the fallback while its store is down", async () => viaFallback(downStore), true],
  ["Redis (node-redis)", () => redisStore(CLIENT_KINDS["node-redis"]), REDIS_URL !== undefined],
  [
    "the fallback over Redis (ioredis)",
    async () => viaFallback(await redisStore(CLIENT_KINDS.ioredis)),
    REDIS_URL !== undefined,
  ],
  [
    "Redis Cluster (node-redis)",
    () => redisStore(CLUSTER_CLIENT_KINDS["node-redis cluster"]),
    REDIS_CLUSTER_NODES !== undefined,
  ],
  [
    "Redis Cluster (ioredis)",
    () => redisStore(CLUSTER_CLIENT_KINDS["ioredis cluster"]),
    REDIS_CLUSTER_NODES !== undefined,
  ],
];

/** Added to every duration a case gives the store: 0, or a fraction of a millisecond. */
let fraction = 0;
const FRACTIONS: [string, number][] = [
  ["whole milliseconds", 0],
  ["fractions of a millisecond", 1 / 3],
];

let keys = 0;
/** A request for a slot of a budget no other case uses. */
function budget(): (overrides?: Partial<SlotRequest>) => SlotRequest {
  const apiKey = `pl_test_waitRule${++keys}${Date.now()}`;
  return (overrides = {}) => ({
    apiKey,
    budget: "create",
    limit: LIMIT,
    windowMs: WINDOW_MS,
    ...overrides,
    leaseMs: 10 * WINDOW_MS + fraction,
    maxWaitMs: (overrides.maxWaitMs ?? 5_000) + fraction,
  });
}

/** The slot granted, settled with the case's fraction added to its durations. */
function slotOf(outcome: SlotOutcome): PacingSlot {
  if (!outcome.granted) throw new Error("expected a slot");
  const { slot } = outcome;
  return {
    settle: ({ countsForMs, holdMs, announcedLimit }) =>
      slot.settle({
        countsForMs: countsForMs + fraction,
        holdMs: holdMs === undefined ? undefined : holdMs + fraction,
        announcedLimit,
      }),
  };
}

/**
 * Takes every slot of the budget; settled (`countsForMs` a window from now, `windowMs` of
 * `WINDOW_MS`) unless `inFlight`.
 */
async function fill(
  subject: Subject,
  request: ReturnType<typeof budget>,
  { inFlight = false, windowMs = WINDOW_MS }: { inFlight?: boolean; windowMs?: number } = {},
) {
  const slots: PacingSlot[] = [];
  for (let i = 0; i < LIMIT; i++) slots.push(slotOf(await subject.takeSlot(request({ windowMs }))));
  if (!inFlight) await Promise.all(slots.map((slot) => slot.settle({ countsForMs: windowMs })));
  return slots;
}

/** Resolves to the outcome and how long it took, in milliseconds. */
async function timed<T>(promise: Promise<T>): Promise<{ value: T; ms: number }> {
  const startedAt = performance.now();
  const value = await promise;
  return { value, ms: performance.now() - startedAt };
}

describe.each(
  FRACTIONS.flatMap(([values, added]) =>
    subjects.map(
      ([name, make, available]) => [`${name}, ${values}`, make, available, added] as const,
    ),
  ),
)("the wait rule: %s", (_name, makeSubject, available, added) => {
  beforeAll(() => {
    fraction = added;
  });

  it.skipIf(!available)(
    "a wait known to outlast maxWaitMs is refused at once, saying when the slot opens",
    async () => {
      const subject = await makeSubject();
      const request = budget();
      await fill(subject, request, { windowMs: LONG_WINDOW_MS });
      const { value, ms } = await timed(
        subject.takeSlot(request({ windowMs: LONG_WINDOW_MS, maxWaitMs: BOUND_MS })),
      );
      expect(value.granted).toBe(false);
      expect(ms).toBeLessThan(AT_ONCE_MS);
      const { opensInMs } = value as { opensInMs: number };
      expect(opensInMs).toBeGreaterThan(LONG_WINDOW_MS - AT_ONCE_MS);
      // A store may round a fraction of a millisecond up.
      expect(opensInMs).toBeLessThanOrEqual(LONG_WINDOW_MS + Math.ceil(fraction));
    },
  );

  it.skipIf(!available)(
    "a wait within maxWaitMs waits, and is granted when the slot opens",
    async () => {
      const subject = await makeSubject();
      const request = budget();
      await fill(subject, request);
      const { value, ms } = await timed(subject.takeSlot(request({ maxWaitMs: BOUND_MS })));
      // Granted, so before the bound; after a wait, so not at once.
      expect(value.granted).toBe(true);
      expect(ms).toBeGreaterThan(WINDOW_MS - 150);
      await slotOf(value).settle({ countsForMs: WINDOW_MS });
    },
  );

  it.skipIf(!available)(
    "a 429 hold longer than maxWaitMs refuses at once, this call and the next",
    async () => {
      const subject = await makeSubject();
      const request = budget();
      const slot = slotOf(await subject.takeSlot(request()));
      await slot.settle({ countsForMs: WINDOW_MS, holdMs: 10_000 });
      for (let call = 0; call < 2; call++) {
        const { value, ms } = await timed(subject.takeSlot(request({ maxWaitMs: BOUND_MS })));
        expect(value.granted).toBe(false);
        expect(ms).toBeLessThan(AT_ONCE_MS);
        expect((value as { opensInMs: number }).opensInMs).toBeGreaterThan(9_000);
      }
    },
  );

  it.skipIf(!available)(
    "a wait not known at first to be too long waits, and ends once it is known, by maxWaitMs at the latest",
    async () => {
      const subject = await makeSubject();
      const request = budget();
      // In flight: each slot frees no sooner than a window from now, which is within the bound.
      const slots = await fill(subject, request, { inFlight: true });
      const maxWaitMs = WINDOW_MS + 400;
      const { value, ms } = await timed(subject.takeSlot(request({ maxWaitMs })));
      // A window later they are still in flight: a slot is now known to be over 400 ms away.
      // Refused, so not held until the leases run out (10 windows); after a window, not at once.
      expect(value.granted).toBe(false);
      expect(ms).toBeGreaterThan(WINDOW_MS - 100);
      await Promise.all(slots.map((slot) => slot.settle({ countsForMs: 0 })));
    },
  );

  it.skipIf(!available)(
    "the place in line counts: behind a line that fills the next window, the wait is known at once",
    async () => {
      const subject = await makeSubject();
      const request = budget();
      const windowMs = LONG_WINDOW_MS;
      await fill(subject, request, { windowMs });
      const leave = new AbortController();
      const ahead = Array.from({ length: LIMIT }, () =>
        subject.takeSlot(request({ windowMs, maxWaitMs: 3 * windowMs, signal: leave.signal })),
      );
      // Let the three queue first, in order.
      await new Promise((resolve) => setTimeout(resolve, 50));
      // The next window opens within the bound, but the three ahead fill it.
      const maxWaitMs = windowMs + BOUND_MS;
      const { value, ms } = await timed(subject.takeSlot(request({ windowMs, maxWaitMs })));
      expect(value.granted).toBe(false);
      expect(ms).toBeLessThan(AT_ONCE_MS);
      expect((value as { opensInMs: number }).opensInMs).toBeGreaterThan(2 * windowMs - AT_ONCE_MS);
      leave.abort(new Error("done"));
      await Promise.allSettled(ahead);
    },
  );

  it.skipIf(!available)(
    "an abort ends a wait at once, frees its place in line, and uses no slot",
    async () => {
      const subject = await makeSubject();
      const request = budget();
      // Seconds, not the usual 600 ms: the abort must land before the window opens even when a
      // busy machine wakes the 100 ms timer below late.
      const windowMs = ABORT_WINDOW_MS;
      await fill(subject, request, { windowMs });
      const controller = new AbortController();
      const aborted = subject.takeSlot(request({ windowMs, signal: controller.signal }));
      const next = subject.takeSlot(request({ windowMs }));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const reason = new Error("caller gave up");
      controller.abort(reason);
      await expect(aborted).rejects.toBe(reason);
      // The next in line goes when the window opens, and the aborted wait took nothing: two
      // more slots are free then, and a third is not.
      const granted = slotOf(await next);
      const now = { windowMs, maxWaitMs: 0 };
      expect(slotOf(await subject.takeSlot(request(now)))).toBeDefined();
      expect(slotOf(await subject.takeSlot(request(now)))).toBeDefined();
      expect((await subject.takeSlot(request(now))).granted).toBe(false);
      await granted.settle({ countsForMs: 0 });
    },
  );

  it.skipIf(!available)("an aborted wait ends at once, not when the slot opens", async () => {
    const subject = await makeSubject();
    const request = budget();
    const windowMs = LONG_WINDOW_MS;
    await fill(subject, request, { windowMs });
    const controller = new AbortController();
    const aborted = subject.takeSlot(
      request({ windowMs, maxWaitMs: 2 * windowMs, signal: controller.signal }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const reason = new Error("caller gave up");
    const abortedAt = performance.now();
    controller.abort(reason);
    await expect(aborted).rejects.toBe(reason);
    // The slot opens 10 s after the fill.
    expect(performance.now() - abortedAt).toBeLessThan(AT_ONCE_MS);
  });
});

describe("the fallback counts what went through its store", () => {
  it("slots taken through the store are counted when the store fails in the same window", async () => {
    const memory = createMemoryPacingStore();
    let up = true;
    const flaky: PacingStore = {
      kind: "flaky",
      takeSlot: (request) =>
        up
          ? memory.takeSlot({ ...request, apiKey: `shared:${request.apiKey}` })
          : downStore.takeSlot(request),
      readBudget: downStore.readBudget!,
      claims: downStore.claims,
    };
    const fallback = StoreFallback.for(flaky, createMemoryPacingStore());
    const request = budget();
    for (let i = 0; i < LIMIT; i++) slotOf(await fallback.takeSlot(request(), undefined));
    up = false;
    const refused = await fallback.takeSlot(request({ maxWaitMs: 0 }), undefined);
    expect(refused.granted).toBe(false);
  });
});

describe("the wait rule: the session pacer", () => {
  let sessions = 0;
  const withHold = async (retryAfterSeconds: number) => {
    const pacer = createSessionPacer(`https://session-${++sessions}.postline.test/api/v1/`);
    const release = await granted(pacer.acquire("other"));
    const headers = { "retry-after": String(retryAfterSeconds) };
    release(new Response(null, { status: 429, headers }));
    return pacer;
  };

  it("a hold longer than maxWaitMs refuses at once, saying when it ends", async () => {
    const pacer = await withHold(10);
    const wait = { ...DEFAULT_ACQUIRE, maxWaitMs: BOUND_MS };
    const { value, ms } = await timed(refused(pacer.acquire("other", undefined, wait)));
    expect(value.waitedMs).toBeLessThan(AT_ONCE_MS);
    expect(ms).toBeLessThan(AT_ONCE_MS);
    expect(value.opensInMs).toBeGreaterThan(9_000);
  });

  it("a hold within maxWaitMs waits, and goes when it ends", async () => {
    const pacer = await withHold(1);
    const wait = { ...DEFAULT_ACQUIRE, maxWaitMs: 3_000 };
    const { ms } = await timed(pacer.acquire("other", undefined, wait));
    expect(ms).toBeGreaterThan(900);
    expect(ms).toBeLessThan(2_000);
  });

  it("an abort ends the wait at once, not when the hold ends", async () => {
    const pacer = await withHold(10);
    const controller = new AbortController();
    const waiting = pacer.acquire("other", controller.signal, DEFAULT_ACQUIRE);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const reason = new Error("caller gave up");
    const abortedAt = performance.now();
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);
    expect(performance.now() - abortedAt).toBeLessThan(AT_ONCE_MS);
  });
});
