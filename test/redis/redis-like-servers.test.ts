/**
 * A server that looks like Redis but answers the store's scripts with the wrong shape (a proxy,
 * a mock, a partly compatible server): `+OK`, an empty array, a negative wait. Each reply's shape
 * is checked, and a wrong one is a failure of the store: the call is paced in process at once,
 * with one warn line naming the reply. Nothing loops on it, and no `NaN` reaches a message.
 */
import { Redis as IoRedis } from "ioredis";
import { createClient } from "redis";
import { afterAll, describe, expect, it } from "vitest";
import { Postline } from "../../src/index.js";
import { createRedisStore, type RedisClientLike } from "../../src/redis/index.js";
import { TAKE_SLOT } from "../../src/redis/lua-scripts.js";
import { createFakeService } from "../../src/testing/index.js";
import { fetchOf } from "../support/fake-client.js";
import {
  type RedisLikeServer,
  type Reply,
  startRedisLikeServer,
} from "./support/redis-like-server.js";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A client of each library, connected to `server`. */
const LIBRARIES: Record<string, (server: RedisLikeServer) => Promise<RedisClientLike>> = {
  "node-redis": async (server) => {
    // The server speaks RESP2 only, as many proxies do.
    const client = createClient({ url: server.url, RESP: 2 });
    client.on("error", () => undefined);
    await client.connect();
    cleanups.push(() => client.close().then(() => undefined));
    return client;
  },
  ioredis: async (server) => {
    const client = new IoRedis(server.port, "127.0.0.1", { lazyConnect: true });
    client.on("error", () => undefined);
    await client.connect();
    cleanups.push(async () => client.disconnect());
    return client;
  },
};

const WRONG_REPLIES: [string, Reply][] = [
  ["+OK", { status: "OK" }],
  ["an empty array", []],
  ["a negative wait", [0, -5, 1]],
];

const cases = Object.keys(LIBRARIES).flatMap((library) =>
  WRONG_REPLIES.map(([what, reply]) => [library, what, reply] as const),
);

/** How many times `server` was asked for a slot. */
const requestsForSlots = (server: RedisLikeServer) =>
  server.commands.filter(([name, sha]) => name === "EVALSHA" && sha === TAKE_SLOT.sha).length;

describe.each(cases)("a Redis-like server through %s answering %s", (library, _what, reply) => {
  const setUp = async () => {
    const server = await startRedisLikeServer(reply);
    cleanups.push(() => server.close());
    const client = await LIBRARIES[library]!(server);
    return { server, store: createRedisStore({ client, prefix: "postline-test-like" }) };
  };

  it("a request for a slot fails at once, naming the reply, instead of looping", async () => {
    const { server, store } = await setUp();
    const outcome = store.takeSlot({
      apiKey: "pl_test_redisLikeServer000000000",
      budget: "create",
      limit: 10,
      windowMs: 60_000,
      leaseMs: 120_000,
      maxWaitMs: 100,
    });
    await expect(outcome).rejects.toThrow(/Redis answered TAKE_SLOT with .*, not \{1\}/);
    expect(requestsForSlots(server)).toBe(1);
  });

  it("a claim fails rather than reading as 'every candidate taken'", async () => {
    const { store } = await setUp();
    const candidates = [{ id: "cnt_1", createdAt: "2030-01-01T00:00:00.000Z" }];
    await expect(
      store.claims.claimFirstFree("https://svc/api/v1/content", candidates, 60_000, "call_1"),
    ).rejects.toThrow(/Redis answered CLAIM_FIRST_FREE with/);
  });

  it("calls are paced in process, with one warn line that names the reply and no NaN", async () => {
    const { server, store } = await setUp();
    const service = createFakeService({
      baseURL: `https://redis-like-${server.port}.postline.test`,
    });
    const lines: string[] = [];
    const postline = new Postline({
      apiKey: service.defaults.apiKey,
      baseURL: service.defaults.baseURL,
      fetch: fetchOf(service),
      rateLimit: { store, maxWaitMs: 2_000 },
      logger: {
        debug: () => undefined,
        warn: (message, fields) => lines.push(`${message} ${JSON.stringify(fields)}`),
      },
    });
    const channelId = service.defaults.channelIds[0]!;
    for (let i = 0; i < 3; i++) {
      await postline.content.createDraft({ channelId, body: `Through a Redis-like server ${i}` });
    }
    expect(service.requests.filter((r) => r.method === "POST")).toHaveLength(3);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/pacing store failed.*Redis answered TAKE_SLOT with/);
    expect(lines.join("\n")).not.toMatch(/NaN/);
    // The first call's request only: the store is then skipped for 5 s.
    expect(requestsForSlots(server)).toBe(1);
  });
});
