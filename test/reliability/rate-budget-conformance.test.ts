/**
 * The rate budget as data (`client.rateBudget()`, docs/retries.md "Reading the budget"), read
 * through the key pacer from every store the SDK paces through: memory, the fallback while its
 * store is down, Redis and Redis Cluster with node-redis and ioredis. After N calls, and after a
 * 429, the figures are what the store holds; reading takes no slot and joins no line.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createKeyPacer } from "../../src/core/pacing/key-pacer.js";
import { createMemoryPacingStore, keysHeldBy } from "../../src/core/pacing/memory-store.js";
import type { Pacer, ReleasePacedSlot } from "../../src/core/pacing/pacer.js";
import type { PacingStore } from "../../src/core/pacing/pacing-store.js";
import { DEFAULT_ACQUIRE } from "../../src/core/pacing/wait-bound.js";
import type { BudgetStore } from "../../src/index.js";
import { createRedisStore } from "../../src/redis/index.js";
import {
  CLIENT_KINDS,
  CLUSTER_CLIENT_KINDS,
  type ConnectedClient,
  freshPrefix,
  REDIS_CLUSTER_NODES,
  REDIS_URL,
} from "../redis/support/redis-clients.js";
import { granted } from "../support/granted.js";

const connections: ConnectedClient[] = [];
afterAll(async () => {
  await Promise.all(connections.map((connection) => connection.close()));
});

async function redisStore(connect: () => Promise<ConnectedClient>): Promise<PacingStore> {
  const connection = await connect();
  connections.push(connection);
  return createRedisStore({ client: connection.client, prefix: freshPrefix() });
}

const refused = () => Promise.reject(new Error("connection refused"));
/** A store that is down: every command fails, as an unreachable server's would. */
const downStore = (): PacingStore => ({
  kind: "down",
  takeSlot: refused,
  readBudget: refused,
  claims: { claim: refused, claimFirstFree: refused },
});

const subjects: [string, () => Promise<PacingStore>, BudgetStore, boolean][] = [
  ["memory", async () => createMemoryPacingStore(), "memory", true],
  ["the fallback while its store is down", async () => downStore(), "fallback", true],
  [
    "Redis (node-redis)",
    () => redisStore(CLIENT_KINDS["node-redis"]),
    "shared",
    REDIS_URL !== undefined,
  ],
  ["Redis (ioredis)", () => redisStore(CLIENT_KINDS.ioredis), "shared", REDIS_URL !== undefined],
  [
    "Redis Cluster (node-redis)",
    () => redisStore(CLUSTER_CLIENT_KINDS["node-redis cluster"]),
    "shared",
    REDIS_CLUSTER_NODES !== undefined,
  ],
  [
    "Redis Cluster (ioredis)",
    () => redisStore(CLUSTER_CLIENT_KINDS["ioredis cluster"]),
    "shared",
    REDIS_CLUSTER_NODES !== undefined,
  ],
];

let keys = 0;
const freshKey = () => `pl_test_budget${++keys}${Date.now()}`;

const ok = () => new Response(null, { status: 200 });
const tooMany = () =>
  new Response(null, {
    status: 429,
    headers: { "retry-after": "30", "x-ratelimit-limit": "5", "x-ratelimit-remaining": "0" },
  });

const take = (pacer: Pacer, budget: "create" | "other" = "other", maxWaitMs = 0) =>
  granted(pacer.acquire(budget, undefined, { ...DEFAULT_ACQUIRE, maxWaitMs }));

