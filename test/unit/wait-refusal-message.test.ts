import { describe, expect, it } from "vitest";
import { RateLimitWaitError } from "../../src/index.js";
import { envelope } from "../support/fixtures.js";
import { API, HttpResponse, http, makeClient, useServer } from "../support/server.js";

const { server, seen } = useServer();

/** A 429 with no Retry-After: the SDK holds the budget for a window, longer than the bound. */
const rateLimitedWithoutRetryAfter = () =>
  HttpResponse.json(envelope("rate_limited", "Slow down"), { status: 429 });

describe("a RateLimitWaitError says what happened", () => {
  it("after a 429 without Retry-After, the refused retry does not say nothing was sent, and shows the bound as set", async () => {
    server.use(http.get(`${API}/brand`, rateLimitedWithoutRetryAfter));
    const client = makeClient({ maxRetries: 2, rateLimit: { maxWaitMs: 5_000 } });
    const refusal = await client.brand.get().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RateLimitWaitError);
    const { message, maxWaitMs } = refusal as RateLimitWaitError;
    expect(seen).toHaveLength(1);
    expect(message).not.toMatch(/Nothing was sent/);
    expect(message).toMatch(
      /Attempt 2, a retry, was not sent \(the first attempt was sent\): retry after \d+ s/,
    );
    expect(message).toMatch(/within maxWaitMs \(5000 ms\)/);
    expect(maxWaitMs).toBe(5_000);
  });

  it("a refusal before any attempt still says nothing was sent", async () => {
    server.use(http.get(`${API}/brand`, rateLimitedWithoutRetryAfter));
    const client = makeClient({ maxRetries: 0, rateLimit: { maxWaitMs: 5_000 } });
    await client.brand.get().catch(() => undefined);
    const refusal = (await client.brand.get().catch((e: unknown) => e)) as RateLimitWaitError;
    expect(refusal).toBeInstanceOf(RateLimitWaitError);
    expect(refusal.message).toMatch(/Nothing was sent: retry after \d+ s, or raise maxWaitMs$/);
    expect(refusal.maxWaitMs).toBe(5_000);
  });

  it("names the bound as the client's face sets it (rateLimit.maxWaitSetting)", async () => {
    server.use(http.get(`${API}/brand`, rateLimitedWithoutRetryAfter));
    const client = makeClient({
      maxRetries: 0,
      rateLimit: { maxWaitMs: 5_000, maxWaitSetting: "--max-wait or POSTLINE_MAX_WAIT_MS" },
    });
    await client.brand.get().catch(() => undefined);
    const refusal = (await client.brand.get().catch((e: unknown) => e)) as RateLimitWaitError;
    expect(refusal.message).toMatch(/or raise --max-wait or POSTLINE_MAX_WAIT_MS$/);
    expect(refusal.message).not.toMatch(/maxWaitMs/);
  });
});
