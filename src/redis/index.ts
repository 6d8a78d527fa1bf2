// Public exports of @postline/sdk/redis: a pacing store shared by processes. No logic lives here.

export type {
  ClaimedItem,
  CreateClaimStore,
  PacingBudget,
  PacingSlot,
  PacingStore,
  SlotOutcome,
  SlotRequest,
  SlotSettlement,
} from "../core/pacing-store.js";
export type { IoRedisLikeClient, NodeRedisLikeClient, RedisClientLike } from "./redis-commands.js";
export { createRedisStore, type RedisStoreOptions } from "./redis-store.js";