describe.each(subjects)("rateBudget(): %s", (_name, makeStore, answers, available) => {
  it.skipIf(!available)(
    "after N calls: the slots counting, those in flight, the limit and the store that answered",
    async () => {
      const pacer = createKeyPacer(freshKey(), { store: await makeStore() });
      const settled: ReleasePacedSlot[] = [];
      for (let call = 0; call < 4; call++) settled.push(await take(pacer));
      for (const release of settled) release(ok());
      await take(pacer); // in flight: its response has not come
      await take(pacer, "create");
      const budget = await pacer.readBudgets();
      expect(budget).toEqual({
        store: answers,
        create: {
          limit: 10,
          counting: 1,
          inFlight: 1,
          waiting: 0,
          nextSlotInMs: 0,
          heldForMs: 0,
        },
        other: { limit: 60, counting: 5, inFlight: 1, waiting: 0, nextSlotInMs: 0, heldForMs: 0 },
      });
    },
  );

  it.skipIf(!available)(
    "after a 429: the announced limit, the hold, the next slot after it, and the caller in line",
    async () => {
      const pacer = createKeyPacer(freshKey(), { store: await makeStore() });
      const first = await take(pacer);
      first(ok());
      const second = await take(pacer);
      second(tooMany());
      const controller = new AbortController();
      let queued!: () => void;
      const inLine = new Promise<void>((resolve) => (queued = resolve));
      const waiter = pacer.acquire("other", controller.signal, {
        ...DEFAULT_ACQUIRE,
        maxWaitMs: 60_000,
        onWait: () => queued(),
      });
      await inLine;
      const { other, create } = await pacer.readBudgets();
      controller.abort(new Error("done reading"));
      await expect(waiter).rejects.toThrow("done reading");
      expect(other).toMatchObject({ limit: 5, counting: 2, inFlight: 0, waiting: 1 });
      // Retry-After: 30, plus the 250 ms guard; some of it has passed by the read.
      expect(other.heldForMs).toBeGreaterThan(29_000);
      expect(other.heldForMs).toBeLessThanOrEqual(30_250);
      expect(other.nextSlotInMs).toBeGreaterThanOrEqual(other.heldForMs);
      // The hold is the other budget's: creates are untouched.
      expect(create).toMatchObject({ limit: 10, counting: 0, heldForMs: 0, nextSlotInMs: 0 });
    },
  );

  it.skipIf(!available)(
    "reading takes no slot and joins no line: a full budget reads the same twice, and a caller takes the last slot",
    async () => {
      const store = await makeStore();
      const pacer = createKeyPacer(freshKey(), { store });
      const fresh = await pacer.readBudgets();
      expect(fresh.create).toEqual({
        limit: 10,
        counting: 0,
        inFlight: 0,
        waiting: 0,
        nextSlotInMs: 0,
        heldForMs: 0,
      });
      if (answers === "memory") expect(keysHeldBy(store)).toBe(0);
      for (let call = 0; call < 9; call++) (await take(pacer, "create"))(ok());
      const before = await pacer.readBudgets();
      expect(await pacer.readBudgets()).toEqual(before);
      expect(before.create).toMatchObject({ counting: 9, nextSlotInMs: 0 });
      await take(pacer, "create");
      const full = await pacer.readBudgets();
      expect(full.create).toMatchObject({ counting: 10, inFlight: 1 });
      // Full, with the earliest settled slot freeing a window (plus the guard) after it settled.
      expect(full.create.nextSlotInMs).toBeGreaterThan(55_000);
      expect(full.create.nextSlotInMs).toBeLessThanOrEqual(60_250);
    },
  );
});

describe("rateBudget() when the shared store fails", () => {
  it("says fallback, and counts the slots this process took through the store", async () => {
    const shared = createMemoryPacingStore();
    let up = true;
    const down = downStore();
    const flaky: PacingStore = {
      kind: "flaky",
      takeSlot: (request) => (up ? shared.takeSlot(request) : down.takeSlot(request)),
      readBudget: (budget) => (up ? shared.readBudget!(budget) : down.readBudget!(budget)),
      claims: down.claims,
    };
    const pacer = createKeyPacer(freshKey(), { store: flaky, logger: {} });
    for (let call = 0; call < 3; call++) (await take(pacer))(ok());
    expect((await pacer.readBudgets()).store).toBe("shared");
    up = false;
    const budget = await pacer.readBudgets();
    expect(budget.store).toBe("fallback");
    expect(budget.other).toMatchObject({ counting: 3, inFlight: 0 });
  });

  it("a store without readBudget still paces, and the read counts this process's slots", async () => {
    const shared = createMemoryPacingStore();
    const withoutRead: PacingStore = {
      kind: "custom",
      takeSlot: (request) => shared.takeSlot(request),
      claims: shared.claims,
    };
    const pacer = createKeyPacer(freshKey(), { store: withoutRead, logger: {} });
    for (let call = 0; call < 2; call++) (await take(pacer))(ok());
    const budget = await pacer.readBudgets();
    expect(budget.store).toBe("fallback");
    expect(budget.other).toMatchObject({ counting: 2, inFlight: 0 });
  });
});
