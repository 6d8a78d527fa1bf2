/**
 * Pacing for a browser session (`auth: "session"`, docs/retries.md). The contract shows no limits
 * for sessions (api-v1.md §8 counts per key), so nothing is counted against invented budgets.
 * What a 429 announces is honoured: until its reset, this session's requests wait instead of
 * each collecting a 429 of its own, within the same bound as a key's (wait-bound.ts).
 */

import { RateLimitWaitError } from "../errors/rate-limit-wait.js";
import type { LevelledLogger } from "../observe/logger.js";
import { sleep } from "../sleep.js";
import type { Pacer } from "./pacer.js";
import { DEFAULT_PACING_GUARD_MS } from "./rate-budget.js";
import { rateLimitHoldMs } from "./rate-limit-hold.js";
import { DEFAULT_ACQUIRE, refusesAtOnce } from "./wait-bound.js";

/** When each session (by base URL) may send again after a 429; module-level, as a session is the browser's. */
const holds = new Map<string, number>();

/**
 * A pacer for the session cookie sent to `baseURL`: no budget, and a hold after each 429 until
 * the reset it announces, by the key pacer's rule (rate-limit-hold.ts). Clients of one page on
 * one base URL share the hold, as they share the cookie.
 */
export function createSessionPacer(baseURL: string, logger?: LevelledLogger): Pacer {
  const learnFrom = (response: Response | undefined, callId: string): void => {
    if (response?.status !== 429) return;
    const now = Date.now();
    const holdMs = rateLimitHoldMs(response.headers, now) + DEFAULT_PACING_GUARD_MS;
    holds.set(baseURL, Math.max(holds.get(baseURL) ?? 0, now + holdMs));
    logger?.debug("Rate limited; holding this session's requests until the reset", {
      callId,
      holdMs,
    });
  };
  return {
    async acquire(budget, signal, wait = DEFAULT_ACQUIRE) {
      if (signal?.aborted) throw signal.reason;
      const startedAt = Date.now();
      let told = false;
      for (;;) {
        const now = Date.now();
        const waitMs = (holds.get(baseURL) ?? 0) - now;
        if (waitMs <= 0) {
          holds.delete(baseURL);
          return (response) => learnFrom(response, wait.callId);
        }
        const remainingMs = wait.maxWaitMs - (now - startedAt);
        if (refusesAtOnce(waitMs, remainingMs)) {
          throw new RateLimitWaitError({
            headline: "This session's rate-limit hold does not end",
            budget,
            maxWaitMs: wait.maxWaitMs,
            waitedMs: now - startedAt,
            opensInMs: waitMs,
            method: wait.method,
            url: wait.url,
            callId: wait.callId,
          });
        }
        if (!told) {
          told = true;
          wait.onWait?.({ expectedWaitMs: waitMs, queuePosition: 1 });
        }
        await sleep(waitMs, signal);
      }
    },
  };
}
