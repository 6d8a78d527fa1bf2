/**
 * Rate limits (api-v1.md §8): rolling 60 s windows with the limits of `src/contract/rate-limits.ts`.
 * A request counts from its arrival; a refused (429) request does not count.
 */
import { RATE_WINDOW_MS } from "../../../contract/rate-limits.js";
import { ApiFailure } from "../http/fake-response.js";

export class RateLimiter {
  readonly #windows = new Map<string, number[]>();

  /**
   * Counts one request against `bucket`, or refuses it with 429 `rate_limited` and the four
   * headers of LIMIT-4 when the window already holds `limit` requests; the message names the
   * limit as `limit` requests per minute "for `what`".
   */
  admit(
    bucket: string,
    { limit, nowMs, what }: { limit: number; nowMs: number; what: string },
  ): void {
    const arrivals = (this.#windows.get(bucket) ?? []).filter((at) => at > nowMs - RATE_WINDOW_MS);
    this.#windows.set(bucket, arrivals);
    if (arrivals.length >= limit) {
      const resetMs = (arrivals[0] ?? nowMs) + RATE_WINDOW_MS;
      const retryAfter = Math.max(1, Math.ceil((resetMs - nowMs) / 1000));
      throw new ApiFailure(
        "rate_limited",
        `Rate limit of ${limit} requests per minute exceeded for ${what}. Retry in ${retryAfter} seconds.`,
        { retryAfterSeconds: retryAfter },
        {
          "retry-after": String(retryAfter),
          "x-ratelimit-limit": String(limit),
          "x-ratelimit-remaining": "0",
          "x-ratelimit-reset": String(Math.ceil(resetMs / 1000)),
        },
      );
    }
    arrivals.push(nowMs);
  }

  /**
   * Each bucket that counted a request in the last minute: how many, and when the oldest of
   * them leaves the window.
   */
  usage(nowMs: number): Map<string, { used: number; resetsAtMs: number }> {
    const usage = new Map<string, { used: number; resetsAtMs: number }>();
    for (const [bucket, arrivals] of this.#windows) {
      const inWindow = arrivals.filter((at) => at > nowMs - RATE_WINDOW_MS);
      const [oldest] = inWindow;
      if (oldest !== undefined)
        usage.set(bucket, { used: inWindow.length, resetsAtMs: oldest + RATE_WINDOW_MS });
    }
    return usage;
  }

  /** Forgets every window (for a test that wants a fresh minute without moving the clock). */
  reset(): void {
    this.#windows.clear();
  }
}
