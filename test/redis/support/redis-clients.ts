/**
 * Real Redis for the store's tests: `REDIS_URL` names the server (`.ci/run` starts one on a
 * loopback port). Without it the Redis tests skip and say how to run them.
 */
import { randomUUID } from "node:crypto";
import { Redis as IoRedis, Cluster as IoRedisCluster } from "ioredis";
import { createClient, createCluster } from "redis";
import type { RedisClientLike } from "../../../src/redis/index.js";

/** The server the tests use, or `undefined` to skip them. */
export const REDIS_URL = process.env.REDIS_URL || undefined;

export const HOW_TO_RUN =
  "Redis tests skipped: set REDIS_URL (e.g. `redis-server --port 6390 --save '' & REDIS_URL=redis://127.0.0.1:6390 npm test`); .ci/run starts one";

if (REDIS_URL === undefined) {
  // CI starts Redis and sets this, so the Redis tests can never be skipped there by mistake.
  if (process.env.POSTLINE_REQUIRE_REDIS)
    throw new Error("POSTLINE_REQUIRE_REDIS is set but REDIS_URL is not");
  console.warn(HOW_TO_RUN);
}

/** A connected client and how to close it, for either supported library. */
export interface ConnectedClient {
  readonly client: RedisClientLike;
  /** Closes the connection (as a process that exits would). */
  close(): Promise<void>;
}

/** A node-redis client or cluster, connected, with its errors left to the store. */
async function nodeRedis(
  client: ReturnType<typeof createClient> | ReturnType<typeof createCluster>,
) {
  client.on("error", () => undefined);
  await client.connect();
  return { client, close: () => client.close().then(() => undefined) };
}

/** An ioredis client or cluster made with `lazyConnect`, connected. */
async function ioRedis(client: IoRedis | IoRedisCluster): Promise<ConnectedClient> {
  client.on("error", () => undefined);
  await client.connect();
  return {
    client,
    close: async () => {
      client.disconnect();
    },
  };
}

/** The two client libraries the store supports. */
export const CLIENT_KINDS = {
  "node-redis": () => nodeRedis(createClient({ url: REDIS_URL! })),
  ioredis: () => ioRedis(new IoRedis(REDIS_URL!, { lazyConnect: true, maxRetriesPerRequest: 0 })),
} as const;

export type ClientKind = keyof typeof CLIENT_KINDS;

/** A prefix of keys no other test uses. */
export const freshPrefix = () => `postline-test-${randomUUID().slice(0, 8)}`;

/** A plain connection for inspecting or pausing the server. */
export async function adminConnection(): Promise<IoRedis> {
  const admin = new IoRedis(REDIS_URL!, { lazyConnect: true });
  await admin.connect();
  return admin;
}

/**
 * A Redis Cluster's nodes, as `host:port,host:port,...` (`.ci/run` starts three on loopback), or
 * `undefined` to skip the cluster cases.
 */
export const REDIS_CLUSTER_NODES = process.env.REDIS_CLUSTER_NODES || undefined;

if (REDIS_CLUSTER_NODES === undefined && process.env.POSTLINE_REQUIRE_REDIS) {
  throw new Error("POSTLINE_REQUIRE_REDIS is set but REDIS_CLUSTER_NODES is not");
}

const clusterNodes = () =>
  (REDIS_CLUSTER_NODES ?? "").split(",").map((node) => {
    const [host, port] = node.trim().split(":");
    return { host: host!, port: Number(port) };
  });

/** The two client libraries the store supports, each on a Redis Cluster. */
export const CLUSTER_CLIENT_KINDS = {
  "node-redis cluster": () =>
    nodeRedis(
      createCluster({
        rootNodes: clusterNodes().map(({ host, port }) => ({ url: `redis://${host}:${port}` })),
      }),
    ),
  "ioredis cluster": () => ioRedis(new IoRedisCluster(clusterNodes(), { lazyConnect: true })),
} as const;

/** Every client kind a script test runs on: both libraries, on one server and on a cluster. */
export const SCRIPT_CLIENT_KINDS: [string, () => Promise<ConnectedClient>, boolean, boolean][] = [
  ["node-redis", CLIENT_KINDS["node-redis"], false, REDIS_URL !== undefined],
  ["ioredis", CLIENT_KINDS.ioredis, false, REDIS_URL !== undefined],
  [
    "node-redis cluster",
    CLUSTER_CLIENT_KINDS["node-redis cluster"],
    true,
    REDIS_CLUSTER_NODES !== undefined,
  ],
  [
    "ioredis cluster",
    CLUSTER_CLIENT_KINDS["ioredis cluster"],
    true,
    REDIS_CLUSTER_NODES !== undefined,
  ],
];

/**
 * The same client, with `before` shown each command's words first: it may stall the server, or
 * answer `"drop"` to leave the command unsent and unanswered (a command lost on its way).
 */
export function intercepted(
  client: RedisClientLike,
  before: (args: readonly string[]) => Promise<"drop" | undefined> | "drop" | undefined,
): RedisClientLike {
  const lost = new Promise<never>(() => {});
  const real = client as {
    call?: (command: string, ...args: string[]) => Promise<unknown>;
    nodes?: (role: "master") => unknown[];
    sendCommand: (...args: unknown[]) => Promise<unknown>;
    masters?: unknown[];
    nodeClient?: (node: unknown) => unknown;
  };
  if (typeof real.call === "function") {
    const call = real.call.bind(real);
    return {
      call: async (command: string, ...args: string[]) =>
        (await before([command, ...args])) === "drop" ? lost : call(command, ...args),
      ...(real.nodes ? { nodes: real.nodes.bind(real) } : {}),
    } as RedisClientLike;
  }
  if (Array.isArray(real.masters)) {
    return {
      sendCommand: async (firstKey: string, readonly: boolean, args: string[]) =>
        (await before(args)) === "drop" ? lost : real.sendCommand(firstKey, readonly, args),
      get masters() {
        return real.masters;
      },
      nodeClient: (node: unknown) => real.nodeClient!(node),
    } as unknown as RedisClientLike;
  }
  return {
    sendCommand: async (args: string[]) =>
      (await before(args)) === "drop" ? lost : real.sendCommand(args),
  };
}

/** A plain connection that reads any key: the server, or the whole cluster. */
export async function keyReader(cluster: boolean): Promise<IoRedis | IoRedisCluster> {
  const reader = cluster
    ? new IoRedisCluster(clusterNodes(), { lazyConnect: true })
    : new IoRedis(REDIS_URL!, { lazyConnect: true });
  await reader.connect();
  return reader;
}
