/**
 * The pacer answers, the transport decides: a pacer resolves to a grant or to a refusal (when a
 * slot opens, how long the wait lasted) and builds no error; the transport turns a refusal into
 * the one `RateLimitWaitError`.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createKeyPacer } from "../../../src/core/pacing/key-pacer.js";
import { PACING_LIMITS } from "../../../src/core/pacing/rate-budget.js";
import { createSessionPacer } from "../../../src/core/pacing/session-pacer.js";
import { granted, refused } from "../../support/granted.js";
import { acquireMany, freshKey, GUARD, WINDOW } from "./support.js";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
});

afterEach(() => {
  vi.useRealTimers();
});

const tooMany = (retryAfterSeconds: number) =>
  new Response(null, { status: 429, headers: { "retry-after": String(retryAfterSeconds) } });

describe("a pacer answers with a grant or a refusal", () => {
  it("the key pacer refuses at once a wait known to outlast the bound, saying when a slot opens", async () => {
    const pacer = createKeyPacer(freshKey());
    await acquireMany("create", PACING_LIMITS.create, pacer); // all in flight
    const refusal = await refused(pacer.acquire("create", undefined, { maxWaitMs: 1_000 }));
    // A slot in flight frees no sooner than a window from now.
    expect(refusal).toEqual({ granted: false, opensInMs: WINDOW, waitedMs: 0 });
  });

  it("the key pacer refuses a wait that turns out longer, saying how long it lasted", async () => {
    const pacer = createKeyPacer(freshKey());
    await acquireMany("create", PACING_LIMITS.create, pacer); // never released
    const answer = pacer.acquire("create", undefined, { maxWaitMs: WINDOW + 5_000 });
    // A window later the slots are still in flight: now known to take another window.
    await vi.advanceTimersByTimeAsync(WINDOW + 5_000);
    const refusal = await refused(answer);
    expect(refusal).toEqual({ granted: false, opensInMs: WINDOW, waitedMs: WINDOW });
  });

  it("the session pacer refuses at once a hold longer than the bound, and a grant's release says the hold", async () => {
    const pacer = createSessionPacer(`https://answers-${freshKey()}.postline.test/api/v1/`);
    const release = await granted(pacer.acquire("other"));
    expect(release(tooMany(10))).toBe(10_000 + GUARD);
    const refusal = await refused(pacer.acquire("other", undefined, { maxWaitMs: 1_000 }));
    expect(refusal).toEqual({ granted: false, opensInMs: 10_000 + GUARD, waitedMs: 0 });
  });

  it("the key pacer's release says how long a 429 holds the budget, and nothing otherwise", async () => {
    const pacer = createKeyPacer(freshKey());
    const [first, second] = await acquireMany("other", 2, pacer);
    expect(first!(new Response(null, { status: 200 }))).toBeUndefined();
    expect(second!(tooMany(3))).toBe(3_000 + GUARD);
  });
});
