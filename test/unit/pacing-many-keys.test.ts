/**
 * A pacer that is right for any number of keys: two keys never share a budget, and a key's
 * budgets are dropped once idle, so a process that serves many keys keeps memory flat.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createKeyPacer } from "../../src/core/pacing/key-pacer.js";
import { createMemoryPacingStore, keysHeldBy } from "../../src/core/pacing/memory-store.js";
import {
  DEFAULT_PACING_GUARD_MS,
  PACING_LIMITS,
  PACING_WINDOW_MS,
} from "../../src/core/pacing/rate-budget.js";
import { granted } from "../support/granted.js";

const ok = () => new Response(null, { status: 200 });

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
});

afterEach(() => {
  vi.useRealTimers();
});

describe("budgets per key", () => {
  it("LIMIT-1 two keys whose 32-bit FNV-1a hashes collide keep separate budgets", async () => {
    // Both hash to 0x94568acb under 32-bit FNV-1a: a hash-keyed registry would merge them.
    const store = createMemoryPacingStore();
    const first = createKeyPacer("pl_test_collide0422789", { store });
    const second = createKeyPacer("pl_test_collide0639192", { store });
    for (let i = 0; i < PACING_LIMITS.create; i++) (await granted(first.acquire("create")))(ok());
    let secondWent = false;
    void granted(second.acquire("create")).then(() => {
      secondWent = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(secondWent).toBe(true);
  });

  it("a 429 on one key holds back no other key", async () => {
    const store = createMemoryPacingStore();
    const limited = createKeyPacer("pl_test_limitedKeyAAAAAAAA", { store });
    const other = createKeyPacer("pl_test_otherKeyBBBBBBBBBB", { store });
    (await granted(limited.acquire("other")))(
      new Response(null, { status: 429, headers: { "Retry-After": "30" } }),
    );
    let otherWent = false;
    void granted(other.acquire("other")).then(() => {
      otherWent = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(otherWent).toBe(true);
  });
});

describe("memory stays flat however many keys a process serves", () => {
  it("5,000 keys each used once are all dropped one window after their last response", async () => {
    const store = createMemoryPacingStore();
    const keys = 5_000;
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < keys; i++) {
        const pacer = createKeyPacer(`pl_test_round${round}key${i}xxxxxxxx`, { store });
        (await granted(pacer.acquire(i % 2 === 0 ? "create" : "other")))(ok());
      }
      // Swept as the map grows: never more than twice the keys used within one window.
      expect(keysHeldBy(store)).toBeLessThanOrEqual(2 * keys);
      await vi.advanceTimersByTimeAsync(2 * (PACING_WINDOW_MS + DEFAULT_PACING_GUARD_MS));
      expect(keysHeldBy(store)).toBe(0);
    }
  });

  it("a key with a request in flight, a waiter or a 429 hold is not dropped", async () => {
    const store = createMemoryPacingStore();
    const inFlight = createKeyPacer("pl_test_inFlightKeyCCCCCCC", { store });
    const held = createKeyPacer("pl_test_heldKeyDDDDDDDDDDD", { store });
    await inFlight.acquire("other"); // never released: its response has not arrived
    (await granted(held.acquire("other")))(
      new Response(null, { status: 429, headers: { "Retry-After": "600" } }),
    );
    await vi.advanceTimersByTimeAsync(5 * PACING_WINDOW_MS);
    expect(keysHeldBy(store)).toBe(2);
    await vi.advanceTimersByTimeAsync(10 * PACING_WINDOW_MS);
    // The hold is over; only the request still in flight keeps its key.
    expect(keysHeldBy(store)).toBe(1);
  });
});
