import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createKeyPacer } from "../../../src/core/pacing/key-pacer.js";
import { createMemoryPacingStore } from "../../../src/core/pacing/memory-store.js";
import type {
  PacingStore,
  SlotOutcome,
  SlotRequest,
  SlotSettlement,
} from "../../../src/core/pacing/pacing-store.js";
import { DEFAULT_ACQUIRE } from "../../../src/core/pacing/wait-bound.js";
import { RateLimitWaitError } from "../../../src/index.js";
import { granted } from "../../support/granted.js";
import { makeClient } from "../../support/server.js";
import { freshKey } from "./support.js";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
});

afterEach(() => {
  vi.useRealTimers();
});

describe("what the pacer gives a store, and takes from one", () => {
  /** A shared store (not memory) that records requests and answers with `outcome`. */
  const recordingStore = (outcome: SlotOutcome) => {
    const seen: { request: SlotRequest; settlements: SlotSettlement[] }[] = [];
    const store: PacingStore = {
      kind: "recording",
      takeSlot: async (request) => {
        const entry = { request, settlements: [] as SlotSettlement[] };
        seen.push(entry);
        if (!outcome.granted) return outcome;
        return { granted: true, slot: { settle: (s) => void entry.settlements.push(s) } };
      },
      readBudget: createMemoryPacingStore().readBudget,
      claims: createMemoryPacingStore().claims,
    };
    return { store, seen };
  };

  it("gives a store whole milliseconds only, from a fractional timeout and a fractional reset", async () => {
    const { store, seen } = recordingStore({ granted: true, slot: { settle: () => undefined } });
    const pacer = createKeyPacer(freshKey(), { store });
    const release = await granted(
      pacer.acquire("create", undefined, { ...DEFAULT_ACQUIRE, attemptTimeoutMs: 10_000 / 3 }),
    );
    const headers = { "retry-after": "1.5", "x-ratelimit-limit": "2.5" };
    release(new Response(null, { status: 429, headers }));
    const [{ request, settlements }] = seen as [(typeof seen)[number]];
    for (const value of [request.leaseMs, settlements[0]!.countsForMs, settlements[0]!.holdMs]) {
      expect(Number.isInteger(value)).toBe(true);
    }
    expect(settlements[0]!.announcedLimit).toBe(2);
  });

  it("a store's refusal without a finite time never puts NaN in the error", async () => {
    const { store } = recordingStore({ granted: false, opensInMs: Number.NaN });
    const client = makeClient({ rateLimit: { store, maxWaitMs: 100 } });
    const error = (await client.brand.get().catch((e: unknown) => e)) as RateLimitWaitError;
    expect(error).toBeInstanceOf(RateLimitWaitError);
    expect(error.message).not.toMatch(/NaN/);
    expect(error.retryAfterSeconds).toBeUndefined();
  });
});
