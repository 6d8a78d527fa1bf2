/**
 * Redis that stalls, on a server whose script cache is warm or empty (a fresh, restarted or newly
 * promoted server), on one server and on a Redis Cluster, through node-redis and ioredis. A
 * command that times out in the client may still run when Redis wakes, and a command may be sent
 * again: nothing is created twice and no slot is held that nobody uses. Each runs on servers of
 * its own, started fresh, so its stalls never slow the other test files.
 */
import type { Redis as IoRedis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SlotRequest } from "../../src/core/pacing/pacing-store.js";
import { APIUserAbortError, Postline } from "../../src/index.js";
import { createRedisStore, type RedisClientLike } from "../../src/redis/index.js";
import {
  CLAIM_ALL,
  CLAIM_FIRST_FREE,
  LEAVE_QUEUE,
  SETTLE_SLOT,
  TAKE_SLOT,
} from "../../src/redis/lua-scripts.js";
import { createFakeService } from "../../src/testing/index.js";
import { fetchOf } from "../support/fake-client.js";
import { type OwnRedis, startOwnRedis } from "./support/own-redis.js";
import {
  type ConnectedClient,
  freshPrefix,
  intercepted,
  REDIS_CLUSTER_NODES,
  REDIS_URL,
} from "./support/redis-clients.js";

/** Where: one server, or a cluster; run where CI (or the caller) provides Redis. */
const PLACES: [string, boolean, boolean][] = [
  ["one server", false, REDIS_URL !== undefined],
  ["a Redis Cluster", true, REDIS_CLUSTER_NODES !== undefined],
];

/** Whether `args` run `script` (by its SHA-1 or its source). */
const runs = (args: readonly string[], script: { sha: string; source: string }) =>
  (args[0] === "EVALSHA" && args[1] === script.sha) ||
  (args[0] === "EVAL" && args[1] === script.source);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let fakes = 0;
/** A fake service and a client of it pacing through `client`, with its warn lines collected. */
function clientOn(client: RedisClientLike, prefix = freshPrefix(), commandTimeoutMs?: number) {
  const service = createFakeService({ baseURL: `https://redis-stall-${++fakes}.postline.test` });
  const warnings: string[] = [];
  const postline = new Postline({
    apiKey: service.defaults.apiKey,
    baseURL: service.defaults.baseURL,
    fetch: fetchOf(service),
    timeout: 5_000,
    rateLimit: { store: createRedisStore({ client, prefix, commandTimeoutMs }) },
    logger: { debug: () => undefined, warn: (message) => warnings.push(message) },
  });
  return { service, postline, warnings, prefix };
}

/** Members of every pacing `slots` key of `prefix`, on every server. */
async function slotMembers(servers: IoRedis[], prefix: string): Promise<string[]> {
  const members: string[] = [];
  for (const server of servers) {
    for (const key of await server.keys(`${prefix}:pacing:*:slots`)) {
      members.push(...(await server.zrange(key, "0", "-1")));
    }
  }
  return members;
}

