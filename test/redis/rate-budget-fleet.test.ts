/**
 * `rateBudget()` on a Redis store is fleet-wide: two processes on one key, each with its own
 * client library, each read the other's slots. Reading leaves nothing in Redis.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { Postline } from "../../src/index.js";
import { createRedisStore } from "../../src/redis/index.js";
import { createFakeService, startFakeServer } from "../../src/testing/index.js";
import {
  adminConnection,
  CLIENT_KINDS,
  type ConnectedClient,
  freshPrefix,
  REDIS_URL,
} from "./support/redis-clients.js";

const PEER = fileURLToPath(new URL("./support/budget-peer.ts", import.meta.url));
const connections: ConnectedClient[] = [];
afterAll(async () => {
  await Promise.all(connections.map((connection) => connection.close()));
});

describe.skipIf(REDIS_URL === undefined)("rateBudget() on Redis, from two processes", () => {
  it("each process sees the other's slots", async () => {
    const service = createFakeService();
    const server = await startFakeServer(service, { port: 0 });
    const prefix = freshPrefix();
    const connection = await CLIENT_KINDS["node-redis"]();
    connections.push(connection);
    const client = new Postline({
      apiKey: service.defaults.apiKey,
      baseURL: server.url,
      rateLimit: { store: createRedisStore({ client: connection.client, prefix }) },
    });
    const peer = spawn(process.execPath, ["--import", "tsx", PEER], {
      env: {
        ...process.env,
        BASE_URL: server.url,
        API_KEY: service.defaults.apiKey,
        PREFIX: prefix,
        CALLS: "3",
      },
      stdio: ["pipe", "pipe", "inherit"],
    });
    try {
      const lines = createInterface({ input: peer.stdout! })[Symbol.asyncIterator]();
      const next = async () => JSON.parse(String((await lines.next()).value));
      expect(await next()).toEqual({ ready: true });
      for (let call = 0; call < 2; call++) await client.channels.list();
      const mine = await client.rateBudget();
      peer.stdin!.write("read\n");
      const theirs = await next();
      for (const budget of [mine, theirs]) {
        expect(budget.store).toBe("shared");
        // Three calls of the peer's and two of this process's count in one window.
        expect(budget.other).toMatchObject({ limit: 60, counting: 5, inFlight: 0, waiting: 0 });
        expect(budget.create).toMatchObject({ counting: 0 });
      }
      expect(service.requests.length).toBe(5);
    } finally {
      peer.stdin!.end();
      await new Promise((resolve) => peer.once("exit", resolve));
      await server.close();
    }
  }, 20_000);

  it("reading a budget nobody used leaves no key in Redis", async () => {
    const prefix = freshPrefix();
    const connection = await CLIENT_KINDS.ioredis();
    connections.push(connection);
    const client = new Postline({
      apiKey: "pl_test_nobodyUsedThisKey",
      baseURL: "https://unused.postline.test",
      rateLimit: { store: createRedisStore({ client: connection.client, prefix }) },
    });
    expect((await client.rateBudget()).store).toBe("shared");
    const admin = await adminConnection();
    try {
      expect(await admin.keys(`${prefix}*`)).toEqual([]);
    } finally {
      admin.disconnect();
    }
  });
});
