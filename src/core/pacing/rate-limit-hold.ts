import { readRateLimitHeaders } from "../rate-limit-headers.js";
import { PACING_WINDOW_MS } from "./rate-budget.js";

/**
 * How long a 429 holds the budget it answered, in milliseconds from `now`: the one rule of the
 * key pacer and the session pacer.
 *
 * `Retry-After` is relative, so it is trusted as is. `X-RateLimit-Reset` is on the server's clock,
 * so it is clamped to one window: in a rolling window no wait is longer, and a skewed clock must
 * not stall the agent. When both are given, the later wins. With neither, a full window is the
 * safe wait.
 */
export function rateLimitHoldMs(headers: Headers, now: number): number {
  const { retryAfterSeconds, resetAt } = readRateLimitHeaders(headers, now);
  if (retryAfterSeconds === undefined && resetAt === undefined) return PACING_WINDOW_MS;
  const resetMs = resetAt === undefined ? 0 : Math.min(resetAt.getTime() - now, PACING_WINDOW_MS);
  return Math.max((retryAfterSeconds ?? 0) * 1000, resetMs, 0);
}
