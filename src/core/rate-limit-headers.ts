/**
 * The one reader of a 429's rate-limit headers (api-v1.md §8). `RateLimitError` and the pacer
 * both read them through here, so they always agree on what the service announced.
 */

/** What a 429's headers announce; each field is `undefined` when absent or unreadable. */
export interface AnnouncedRateLimit {
  /** `Retry-After`, in seconds (an HTTP date is turned into the seconds left until it). */
  readonly retryAfterSeconds: number | undefined;
  /** `X-RateLimit-Limit`: the window's size. */
  readonly limit: number | undefined;
  /** `X-RateLimit-Remaining`: requests left in the window. */
  readonly remaining: number | undefined;
  /** `X-RateLimit-Reset` (Unix seconds on the server's clock), as a `Date`. */
  readonly resetAt: Date | undefined;
}

/** Reads the four rate-limit headers of a response. `now` is only used for an HTTP-date `Retry-After`. */
export function readRateLimitHeaders(
  headers: Headers,
  now: number = Date.now(),
): AnnouncedRateLimit {
  const resetSeconds = readNonNegativeNumber(headers.get("x-ratelimit-reset"));
  return {
    retryAfterSeconds: parseRetryAfterSeconds(headers.get("retry-after"), now),
    limit: readNonNegativeNumber(headers.get("x-ratelimit-limit")),
    remaining: readNonNegativeNumber(headers.get("x-ratelimit-remaining")),
    resetAt: resetSeconds === undefined ? undefined : new Date(resetSeconds * 1000),
  };
}

/** `Retry-After` as delay-seconds or an HTTP date (RFC 9110 §10.2.3), in seconds from `now`. */
export function parseRetryAfterSeconds(
  value: string | null,
  now: number = Date.now(),
): number | undefined {
  const seconds = readNonNegativeNumber(value);
  // Only a real date form: `Date.parse` would otherwise read odd strings ("1 2") as dates.
  if (seconds !== undefined || value === null || !/[a-z]/i.test(value)) return seconds;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - now) / 1000);
}

/** A header holding a plain non-negative decimal number, else `undefined`. */
function readNonNegativeNumber(value: string | null): number | undefined {
  if (value === null || !/^\s*\d+(\.\d+)?\s*$/.test(value)) return undefined;
  return Number(value);
}
