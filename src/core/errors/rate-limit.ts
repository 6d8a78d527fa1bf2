import { readRateLimitHeaders } from "../rate-limit-headers.js";
import { APIError, envelopeDetail } from "./api-error.js";
import { nameClass } from "./postline-error.js";

/**
 * 429 (`rate_limited`): too many requests for this key. Carries `retryAfterSeconds`, `limit`,
 * `remaining` and `resetAt` from the response headers (api-v1.md §8).
 */
export class RateLimitError extends APIError {
  override readonly status = 429 as const;
  /** Seconds to wait before the next request (`Retry-After`, else the envelope's `retryAfterSeconds`). */
  readonly retryAfterSeconds: number | undefined;
  /** The window's size (`X-RateLimit-Limit`). */
  readonly limit: number | undefined;
  /** Requests left in the window (`X-RateLimit-Remaining`). */
  readonly remaining: number | undefined;
  /** When the window rolls over (`X-RateLimit-Reset`, Unix seconds). */
  readonly resetAt: Date | undefined;

  constructor(init: ConstructorParameters<typeof APIError>[0]) {
    super(init);
    const announced = readRateLimitHeaders(init.headers);
    const { retryAfterSeconds } = envelopeDetail(init.body);
    this.retryAfterSeconds =
      announced.retryAfterSeconds ??
      (Number.isFinite(retryAfterSeconds) ? (retryAfterSeconds as number) : undefined);
    this.limit = announced.limit;
    this.remaining = announced.remaining;
    this.resetAt = announced.resetAt;
  }
}
nameClass(RateLimitError, "RateLimitError");
