/**
 * The few commands the Redis store sends, through the caller's own client: node-redis (v5 and
 * later) or ioredis. Scripts go by `EVALSHA`, and every command has a timeout, so a slow server
 * fails fast.
 *
 * Every script is loaded on every server (each primary of a cluster) before the store's first
 * command, and again after any `NOSCRIPT`. A fresh, restarted or promoted server has an empty
 * script cache, and a give-back that met `NOSCRIPT` after its caller stopped listening would be
 * lost.
 */

import { createHash } from "node:crypto";
import { InvalidRequestError } from "../core/errors/local-errors.js";
import { withTimeout } from "../core/timers.js";

/** A connected node-redis client: it sends a raw command with `sendCommand(args)`. */
export interface NodeRedisLikeClient {
  /** Sends one command given as its words, e.g. `["EVALSHA", sha, "1", key]`. */
  sendCommand(args: string[]): Promise<unknown>;
}

/** A connected ioredis client: it sends a raw command with `call(name, ...args)`. */
export interface IoRedisLikeClient {
  /** Sends one command by name with its arguments. */
  call(command: string, ...args: string[]): Promise<unknown>;
}

/**
 * A connected node-redis cluster (`createCluster()` after `connect()`): it sends a raw command
 * with `sendCommand(firstKey, isReadonly, args)`, routed by the key. (An ioredis `Cluster` is an
 * {@link IoRedisLikeClient}: it routes `call` by the command's keys itself.)
 */
export interface NodeRedisLikeCluster {
  /** Sends one command to the node that holds `firstKey`. */
  sendCommand(
    firstKey: string | undefined,
    isReadonly: boolean | undefined,
    args: string[],
  ): Promise<unknown>;
  /** The cluster's primaries: what tells a cluster from a single client. */
  readonly masters: readonly unknown[];
  /** The client of one of {@link masters}: the store loads its scripts on each. */
  nodeClient?(node: never): Promise<NodeRedisLikeClient> | NodeRedisLikeClient;
}

/**
 * The Redis clients the store accepts (it uses only the methods above): a standalone server or a
 * Redis Cluster. The store's keys for one budget share a hash tag, so each script runs on one
 * node.
 */
export type RedisClientLike = NodeRedisLikeClient | NodeRedisLikeCluster | IoRedisLikeClient;

/** An ioredis `Cluster`: its primaries are where the store loads its scripts. */
interface IoRedisLikeCluster extends IoRedisLikeClient {
  nodes(role: "master"): IoRedisLikeClient[];
}

/** One Lua script, with its SHA-1 for `EVALSHA`. */
export interface LuaScript {
  readonly source: string;
  readonly sha: string;
}

/** A Lua script ready for {@link RedisCommands.run}. */
export function luaScript(source: string): LuaScript {
  return { source, sha: createHash("sha1").update(source).digest("hex") };
}

/** Runs scripts on one client, each command bounded by `timeoutMs`. */
export interface RedisCommands {
  /**
   * Runs `script`; every number in `args` is rounded up to an integer (Redis refuses a fraction
   * where it expects milliseconds, and a fraction of a millisecond up is the safe side of a wait).
   */
  run(
    script: LuaScript,
    keys: readonly string[],
    args: readonly (string | number)[],
  ): Promise<unknown>;
}

/** A command Redis did not answer in time; it may still run when Redis wakes. */
class RedisTimeoutError extends Error {
  override readonly name = "RedisTimeoutError";
}

/** Sends one command, routed by `firstKey` on a cluster. */
type Send = (args: string[], firstKey: string | undefined) => Promise<unknown>;

/**
 * Wraps the caller's client; refuses, naming `client`, anything that is neither kind. `scripts`
 * are every script the store runs: all are loaded together.
 */
export function redisCommandsOf(
  client: RedisClientLike,
  timeoutMs: number,
  scripts: readonly LuaScript[],
): RedisCommands {
  const send = senderOf(client);
  const servers = serversOf(client, send);
  const bounded = (command: Promise<unknown>, name: string): Promise<unknown> =>
    withTimeout(command, timeoutMs, {
      error: () => new RedisTimeoutError(`Redis did not answer ${name} within ${timeoutMs} ms`),
    });
  /** Loads every script on every server; shared by the commands that wait for it. */
  let loaded: Promise<void> | undefined;
  const loadAll = (): Promise<void> => {
    loaded ??= loadScripts(servers, scripts, bounded).catch((error: unknown) => {
      loaded = undefined; // tried again by the next command
      throw error;
    });
    return loaded;
  };
  return {
    async run(script, keys, args) {
      const rest = [String(keys.length), ...keys, ...args.map(wireArgument)];
      const evalsha = () => bounded(send(["EVALSHA", script.sha, ...rest], keys[0]), "EVALSHA");
      const loading = loadAll();
      await loading;
      try {
        return await evalsha();
      } catch (error) {
        if (!isNoScript(error)) throw error;
      }
      // The server restarted, was flushed or failed over since: load everything again (once for
      // all the commands that met it).
      if (loaded === loading) loaded = undefined;
      await loadAll();
      try {
        return await evalsha();
      } catch (error) {
        if (!isNoScript(error)) throw error;
        // A server that still does not keep it (a proxy to changing nodes): send the source.
        return bounded(send(["EVAL", script.source, ...rest], keys[0]), "EVAL");
      }
    },
  };
}

