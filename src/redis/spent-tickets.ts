/**
 * Spent approval tickets kept in Redis (`postline mcp --redis`): a review card's token or a form's
 * `requestState` decides once across every process that shares the store.
 */
import type { SpentTickets } from "../tools/approval/index.js";
import { luaScript, type RedisClientLike, redisCommandsOf } from "./redis-commands.js";

const SPEND = luaScript(
  "if redis.call('SET', KEYS[1], '1', 'NX', 'EX', ARGV[1]) then return 1 else return 0 end",
);

/** Spent tickets under `{prefix}:spent:`, through the caller's connected client. */
export function redisSpentTickets(client: RedisClientLike, prefix = "postline"): SpentTickets {
  const commands = redisCommandsOf(client, 1_000, [SPEND]);
  return {
    shared: true,
    async spend(id, ttlSeconds) {
      return (await commands.run(SPEND, [`${prefix}:spent:${id}`], [ttlSeconds])) === 1;
    },
  };
}
