/**
 * When Redis fails (docs/retries.md, "Many workers on one key"): calls still go through, paced in
 * process; one `warn` line per outage, not one per call; no call waits past its timeout on Redis;
 * nothing is lost or duplicated.
 */
import { Redis as IoRedis } from "ioredis";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { APIUserAbortError, Postline } from "../../src/index.js";
import { createRedisStore, type NodeRedisLikeClient } from "../../src/redis/index.js";
import { createFakeService } from "../../src/testing/index.js";
import { fetchOf } from "../support/fake-client.js";
import { startOwnRedis } from "./support/own-redis.js";
import {
  CLIENT_KINDS,
  type ConnectedClient,
  freshPrefix,
  REDIS_URL,
} from "./support/redis-clients.js";

let fakes = 0;
const connections: ConnectedClient[] = [];
afterAll(async () => {
  await Promise.all(connections.map((connection) => connection.close()));
});

/** A fake service and a client on `store`, with its warn and debug lines collected. */
function clientOn(
  client: Parameters<typeof createRedisStore>[0]["client"],
  commandTimeoutMs = 300,
  store = createRedisStore({ client, prefix: freshPrefix(), commandTimeoutMs }),
) {
  const service = createFakeService({ baseURL: `https://redis-fail-${++fakes}.postline.test` });
  const warnings: string[] = [];
  const debugs: string[] = [];
  const postline = new Postline({
    apiKey: service.defaults.apiKey,
    baseURL: service.defaults.baseURL,
    fetch: fetchOf(service),
    timeout: 2_000,
    rateLimit: { store },
    logLevel: "debug",
    logger: {
      debug: (message) => debugs.push(message),
      warn: (message) => warnings.push(message),
    },
  });
  return { service, postline, warnings, debugs };
}

/** Runs `count` creates (distinct texts) and reads; returns each call's time in ms. */
async function someCalls(
  postline: Postline,
  service: ReturnType<typeof createFakeService>,
  count: number,
) {
  const channelId = service.defaults.channelIds[0]!;
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const startedAt = performance.now();
    await postline.content.createDraft({
      channelId,
      body: `Redis failure draft ${fakes}-${i}-${Math.random()}`,
    });
    await postline.channels.list();
    times.push(performance.now() - startedAt);
  }
  return times;
}

/** Every create made exactly one item, and each was returned. */
function expectNothingLostOrDuplicated(
  service: ReturnType<typeof createFakeService>,
  creates: number,
) {
  const drafts = service
    .workspace()
    .items()
    .filter((item) => String(item.content).startsWith("Redis failure draft"));
  expect(drafts).toHaveLength(creates);
  expect(new Set(drafts.map((item) => item.content)).size).toBe(creates);
}

describe.skipIf(REDIS_URL === undefined)("the Redis store failing", () => {
  it("Redis down from the start: calls go through, paced in process, with one warn line", async () => {
    const connection = await CLIENT_KINDS["node-redis"]();
    await connection.close(); // every command now rejects at once
    const { service, postline, warnings } = clientOn(connection.client);
    const times = await someCalls(postline, service, 4);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/redis pacing store failed; pacing in this process/);
    expect(Math.max(...times)).toBeLessThan(2_000);
    expectNothingLostOrDuplicated(service, 4);
  });

  it("Redis slow: each command gives up after commandTimeoutMs, so no call waits past its timeout", async () => {
    const connection = await CLIENT_KINDS["node-redis"]();
    connections.push(connection);
    const real = connection.client as NodeRedisLikeClient;
    // Answers, but only after 3 s: slower than any call's timeout here.
    const slow: NodeRedisLikeClient = {
      sendCommand: (args) =>
        new Promise((resolve) => setTimeout(resolve, 3_000)).then(() => real.sendCommand(args)),
    };
    const { service, postline, warnings } = clientOn(slow);
    const times = await someCalls(postline, service, 3);
    expect(warnings).toHaveLength(1);
    expect(Math.max(...times)).toBeLessThan(2_000);
    expectNothingLostOrDuplicated(service, 3);
  });

  it("Redis dropping mid-run: one warn line for the outage, then the store is used again", async () => {
    const client = new IoRedis(REDIS_URL!, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    client.on("error", () => undefined);
    await client.connect();
    connections.push({ client, close: async () => client.disconnect() });
    const { service, postline, warnings, debugs } = clientOn(client);
    await someCalls(postline, service, 2);
    expect(warnings).toHaveLength(0);

    const ended = new Promise((resolve) => client.once("end", resolve));
    client.disconnect();
    await ended;
    await someCalls(postline, service, 3);
    expect(warnings).toHaveLength(1);

    await client.connect();
    // The store is tried again 5 s after the failure.
    await new Promise((resolve) => setTimeout(resolve, 5_200));
    await someCalls(postline, service, 2);
    expect(warnings).toHaveLength(1);
    expect(debugs.some((line) => /answers again/.test(line))).toBe(true);
    expectNothingLostOrDuplicated(service, 7);
  }, 30_000);

  it("an abort during a Redis stall ends the call at once, and no slot is held when Redis wakes", async () => {
    // A server of its own: its 4 s stall must not slow the files that share REDIS_URL.
    const own = await startOwnRedis(false);
    const [admin] = await own.admins();
    if (admin === undefined) throw new Error("the test's own Redis has no server");
    const connection = await (own.clientKinds.ioredis as () => Promise<ConnectedClient>)();
    onTestFinished(async () => {
      await connection.close();
      admin.disconnect();
      await own.stop();
    });
    const prefix = freshPrefix();
    // The store's commands may take as long as the stall: only the callers' aborts end the waits.
    const store = createRedisStore({ client: connection.client, prefix, commandTimeoutMs: 10_000 });
    const { postline, service } = clientOn(connection.client, 10_000, store);
    const channelId = service.defaults.channelIds[0]!;
    // Long enough that "at once" and "when Redis wakes" are seconds apart.
    await admin.call("CLIENT", "PAUSE", "4000", "WRITE");
    const creates = Array.from({ length: 10 }, async (_, i) => {
      const controller = new AbortController();
      const call = postline.content
        .createDraft({ channelId, body: `Stalled ${i}` }, { signal: controller.signal })
        .catch((e: unknown) => e);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const abortedAt = performance.now();
      controller.abort();
      const error = await call;
      return { error, msAfterAbort: performance.now() - abortedAt };
    });
    for (const { error, msAfterAbort } of await Promise.all(creates)) {
      expect(error).toBeInstanceOf(APIUserAbortError);
      expect(msAfterAbort).toBeLessThan(2_000);
    }
    // Once Redis wakes, the stalled requests for slots run, and each is given back at once.
    await new Promise((resolve) => setTimeout(resolve, 4_300));
    const slotKeys = (await admin.call("KEYS", `${prefix}:pacing:*:slots`)) as string[];
    for (const key of slotKeys) expect(await admin.call("ZCARD", key)).toBe(0);
    expect(service.requests.filter((r) => r.method === "POST")).toHaveLength(0);
    // The whole create budget is free: ten creates go at once.
    const startedAt = performance.now();
    for (let i = 0; i < 10; i++) {
      await postline.content.createDraft(
        { channelId, body: `After the stall ${i}` },
        { maxWaitMs: 0 },
      );
    }
    expect(performance.now() - startedAt).toBeLessThan(3_000);
  }, 20_000);
});
