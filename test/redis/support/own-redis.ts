/**
 * A freshly started `redis-server` (or a three-node Redis Cluster) for the tests that stall or
 * flush a server: their script caches start empty, and their stalls never slow the other test
 * files, which share the server at `REDIS_URL`. Loopback only, nothing saved to disk.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { Redis as IoRedis, Cluster as IoRedisCluster } from "ioredis";
import { createClient, createCluster } from "redis";
import type { ConnectedClient } from "./redis-clients.js";

const run = promisify(execFile);

/** A free loopback port whose cluster bus port (+10 000) is in range too. */
async function freePort(): Promise<number> {
  for (;;) {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    if (port + 10_000 < 65_536) return port;
  }
}

async function answers(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      await run("redis-cli", ["-p", String(port), "ping"]);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`redis-server on port ${port} did not start`);
}

/** Servers started for one test file, and the clients the store supports on them. */
export interface OwnRedis {
  /** Each server's port (one, or the cluster's three). */
  readonly ports: readonly number[];
  /** Both client libraries, connected to these servers. */
  readonly clientKinds: Record<string, () => Promise<ConnectedClient>>;
  /** Plain connections to each server, for pausing and inspecting them. */
  admins(): Promise<IoRedis[]>;
  stop(): Promise<void>;
}

/** Starts one `redis-server`, or three as a Redis Cluster. */
export async function startOwnRedis(cluster: boolean): Promise<OwnRedis> {
  const dir = mkdtempSync(join(tmpdir(), "postline-redis-"));
  const ports: number[] = [];
  const servers: ChildProcess[] = [];
  for (let i = 0; i < (cluster ? 3 : 1); i++) {
    const port = await freePort();
    ports.push(port);
    const args = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly"];
    args.push("no", "--dir", dir);
    if (cluster) {
      args.push("--cluster-enabled", "yes", "--cluster-config-file", `nodes-${port}.conf`);
    }
    servers.push(spawn("redis-server", args, { stdio: "ignore" }));
  }
  await Promise.all(ports.map(answers));
  if (cluster) {
    const nodes = ports.map((port) => `127.0.0.1:${port}`);
    await run("redis-cli", [
      "--cluster",
      "create",
      ...nodes,
      "--cluster-replicas",
      "0",
      "--cluster-yes",
    ]);
    for (let i = 0; i < 100; i++) {
      const { stdout } = await run("redis-cli", ["-p", String(ports[0]), "cluster", "info"]);
      if (stdout.includes("cluster_state:ok")) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const nodes = ports.map((port) => ({ host: "127.0.0.1", port }));
  const url = `redis://127.0.0.1:${ports[0]}`;
  const withErrorsIgnored = <T extends { on(event: "error", listener: () => void): unknown }>(
    client: T,
  ) => {
    client.on("error", () => undefined);
    return client;
  };
  const clientKinds: Record<string, () => Promise<ConnectedClient>> = cluster
    ? {
        "node-redis cluster": async () => {
          const client = withErrorsIgnored(
            createCluster({
              rootNodes: nodes.map(({ port }) => ({ url: `redis://127.0.0.1:${port}` })),
            }),
          );
          await client.connect();
          return { client, close: () => client.close().then(() => undefined) };
        },
        "ioredis cluster": async () => {
          const client = withErrorsIgnored(new IoRedisCluster(nodes, { lazyConnect: true }));
          await client.connect();
          return { client, close: async () => client.disconnect() };
        },
      }
    : {
        "node-redis": async () => {
          const client = withErrorsIgnored(createClient({ url }));
          await client.connect();
          return { client, close: () => client.close().then(() => undefined) };
        },
        ioredis: async () => {
          const client = withErrorsIgnored(
            new IoRedis(url, { lazyConnect: true, maxRetriesPerRequest: 0 }),
          );
          await client.connect();
          return { client, close: async () => client.disconnect() };
        },
      };
  return {
    ports,
    clientKinds,
    admins: async () => {
      const admins = ports.map((port) => new IoRedis(port, "127.0.0.1", { lazyConnect: true }));
      await Promise.all(admins.map((admin) => admin.connect()));
      return admins;
    },
    stop: async () => {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise((resolve) => {
              server.once("exit", resolve);
              server.kill();
            }),
        ),
      );
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