describe.skipIf(REDIS_URL === undefined).each(PLACES)(
  "Redis stalls on %s",
  (_where, cluster, available) => {
    let own: OwnRedis | undefined;
    const connections: ConnectedClient[] = [];
    const admins: IoRedis[] = [];
    beforeAll(async () => {
      if (available) own = await startOwnRedis(cluster);
    }, 30_000);
    afterAll(async () => {
      await Promise.all(connections.map((connection) => connection.close()));
      for (const admin of admins) admin.disconnect();
      await own?.stop();
    });
    const kinds = cluster ? ["node-redis cluster", "ioredis cluster"] : ["node-redis", "ioredis"];

    describe.each(kinds)("through %s", (kind) => {
      const setUp = async () => {
        const connection = await own!.clientKinds[kind]!();
        connections.push(connection);
        const servers = await own!.admins();
        admins.push(...servers);
        return { connection, servers };
      };
      const pauseAll = (servers: IoRedis[], ms: number) =>
        Promise.all(servers.map((server) => server.call("CLIENT", "PAUSE", String(ms), "WRITE")));

      it.skipIf(!available)(
        "a claim sent again after a 1.5 s stall finds this call's own item: one POST, one item, adopted",
        async () => {
          const { connection, servers } = await setUp();
          // The claim script is cached, as on any server that has reconciled once.
          for (const server of servers) await server.script("LOAD", CLAIM_FIRST_FREE.source);
          let stalled = false;
          const client = intercepted(connection.client, async (args) => {
            if (stalled || !runs(args, CLAIM_FIRST_FREE)) return undefined;
            stalled = true;
            // Redis stalls as the claim goes out: the client times out after 1 s and claims again.
            await pauseAll(servers, 1_500);
            return undefined;
          });
          const { service, postline } = clientOn(client);
          const channelId = service.defaults.channelIds[0]!;
          service.faults.inject({ method: "POST", path: "/content", kind: "dropAfterWrite" });
          const body = `Claimed during a stall ${Math.random()}`;

          const item = await postline.content.createDraft({ channelId, body });

          expect(stalled).toBe(true);
          expect(service.requests.filter((r) => r.method === "POST")).toHaveLength(1);
          const made = service
            .workspace()
            .items()
            .filter((i) => i.content === body);
          expect(made.map((i) => i.id)).toEqual([item.id]);
          expect(item.reconciliation?.adoptedIds).toEqual([item.id]);
        },
        15_000,
      );

      it.skipIf(!available)(
        "loads every script on a fresh server before its first command, and again after NOSCRIPT",
        async () => {
          const { connection, servers } = await setUp();
          const scripts = [TAKE_SLOT, LEAVE_QUEUE, SETTLE_SLOT, CLAIM_ALL, CLAIM_FIRST_FREE];
          const shas = scripts.map((script) => script.sha);
          const cached = async () =>
            (await Promise.all(servers.map((s) => s.call("SCRIPT", "EXISTS", ...shas)))).flat();
          for (const server of servers) await server.script("FLUSH");
          const store = createRedisStore({ client: connection.client, prefix: freshPrefix() });
          const request: SlotRequest = {
            apiKey: "pl_test_freshServer000000000000",
            budget: "create",
            limit: 10,
            windowMs: 60_000,
            leaseMs: 120_000,
            maxWaitMs: 0,
          };
          expect((await store.takeSlot(request)).granted).toBe(true);
          expect(await cached()).toEqual(shas.flatMap(() => servers.map(() => 1)));
          // A restart or a failover empties the cache again.
          for (const server of servers) await server.script("FLUSH");
          expect((await store.takeSlot(request)).granted).toBe(true);
          expect(await cached()).toEqual(shas.flatMap(() => servers.map(() => 1)));
        },
      );

      it.skipIf(!available)(
        "ten creates aborted during a 2.5 s stall on a fresh server hold no slot once Redis wakes",
        async () => {
          const { connection, servers } = await setUp();
          for (const server of servers) await server.script("FLUSH");
          const { service, postline, prefix } = clientOn(connection.client);
          const channelId = service.defaults.channelIds[0]!;
          // One create first, as a worker that has just started makes.
          await postline.content.createDraft({ channelId, body: "Before the stall" });
          await pauseAll(servers, 2_500);
          const creates = Array.from({ length: 10 }, async (_, i) => {
            const controller = new AbortController();
            const call = postline.content
              .createDraft({ channelId, body: `Stalled ${i}` }, { signal: controller.signal })
              .catch((e: unknown) => e);
            await sleep(200);
            controller.abort();
            return call;
          });
          for (const error of await Promise.all(creates)) {
            expect(error).toBeInstanceOf(APIUserAbortError);
          }
          // Redis wakes at 2.5 s; the give-backs sent again reach it soon after.
          await sleep(4_000);
          const members = await slotMembers(servers, prefix);
          expect(members.filter((member) => member.startsWith("f:"))).toEqual([]);
          expect(members).toHaveLength(1);
          expect(service.requests.filter((r) => r.method === "POST")).toHaveLength(1);
        },
        15_000,
      );

      it.skipIf(!available)(
        "a give-back whose first try is lost on its way is sent again until Redis has it",
        async () => {
          const { connection, servers } = await setUp();
          let dropped = 0;
          const client = intercepted(connection.client, (args) => {
            if (dropped > 0 || !runs(args, LEAVE_QUEUE)) return undefined;
            dropped += 1;
            return "drop";
          });
          const prefix = freshPrefix();
          const store = createRedisStore({ client, prefix, commandTimeoutMs: 300 });
          const request = (overrides: Partial<SlotRequest> = {}): SlotRequest => ({
            apiKey: "pl_test_lostGiveBack00000000000",
            budget: "create",
            limit: 1,
            windowMs: 60_000,
            leaseMs: 120_000,
            maxWaitMs: 5_000,
            ...overrides,
          });
          const held = await store.takeSlot(request());
          expect(held.granted).toBe(true);
          // Refused (its slot is a window away): it gives its place in line back.
          expect((await store.takeSlot(request())).granted).toBe(false);
          await sleep(1_500);
          expect(dropped).toBe(1);
          let queued = 0;
          for (const server of servers) {
            for (const key of await server.keys(`${prefix}:pacing:*:queue`)) {
              queued += await server.zcard(key);
            }
          }
          expect(queued).toBe(0);
        },
      );

      it.skipIf(!available)(
        "a settlement whose first try is lost is sent again: the slot frees a window after its response, not after its lease",
        async () => {
          const { connection, servers } = await setUp();
          let dropped = 0;
          const client = intercepted(connection.client, (args) => {
            if (dropped > 0 || !runs(args, SETTLE_SLOT)) return undefined;
            dropped += 1;
            return "drop";
          });
          const prefix = freshPrefix();
          const store = createRedisStore({ client, prefix, commandTimeoutMs: 300 });
          const outcome = await store.takeSlot({
            apiKey: "pl_test_lostSettlement0000000000",
            budget: "create",
            limit: 10,
            windowMs: 60_000,
            leaseMs: 120_000,
            maxWaitMs: 0,
          });
          if (!outcome.granted) throw new Error("expected a slot");
          await expect(outcome.slot.settle({ countsForMs: 0 })).rejects.toThrow(/did not answer/);
          await sleep(1_000);
          expect(dropped).toBe(1);
          expect((await slotMembers(servers, prefix)).filter((m) => m.startsWith("f:"))).toEqual(
            [],
          );
        },
      );
    });
  },
);
