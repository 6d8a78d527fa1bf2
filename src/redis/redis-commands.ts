/**
 * The few commands the Redis store sends, through the caller's own client: node-redis (v5 and
 * later) or ioredis. Scripts go by `EVALSHA`, loaded once with `EVAL` when the server does not
 * know them, and every command is bounded by a timeout so a slow server fails fast.
 */

import { createHash } from "node:crypto";
import { InvalidRequestError } from "../core/errors/local-errors.js";

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
}

/**
 * The Redis clients the store accepts (it uses only the methods above): a standalone server or a
 * Redis Cluster. The store's keys for one budget share a hash tag, so each script runs on one
 * node.
 */
export type RedisClientLike = NodeRedisLikeClient | NodeRedisLikeCluster | IoRedisLikeClient;

/** One Lua script, with its SHA-1 for `EVALSHA`. */
export interface LuaScript {
  readonly source: string;
  readonly sha: string;
}

/** A Lua script ready for {@link RedisCommands.run}. */
export function luaScript(source: string): LuaScript {
  return { source, sha: createHash("sha1").update(source).digest("hex") };
}

/** Runs scripts on one client, each call bounded by `timeoutMs`. */
export interface RedisCommands {
  run(
    script: LuaScript,
    keys: readonly string[],
    args: readonly (string | number)[],
  ): Promise<unknown>;
}

/** Wraps the caller's client; refuses, naming `client`, anything that is neither kind. */
export function redisCommandsOf(client: RedisClientLike, timeoutMs: number): RedisCommands {
  const send = senderOf(client);
  const bounded = (args: string[], firstKey: string | undefined): Promise<unknown> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    return Promise.race([
      send(args, firstKey),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          // After the poll phase: when this process was too busy to look, an answer that has
          // arrived meanwhile is taken rather than counted as a timeout.
          () =>
            setImmediate(() =>
              reject(new Error(`Redis did not answer ${args[0]} within ${timeoutMs} ms`)),
            ),
          timeoutMs,
        );
      }),
    ]).finally(() => clearTimeout(timer));
  };
  return {
    async run(script, keys, args) {
      const rest = [String(keys.length), ...keys, ...args.map(String)];
      try {
        return await bounded(["EVALSHA", script.sha, ...rest], keys[0]);
      } catch (error) {
        if (!/NOSCRIPT/.test(String((error as Error)?.message ?? error))) throw error;
        // The server (or this node) restarted or was flushed, or has never seen the script: send
        // the script itself, which also caches it.
        return bounded(["EVAL", script.source, ...rest], keys[0]);
      }
    },
  };
}

function senderOf(
  client: RedisClientLike,
): (args: string[], firstKey: string | undefined) => Promise<unknown> {
  const candidate = client as Partial<
    NodeRedisLikeClient & NodeRedisLikeCluster & IoRedisLikeClient
  > | null;
  // ioredis has a `sendCommand` too, but one that takes a Command object: test `call` first.
  if (typeof candidate?.call === "function") {
    const call = candidate.call.bind(candidate);
    return ([command, ...args]) => call(command!, ...args);
  }
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
