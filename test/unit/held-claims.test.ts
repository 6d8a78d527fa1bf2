/** Reconciliation's ledger on a shared store: one try lasts as long as a store command may. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createMemoryPacingStore } from "../../src/core/pacing/memory-store.js";
import { type PacingStore, STORE_COMMAND_TIMEOUT_MS } from "../../src/core/pacing/pacing-store.js";
import { claimStoreFor } from "../../src/core/reconcile/held-claims.js";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
});

afterEach(() => {
  vi.useRealTimers();
});

describe("claimStoreFor", () => {
  it("uses the memory store's ledger when there is no shared store", () => {
    const memory = createMemoryPacingStore();
    expect(claimStoreFor(memory, { warn: () => {} })).toBe(memory.claims);
  });

  it("tries a silent shared store again once a store command's limit has passed", async () => {
    const start = Date.now();
    const tries: number[] = [];
    const silent: PacingStore = {
      kind: "silent",
      takeSlot: () => new Promise(() => {}),
      claims: {
        claim: () => new Promise(() => {}),
        claimFirstFree: () => {
          tries.push(Date.now() - start);
          return new Promise(() => {});
        },
      },
    };
    const warnings: string[] = [];
    const ledger = claimStoreFor(silent, { warn: (message) => warnings.push(message) });
    const item = { id: "cnt_1", createdAt: "2030-01-01T00:00:00Z" };
    const adopted = ledger.claimFirstFree("svc", [item], 60_000, "call_1").catch((e) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await adopted).toBeInstanceOf(Error);
    // A try ends after the store command limit (and one turn), then a 200 ms pause.
    expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(STORE_COMMAND_TIMEOUT_MS + 200);
    expect(tries[1]! - tries[0]!).toBeLessThan(STORE_COMMAND_TIMEOUT_MS + 210);
    expect(warnings).toHaveLength(1);
  });

  it("gives each try the store's own command limit: a slow but healthy store is not counted as down", async () => {
    const item = { id: "cnt_1", createdAt: "2030-01-01T00:00:00Z" };
    let tries = 0;
    // Answers every command after 2.5 s: within its own 3 s limit, past the default 1 s.
    const slow: PacingStore = {
      kind: "slow",
      commandTimeoutMs: 3_000,
      takeSlot: () => new Promise(() => {}),
      claims: {
        claim: () => new Promise(() => {}),
        claimFirstFree: () => {
          tries += 1;
          return new Promise((resolve) => setTimeout(() => resolve(item), 2_500));
        },
      },
    };
    const warnings: string[] = [];
    const ledger = claimStoreFor(slow, { warn: (message) => warnings.push(message) });
    const adopted = ledger.claimFirstFree("svc", [item], 60_000, "call_1").catch((e) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await adopted).toEqual(item);
    expect(tries).toBe(1);
    expect(warnings).toEqual([]);
  });
});
