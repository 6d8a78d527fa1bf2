import type { ClaimedItem, CreateClaimStore } from "./pacing-store.js";

const claimKey = (item: ClaimedItem) => `${item.id}@${item.createdAt}`;

/** The in-process ledger of items handed to callers, per service; entries expire after their TTL. */
export function memoryClaimStore(now: () => number): CreateClaimStore {
  /** service -> `id@createdAt` -> when the claim expires, in insertion order. */
  const services = new Map<string, Map<string, number>>();
  const claimsOf = (service: string): Map<string, number> => {
    let claims = services.get(service);
    if (claims === undefined) {
      claims = new Map();
      services.set(service, claims);
    }
    const t = now();
    for (const [key, expiresAt] of claims) {
      if (expiresAt > t) break; // insertion order with one TTL: the rest expire later
      claims.delete(key);
    }
    return claims;
  };
  return {
    async claim(service, items, ttlMs) {
      const claims = claimsOf(service);
      for (const item of items) {
        claims.delete(claimKey(item));
        claims.set(claimKey(item), now() + ttlMs);
      }
    },
    async claimFirstFree(service, candidates, ttlMs) {
      const claims = claimsOf(service);
      const free = candidates.find((item) => !claims.has(claimKey(item)));
      if (free !== undefined) claims.set(claimKey(free), now() + ttlMs);
      return free;
    },
  };
}
