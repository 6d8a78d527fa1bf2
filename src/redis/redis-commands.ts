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

/** The Redis clients the store accepts (it uses only the two methods above). */
export type RedisClientLike = NodeRedisLikeClient | IoRedisLikeClient;

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
  const bounded = (args: string[]): Promise<unknown> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    return Promise.race([
      send(args),
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
        return await bounded(["EVALSHA", script.sha, ...rest]);
      } catch (error) {
        if (!/NOSCRIPT/.test(String((error as Error)?.message ?? error))) throw error;
        // The server restarted or was flushed: send the script itself, which also caches it.
        return bounded(["EVAL", script.source, ...rest]);
      }
    },
  };
}

function senderOf(client: RedisClientLike): (args: string[]) => Promise<unknown> {
  const candidate = client as Partial<NodeRedisLikeClient & IoRedisLikeClient> | null;
  // ioredis has a `sendCommand` too, but one that takes a Command object: test `call` first.
  if (typeof candidate?.call === "function") {
    const call = candidate.call.bind(candidate);
    return ([command, ...args]) => call(command!, ...args);
  }
  if (typeof candidate?.sendCommand === "function") {
    return candidate.sendCommand.bind(candidate);
  }
  throw new InvalidRequestError(
    "client",
    "client must be a connected node-redis (v5 or later) or ioredis client",
  );
}
