// Public exports of @postline/sdk/redis: a pacing store shared by processes. No logic lives here.
// The store's types (`PacingStore`, ...) are exported once, from `@postline/sdk`.

export type {
  IoRedisLikeClient,
  NodeRedisLikeClient,
  NodeRedisLikeCluster,
  RedisClientLike,
} from "./redis-commands.js";
export { createRedisStore, type RedisStoreOptions } from "./redis-store.js";
export { redisSpentTickets } from "./spent-tickets.js";
