/**
 * Pacing for a browser session (`auth: "session"`, docs/retries.md). The contract shows no limits
 * for sessions (api-v1.md §8 counts per key), so nothing is counted against invented budgets.
 * What a 429 announces is honoured: until its reset, this session's requests wait instead of
 * each collecting a 429 of its own, unless the wait would outlast the call's timeout.
 */

import type { LevelledLogger } from "./logger.js";
import type { Pacer } from "./pacer.js";
import { PACING_WINDOW_MS } from "./pacing.js";
import { waitTooLongError } from "./pacing-refusal.js";
import { readRateLimitHeaders } from "./rate-limit-headers.js";
import { sleep } from "./sleep.js";

/** When each session (by base URL) may send again after a 429; module-level, as a session is the browser's. */
const holds = new Map<string, number>();

/**
 * A pacer for the session cookie sent to `baseURL`: no budget, and a hold after each 429 until
 * the reset it announces (`Retry-After`, else `X-RateLimit-Reset` clamped to one window, else one
 * window). Clients of one page on one base URL share the hold, as they share the cookie.
 */
export function createSessionPacer(baseURL: string, logger?: LevelledLogger): Pacer {
  const learnFrom = (response: Response | undefined, callId: string | undefined): void => {
    if (response?.status !== 429) return;
    const now = Date.now();
    const { retryAfterSeconds, resetAt } = readRateLimitHeaders(response.headers, now);
    const resumeAt =
      retryAfterSeconds !== undefined
        ? now + retryAfterSeconds * 1000
        : resetAt !== undefined
          ? Math.min(Math.max(resetAt.getTime(), now), now + PACING_WINDOW_MS)
          : now + PACING_WINDOW_MS;
    holds.set(baseURL, Math.max(holds.get(baseURL) ?? 0, resumeAt));
    logger?.debug("Rate limited; holding this session's requests until the reset", {
      callId,
      holdMs: resumeAt - now,
    });
  };
  return {
    async acquire(route, signal, options = {}) {
      const { callId, timeoutMs = Infinity } = options;
      if (signal?.aborted) throw signal.reason;
      for (;;) {
        const waitMs = (holds.get(baseURL) ?? 0) - Date.now();
        if (waitMs <= 0) {
          holds.delete(baseURL);
          return (response) => learnFrom(response, callId);
        }
        // As with a key: a wait longer than the call's timeout ends the call, sending nothing.
        if (waitMs > timeoutMs) {
          const hold = "This session's rate-limit hold does not end";
          throw waitTooLongError(hold, "it ends", timeoutMs, waitMs, options);
        }
        logger?.debug("Waiting for the session's rate-limit hold to end", {
          callId,
          route,
          waitMs,
        });
        await sleep(waitMs, signal);
      }
    },
  };
}