function wireArgument(arg: string | number): string {
  if (typeof arg === "string") return arg;
  if (!Number.isFinite(arg)) throw new Error(`not a number for Redis: ${String(arg)}`);
  return String(Math.ceil(arg));
}

const isNoScript = (error: unknown): boolean =>
  /NOSCRIPT/.test(String((error as Error | undefined)?.message ?? error));

/**
 * `SCRIPT LOAD` of every script on every server. A server that refuses the command (a proxy
 * without it) is left to `EVAL` after `NOSCRIPT`; no answer in time is a failure, and so is an
 * answer that is not the script's SHA-1 (a server that only looks like Redis).
 */
async function loadScripts(
  servers: () => Promise<Send[]>,
  scripts: readonly LuaScript[],
  bounded: (command: Promise<unknown>, name: string) => Promise<unknown>,
): Promise<void> {
  const loads = (await servers()).flatMap((server) =>
    scripts.map(async (script) => {
      const command = server(["SCRIPT", "LOAD", script.source], undefined);
      let answer: unknown;
      try {
        answer = await bounded(command, "SCRIPT LOAD");
      } catch (error) {
        if (error instanceof RedisTimeoutError) throw error;
        return;
      }
      if (String(answer) !== script.sha) {
        throw new Error(`Redis answered SCRIPT LOAD with ${describeReply(answer)}, not a SHA-1`);
      }
    }),
  );
  await Promise.all(loads);
}

/** A short, printable description of a reply, for an error message. */
export function describeReply(reply: unknown): string {
  const text = JSON.stringify(reply) ?? String(reply);
  return text.length > 60 ? `${text.slice(0, 60)}...` : text;
}

/** How to reach each server that runs the store's scripts: the one server, or every primary. */
function serversOf(client: RedisClientLike, send: Send): () => Promise<Send[]> {
  const candidate = client as Partial<NodeRedisLikeCluster & IoRedisLikeCluster>;
  if (typeof candidate.call === "function" && typeof candidate.nodes === "function") {
    const cluster = candidate as IoRedisLikeCluster;
    return async () => cluster.nodes("master").map(ioRedisSender);
  }
  if (Array.isArray(candidate.masters) && typeof candidate.nodeClient === "function") {
    const cluster = candidate as Required<NodeRedisLikeCluster>;
    return async () =>
      cluster.masters.map((master) => async (args: string[]) => {
        const node = await cluster.nodeClient(master as never);
        return node.sendCommand(args);
      });
  }
  // A single server; or a cluster client that cannot name its nodes: each node learns a script
  // from `EVAL` after `NOSCRIPT`.
  return async () => (Array.isArray(candidate.masters) ? [] : [send]);
}

/** Sends through an ioredis client (or cluster, which routes by the command's keys). */
function ioRedisSender(client: IoRedisLikeClient): Send {
  return ([command, ...args]) => client.call(command!, ...args);
}

function senderOf(client: RedisClientLike): Send {
  const candidate = client as Partial<
    NodeRedisLikeClient & NodeRedisLikeCluster & IoRedisLikeClient
  > | null;
  // ioredis has a `sendCommand` too, but one that takes a Command object: test `call` first.
  if (typeof candidate?.call === "function") return ioRedisSender(candidate as IoRedisLikeClient);
  if (typeof candidate?.sendCommand === "function" && Array.isArray(candidate.masters)) {
    const cluster = candidate as NodeRedisLikeCluster;
    return (args, firstKey) => cluster.sendCommand(firstKey, false, args);
  }
  if (typeof candidate?.sendCommand === "function") {
    const single = candidate as NodeRedisLikeClient;
    return (args) => single.sendCommand(args);
  }
  throw new InvalidRequestError(
    "client",
    "client must be a connected node-redis (v5 or later) or ioredis client, or a cluster of either",
  );
}
