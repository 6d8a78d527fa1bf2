/**
 * The ledger of created items on Redis: one key per claimed item, whose value is its owner (the
 * call that holds it), so that a claim run twice is still its owner's (lua-scripts.ts).
 */

import type { ClaimedItem, CreateClaimStore } from "../core/pacing/pacing-store.js";
import { CLAIM_ALL, CLAIM_FIRST_FREE } from "./lua-scripts.js";
import type { RedisCommands } from "./redis-commands.js";
import { claimedIndex, expectCount } from "./redis-replies.js";

/** The ledger on `redis`; `keyOf` names an item's key (one hash tag per service). */
export function redisClaims(
  redis: RedisCommands,
  keyOf: (service: string, item: ClaimedItem) => string,
): CreateClaimStore {
  return {
    async claim(service, items, ttlMs, owner) {
      if (items.length === 0) return;
      const keys = items.map((item) => keyOf(service, item));
      expectCount("CLAIM_ALL", await redis.run(CLAIM_ALL, keys, [ttlMs, owner]), keys.length);
    },
    async claimFirstFree(service, candidates, ttlMs, owner) {
      if (candidates.length === 0) return undefined;
      const keys = candidates.map((item) => keyOf(service, item));
      const reply = await redis.run(CLAIM_FIRST_FREE, keys, [ttlMs, owner]);
      const index = claimedIndex(reply, candidates.length);
      return index > 0 ? candidates[index - 1] : undefined;
    },
  };
}
