import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createKeyPacer } from "../../../src/core/pacing/key-pacer.js";
import { PACING_LIMITS } from "../../../src/core/pacing/rate-budget.js";
import { acquireMany, advanceTo, flush, freshKey, GUARD, WINDOW, watch } from "./support.js";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
});

afterEach(() => {
  vi.useRealTimers();
});

describe("learning from a 429 (api-v1.md §8)", () => {
  const rateLimited = (headers: Record<string, string>) =>
    new Response('{"error":{"code":"rate_limited"}}', { status: 429, headers });

  it("LIMIT-4 a 429 with Retry-After holds the budget until then, though slots remain", async () => {
    const start = Date.now();
    const pacer = createKeyPacer(freshKey());
    const [release] = await acquireMany("create", 1, pacer);
    release!(
      rateLimited({
        "Retry-After": "30",
        "X-RateLimit-Limit": "10",
        "X-RateLimit-Remaining": "0",
        "X-RateLimit-Reset": String(Math.ceil((start + 30_000) / 1000)),
      }),
    );
    const next = watch(pacer.acquire("create"));
    await advanceTo(start, 30_000 + GUARD - 1);
    expect(next.settled).toBe(false);
    await advanceTo(start, 30_000 + GUARD);
    expect(next.release).toBeTypeOf("function");

    // The other budget was not held.
    const read = watch(pacer.acquire("other"));
    await flush();
    expect(read.release).toBeTypeOf("function");
  });

  it("LIMIT-4 without Retry-After, X-RateLimit-Reset (a Unix time) sets the hold", async () => {
    const start = Date.now();
    const pacer = createKeyPacer(freshKey());
    const [release] = await acquireMany("other", 1, pacer);
    release!(
      rateLimited({ "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": String(start / 1000 + 42) }),
    );
    const next = watch(pacer.acquire("other"));
    await advanceTo(start, 42_000 + GUARD - 1);
    expect(next.settled).toBe(false);
    await advanceTo(start, 42_000 + GUARD);
    expect(next.release).toBeTypeOf("function");
  });

  it("a reset far ahead on a skewed server clock holds at most one window", async () => {
    const start = Date.now();
    const pacer = createKeyPacer(freshKey());
    const [release] = await acquireMany("other", 1, pacer);
    release!(rateLimited({ "X-RateLimit-Reset": String(start / 1000 + 3_600) }));
    const next = watch(pacer.acquire("other"));
    await advanceTo(start, WINDOW + GUARD);
    expect(next.release).toBeTypeOf("function");
  });

  it("a 429 with no readable headers holds one full window", async () => {
    const start = Date.now();
    const pacer = createKeyPacer(freshKey());
    const [release] = await acquireMany("other", 1, pacer);
    release!(rateLimited({ "Retry-After": "soon" }));
    const next = watch(pacer.acquire("other"));
    await advanceTo(start, WINDOW + GUARD - 1);
    expect(next.settled).toBe(false);
    await advanceTo(start, WINDOW + GUARD);
    expect(next.release).toBeTypeOf("function");
  });

  it("LIMIT-4 after the hold, a stricter X-RateLimit-Limit the 429 announced is kept", async () => {
    const start = Date.now();
    const pacer = createKeyPacer(freshKey());
    const [release] = await acquireMany("other", 1, pacer);
    release!(rateLimited({ "Retry-After": "1", "X-RateLimit-Limit": "3" }));
    await advanceTo(start, 1_000 + GUARD);
    // One slot is still held by the rate-limited request, so two more fit under the limit of 3.
    const releases = await acquireMany("other", 2, pacer);
    expect(releases).toHaveLength(2);
    const fourth = watch(pacer.acquire("other"));
    await flush();
    expect(fourth.settled).toBe(false);
    // The rate-limited request's slot frees a window (plus the guard) after its response.
    await advanceTo(start, WINDOW + GUARD);
    expect(fourth.release).toBeTypeOf("function");
  });

  it("a looser X-RateLimit-Limit than the contract's is not adopted", async () => {
    const start = Date.now();
    const pacer = createKeyPacer(freshKey());
    const [release] = await acquireMany("create", 1, pacer);
    release!(rateLimited({ "Retry-After": "1", "X-RateLimit-Limit": "1000" }));
    await advanceTo(start, 1_000 + GUARD);
    await acquireMany("create", PACING_LIMITS.create - 1, pacer);
    const eleventh = watch(pacer.acquire("create"));
    await flush();
    expect(eleventh.settled).toBe(false);
    await advanceTo(start, WINDOW + GUARD);
    expect(eleventh.release).toBeTypeOf("function");
  });

  it("a successful response never holds the budget", async () => {
    const pacer = createKeyPacer(freshKey());
    const [release] = await acquireMany("create", 1, pacer);
    release!(new Response(null, { status: 200, headers: { "Retry-After": "30" } }));
    const next = watch(pacer.acquire("create"));
    await flush();
    expect(next.release).toBeTypeOf("function");
  });
});
