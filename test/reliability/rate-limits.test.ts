/**
 * A service 429 with pacing on (api-v1.md §8, docs/retries.md): it is retried after `Retry-After`
 * through the pacer, and `RateLimitError` reads the same headers the pacer learns from.
 */
import { describe, expect, it } from "vitest";
import { readRateLimitHeaders } from "../../src/core/rate-limit-headers.js";
import { RateLimitError } from "../../src/index.js";
import { fakeClient } from "../support/fake-client.js";

// Every fake seeds a random token, so each test's client has a pacing budget of its own.

describe("LIMIT-4 a 429 with pacing on", () => {
  it("is retried after Retry-After, and the call succeeds", async () => {
    // The fake on real time: its X-RateLimit-Reset is then "now", which the pacer also honours.
    const { service, client } = fakeClient({ rateLimit: true, maxRetries: 2 }, {});
    service.faults.inject({ path: "/channels", kind: "rateLimited", retryAfterSeconds: 0 });
    await expect(client.channels.list()).resolves.toBeInstanceOf(Array);
    expect(service.requests.filter((r) => r.path === "/channels").map((r) => r.status)).toEqual([
      429, 200,
    ]);
  });

  it("thrown when retries are spent, RateLimitError carries what the headers said, as the pacer reads them", async () => {
    const { service, client } = fakeClient({ rateLimit: true, maxRetries: 0 });
    service.faults.inject({ path: "/stats", kind: "rateLimited", retryAfterSeconds: 7 });
    const error = (await client.stats.get().catch((e: unknown) => e)) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterSeconds).toBe(7);
    expect(error.limit).toBe(60);
    expect(error.remaining).toBe(0);
    expect(error.resetAt).toBeInstanceOf(Date);
    const announced = readRateLimitHeaders(error.headers);
    expect({
      retryAfterSeconds: error.retryAfterSeconds,
      limit: error.limit,
      remaining: error.remaining,
      resetAt: error.resetAt,
    }).toEqual(announced);
  });

  it("a Retry-After past the automatic limit is left to the caller, not waited for", async () => {
    const { service, client } = fakeClient({ rateLimit: true, maxRetries: 2 });
    service.faults.inject({ path: "/brand", kind: "rateLimited", retryAfterSeconds: 3_600 });
    await expect(client.brand.get()).rejects.toBeInstanceOf(RateLimitError);
    expect(service.requests.filter((r) => r.path === "/brand")).toHaveLength(1);
  });
});

describe("the one parser of the 429 headers", () => {
  it("reads delay-seconds and HTTP dates, and ignores values that are not numbers", () => {
    const now = Date.parse("2030-01-01T00:00:00Z");
    const headers = (init: Record<string, string>) => new Headers(init);
    expect(readRateLimitHeaders(headers({ "retry-after": "12" }), now).retryAfterSeconds).toBe(12);
    expect(
      readRateLimitHeaders(headers({ "retry-after": "Tue, 01 Jan 2030 00:00:30 GMT" }), now)
        .retryAfterSeconds,
    ).toBe(30);
    expect(
      readRateLimitHeaders(
        headers({
          "retry-after": "soon",
          "x-ratelimit-limit": "-1",
          "x-ratelimit-remaining": "1 2",
          "x-ratelimit-reset": "1893456060",
        }),
        now,
      ),
    ).toEqual({
      retryAfterSeconds: undefined,
      limit: undefined,
      remaining: undefined,
      resetAt: new Date(1_893_456_060_000),
    });
  });
});
