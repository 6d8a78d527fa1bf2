import { entryOf } from "../map-entry.js";
import type { ClaimedItem, CreateClaimStore } from "./pacing-store.js";

const claimKey = (item: ClaimedItem) => `${item.id}@${item.createdAt}`;

interface Claim {
  readonly owner: string;
  readonly expiresAt: number;
}

/** The in-process ledger of items handed to callers, per service; entries expire after their TTL. */
export function memoryClaimStore(now: () => number): CreateClaimStore {
  /** service -> `id@createdAt` -> its claim, in insertion order. */
  const services = new Map<string, Map<string, Claim>>();
  /** The claims of `service` that have not expired (expired ones are dropped on the way). */
  const liveClaimsOf = (service: string): Map<string, Claim> => {
    const claims = entryOf(services, service, () => new Map<string, Claim>());
    const t = now();
    for (const [key, { expiresAt }] of claims) {
      if (expiresAt > t) break; // insertion order with one TTL: the rest expire later
      claims.delete(key);
    }
    return claims;
  };
  return {
    async claim(service, items, ttlMs, owner) {
      const claims = liveClaimsOf(service);
      for (const item of items) {
        claims.delete(claimKey(item));
        claims.set(claimKey(item), { owner, expiresAt: now() + ttlMs });
      }
    },
    async claimFirstFree(service, candidates, ttlMs, owner) {
      const claims = liveClaimsOf(service);
      const own = candidates.find((item) => claims.get(claimKey(item))?.owner === owner);
      if (own !== undefined) return own;
      const free = candidates.find((item) => !claims.has(claimKey(item)));
      if (free !== undefined) claims.set(claimKey(free), { owner, expiresAt: now() + ttlMs });
      return free;
    },
  };
}
