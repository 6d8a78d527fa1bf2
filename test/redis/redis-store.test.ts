/**
 * `createRedisStore` against a real Redis server, through node-redis and ioredis. Each "process"
 * is a client on its own connection. Windows here are short (hundreds of milliseconds) so the
 * store's behaviour over whole windows can be watched; the SDK itself always asks for 60 s.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PacingStore, SlotOutcome, SlotRequest } from "../../src/core/pacing/pacing-store.js";
import { Postline, RateLimitWaitError } from "../../src/index.js";
import { createRedisStore } from "../../src/redis/index.js";
import { createFakeService } from "../../src/testing/index.js";
import { fetchOf } from "../support/fake-client.js";
import {
  adminConnection,
  CLIENT_KINDS,
  type ClientKind,
  type ConnectedClient,
  freshPrefix,
  REDIS_URL,
} from "./support/redis-clients.js";

const WINDOW_MS = 600;
const TOKEN = "pl_test_redisStoreSecretToken0123456789";

const request = (overrides: Partial<SlotRequest> = {}): SlotRequest => ({
  apiKey: TOKEN,
  budget: "create",
  limit: 3,
  windowMs: WINDOW_MS,
  leaseMs: 5_000,
  maxWaitMs: 5_000,
  ...overrides,
});

const granted = (outcome: SlotOutcome) => {
  if (!outcome.granted) throw new Error("expected a slot");
  return outcome.slot;
};

describe.skipIf(REDIS_URL === undefined).each(Object.keys(CLIENT_KINDS) as ClientKind[])(
  "createRedisStore with %s",
  (kind) => {
    const connections: ConnectedClient[] = [];
    /** A store on its own connection, as another process would have. */
    const processStore = async (prefix: string): Promise<PacingStore> => {
      const connection = await CLIENT_KINDS[kind]();
      connections.push(connection);
      return createRedisStore({ client: connection.client, prefix });
    };

    afterAll(async () => {
      await Promise.all(connections.map((connection) => connection.close()));
    });

    it("LIMIT-1 processes on one key share one window: the slot after the limit waits for the first to free", async () => {
      const prefix = freshPrefix();
      const [a, b] = [await processStore(prefix), await processStore(prefix)];
      const slots = [
        granted(await a.takeSlot(request())),
        granted(await b.takeSlot(request())),
        granted(await a.takeSlot(request())),
      ];
      const startedAt = Date.now();
      const fourth = b.takeSlot(request());
      await new Promise((resolve) => setTimeout(resolve, 100));
      for (const slot of slots) await slot.settle({ countsForMs: 300 });
      granted(await fourth);
      const waited = Date.now() - startedAt;
      expect(waited).toBeGreaterThanOrEqual(350);
      expect(waited).toBeLessThan(3_000);
    });

    it("LIMIT-1 another key and the other route keep budgets of their own", async () => {
      const prefix = freshPrefix();
      const [a, b] = [await processStore(prefix), await processStore(prefix)];
      for (let i = 0; i < 3; i++) granted(await a.takeSlot(request()));
      granted(await b.takeSlot(request({ apiKey: "pl_test_anotherKeyEntirely000000" })));
      granted(await b.takeSlot(request({ budget: "other" })));
      expect((await b.takeSlot(request({ maxWaitMs: 100 }))).granted).toBe(false);
    });

    it("serves waiters from several processes in order of arrival", async () => {
      const prefix = freshPrefix();
      const stores = [await processStore(prefix), await processStore(prefix)];
      const first = granted(await stores[0]!.takeSlot(request({ limit: 1 })));
      const order: number[] = [];
      const waiters = [0, 1, 2, 3].map(async (index) => {
        // Arrivals 40 ms apart, alternating between the two processes.
        await new Promise((resolve) => setTimeout(resolve, index * 40));
        const slot = granted(await stores[index % 2]!.takeSlot(request({ limit: 1 })));
        order.push(index);
        await slot.settle({ countsForMs: 50 });
      });
      await new Promise((resolve) => setTimeout(resolve, 250));
      await first.settle({ countsForMs: 50 });
      await Promise.all(waiters);
      expect(order).toEqual([0, 1, 2, 3]);
    });

    it("LIMIT-4 a 429 hold seen by one process holds back the others, and a stricter limit is shared", async () => {
      const prefix = freshPrefix();
      const [a, b] = [await processStore(prefix), await processStore(prefix)];
      const slot = granted(await a.takeSlot(request({ limit: 10 })));
      // A hold long enough that a loaded machine's slow round trips cannot eat the margins.
      await slot.settle({ countsForMs: 5_000, holdMs: 2_500, announcedLimit: 2 });
      const refused = await b.takeSlot(request({ limit: 10, maxWaitMs: 200 }));
      expect(refused.granted).toBe(false);
      expect(refused.granted === false && refused.opensInMs).toBeGreaterThan(1_000);
      const startedAt = Date.now();
      granted(await b.takeSlot(request({ limit: 10 })));
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1_000);
      // The 429's slot and this one fill the announced limit of 2.
      expect((await a.takeSlot(request({ limit: 10, maxWaitMs: 100 }))).granted).toBe(false);
    });

    it("a crashed process's slots free themselves when their lease and window have passed", async () => {
      const prefix = freshPrefix();
      const crashing = await CLIENT_KINDS[kind]();
      const doomed = createRedisStore({ client: crashing.client, prefix });
      const survivor = await processStore(prefix);
      const leasedAt = Date.now();
      for (let i = 0; i < 3; i++) granted(await doomed.takeSlot(request({ leaseMs: 700 })));
      await crashing.close(); // its slots are never settled
      granted(await survivor.takeSlot(request()));
      // The slots were leased over the time the three grants took: the last one frees last.
      const waited = Date.now() - leasedAt;
      expect(waited).toBeGreaterThanOrEqual(650);
      expect(waited).toBeLessThan(3_000);
    });

    it("an aborted wait leaves the line and rejects with the signal's reason", async () => {
      const prefix = freshPrefix();
      const store = await processStore(prefix);
      const held = granted(await store.takeSlot(request({ limit: 1 })));
      const controller = new AbortController();
      const waiting = store.takeSlot(request({ limit: 1, signal: controller.signal }));
      setTimeout(() => controller.abort(new Error("stop waiting")), 100);
      await expect(waiting).rejects.toThrow("stop waiting");
      await held.settle({ countsForMs: 50 });
      // Nobody is left ahead: the next waiter goes as soon as the slot frees.
      const startedAt = Date.now();
      granted(await store.takeSlot(request({ limit: 1 })));
      expect(Date.now() - startedAt).toBeLessThan(1_500);
    });

    it("two processes claiming from the same candidates never get the same item", async () => {
      const prefix = freshPrefix();
      const [a, b] = [await processStore(prefix), await processStore(prefix)];
      const items = Array.from({ length: 20 }, (_, i) => ({
        id: `cnt_${i}`,
        createdAt: "2030-01-01T00:00:00.000Z",
      }));
      const claims = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 === 0 ? a : b).claims.claimFirstFree(
            "https://svc/api/v1/content",
            items,
            60_000,
            `call_${i}`,
          ),
        ),
      );
      expect(new Set(claims.map((item) => item?.id)).size).toBe(20);
      expect(
        await a.claims.claimFirstFree("https://svc/api/v1/content", items, 60_000, "call_late"),
      ).toBe(undefined);
      // Items a create returned are its caller's: no reconciliation may take them.
      const returned = { id: "cnt_returned", createdAt: "2030-01-01T00:00:00.000Z" };
      await a.claims.claim("https://svc/api/v1/content", [returned], 60_000, "call_creator");
      expect(
        await b.claims.claimFirstFree("https://svc/api/v1/content", [returned], 60_000, "call_b"),
      ).toBe(undefined);
    });

    it("LIMIT-1 a fraction of a millisecond in timeout or maxWaitMs still paces through Redis: the 11th create of two processes is not sent", async () => {
      const prefix = freshPrefix();
      const service = createFakeService({ baseURL: `https://fractions-${prefix}.postline.test` });
      const warnings: string[] = [];
      const processClient = async (timeout: number) =>
        new Postline({
          apiKey: service.defaults.apiKey,
          baseURL: service.defaults.baseURL,
          fetch: fetchOf(service),
          timeout,
          rateLimit: { store: await processStore(prefix) },
          logger: { debug: () => undefined, warn: (message) => warnings.push(message) },
        });
      const [a, b] = [await processClient(10_000 / 3), await processClient(60_000)];
      const channelId = service.defaults.channelIds[0]!;
      for (let i = 0; i < 10; i++) {
        await (i % 2 === 0 ? a : b).content.createDraft(
          { channelId, body: `Fractional ${i}` },
          // A per-call bound worked out from performance.now().
          { timeout: 2_500.5, maxWaitMs: 2_500.5 },
        );
      }
      const eleventh = await b.content
        .createDraft({ channelId, body: "Fractional 10" }, { maxWaitMs: 1_000.25 })
        .catch((e: unknown) => e);
      expect(eleventh).toBeInstanceOf(RateLimitWaitError);
      expect(service.requests.filter((r) => r.method === "POST")).toHaveLength(10);
      expect(warnings).toEqual([]);
    });

    it("never stores the API key in clear, in any key or value", async () => {
      const prefix = freshPrefix();
      const store = await processStore(prefix);
      const slot = granted(await store.takeSlot(request()));
      await slot.settle({ countsForMs: WINDOW_MS, holdMs: 100, announcedLimit: 2 });
      await store.claims.claim(
        `https://svc/${TOKEN}`,
        [{ id: "cnt_1", createdAt: "x" }],
        60_000,
        "call_1",
      );
      const admin = await adminConnection();
      try {
        const keys = await admin.keys(`${prefix}*`);
        expect(keys.length).toBeGreaterThan(0);
        const dump: string[] = [...keys];
        for (const key of keys) {
          const type = await admin.type(key);
          if (type === "zset") dump.push(...(await admin.zrange(key, "0", "-1", "WITHSCORES")));
          if (type === "hash") dump.push(...Object.values(await admin.hgetall(key)));
          if (type === "string") dump.push(String(await admin.get(key)));
        }
        const text = dump.join("\n");
        expect(text).not.toContain(TOKEN);
        expect(text).not.toContain(TOKEN.slice(0, 16));
      } finally {
        admin.disconnect();
      }
    });
  },
);

describe.skipIf(REDIS_URL === undefined)("createRedisStore options", () => {
  let connection: ConnectedClient;
  beforeAll(async () => {
    connection = await CLIENT_KINDS["node-redis"]();
  });
  afterAll(() => connection.close());

  it("refuses a client that is neither node-redis nor ioredis, and a bad prefix, naming the parameter", () => {
    expect(() => createRedisStore({ client: {} as never })).toThrow(/client must be/);
    expect(() => createRedisStore({ client: connection.client, prefix: "a{b" })).toThrow(
      /prefix must be/,
    );
    expect(() =>
      createRedisStore({ client: connection.client, commandTimeoutMs: Number.NaN }),
    ).toThrow(/commandTimeoutMs must be/);
  });

  it("says its command limit, so reconciliation gives each try as long", () => {
    const store = createRedisStore({ client: connection.client, commandTimeoutMs: 3_000 });
    expect(store.commandTimeoutMs).toBe(3_000);
    expect(createRedisStore({ client: connection.client }).commandTimeoutMs).toBe(1_000);
  });
});
