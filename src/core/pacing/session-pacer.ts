/**
 * Pacing for a browser session (`auth: "session"`, docs/retries.md). The contract shows no limits
 * for sessions (api-v1.md §8 counts per key), so nothing is counted against invented budgets.
 * What a 429 announces is honoured: until its reset, this session's requests wait instead of
 * each collecting a 429 of its own, within the same bound as a key's (wait-bound.ts).
 */

import { isBrowserPage } from "../setup/browser-guard.js";
import { type AskAnswer, askUntilGranted } from "./ask-until-granted.js";
import type { BudgetStatus } from "./budget-status.js";
import type { Pacer } from "./pacer.js";
import { DEFAULT_PACING_GUARD_MS, type RateBudget } from "./rate-budget.js";
import { rateLimitHoldMs } from "./rate-limit-hold.js";
import { DEFAULT_ACQUIRE } from "./wait-bound.js";

/**
 * Holds of sessions more than one client may send with, until when each may send again after a
 * 429: module-level, as clients with one session share what the service counts for it. Keyed by
 * base URL and the session's `Cookie` (never shown), or in a browser page by base URL alone.
 */
const sharedHolds = new Map<string, number>();
/** `hold key budget` -> how many calls wait for that hold to end, for the shared holds. */
const sharedWaiters = new Map<string, number>();

function countWaiter(waiters: Map<string, number>, line: string, change: 1 | -1): void {
  const count = (waiters.get(line) ?? 0) + change;
  if (count > 0) waiters.set(line, count);
  else waiters.delete(line);
}

/**
 * A pacer for a session sent to `baseURL`: no budget, only a hold after each 429
 * (rate-limit-hold.ts). The hold is keyed by what the service counts. In a browser page that is
 * the page's session on the base URL, since the browser sends one cookie for all its clients.
 * Elsewhere it is the request's `Cookie` header, or this client's own without one.
 */
export function createSessionPacer(baseURL: string): Pacer {
  const inPage = isBrowserPage();
  const ownHolds = new Map<string, number>();
  const ownWaiters = new Map<string, number>();
  const holdsOf = (session: string | undefined): [Map<string, number>, string] => {
    if (inPage) return [sharedHolds, baseURL];
    return session === undefined ? [ownHolds, ""] : [sharedHolds, `${baseURL}\n${session}`];
  };
  const waitersOf = (holds: Map<string, number>) =>
    holds === sharedHolds ? sharedWaiters : ownWaiters;
  const learnFrom = (response: Response | undefined, session: string | undefined) => {
    if (response?.status !== 429) return undefined;
    const now = Date.now();
    const holdMs = rateLimitHoldMs(response.headers, now) + DEFAULT_PACING_GUARD_MS;
    const [holds, key] = holdsOf(session);
    // Holds of sessions that never came back would stay: each new hold sweeps the ended ones.
    for (const [other, until] of holds) if (until <= now) holds.delete(other);
    holds.set(key, Math.max(holds.get(key) ?? 0, now + holdMs));
    return holdMs;
  };
  /** A session counts no slots: only its hold, and who waits for it to end. */
  const statusOf = (budget: RateBudget, session: string | undefined): BudgetStatus => {
    const [holds, key] = holdsOf(session);
    const heldForMs = Math.max(0, Math.ceil((holds.get(key) ?? 0) - Date.now()));
    const waiting = waitersOf(holds).get(`${key} ${budget}`) ?? 0;
    return { limit: null, counting: 0, inFlight: 0, waiting, nextSlotInMs: heldForMs, heldForMs };
  };
  return {
    async readBudgets(session) {
      const create = statusOf("create", session);
      return { store: "memory", create, other: statusOf("other", session) };
    },
    async acquire(budget, signal, wait = DEFAULT_ACQUIRE) {
      const [holds, key] = holdsOf(wait.session);
      const line = `${key} ${budget}`;
      let told = false;
      const release = (response?: Response) => learnFrom(response, wait.session);
      try {
        const outcome = await askUntilGranted({
          ask: (): AskAnswer<undefined> => {
            const waitMs = (holds.get(key) ?? 0) - Date.now();
            if (waitMs > 0) return { granted: false, waitMs, position: 1 };
            holds.delete(key);
            return { granted: true, value: undefined };
          },
          maxWaitMs: wait.maxWaitMs,
          signal,
          onQueued: ({ opensInMs }) => {
            told = true;
            countWaiter(waitersOf(holds), line, 1);
            wait.onWait?.({ expectedWaitMs: opensInMs, queuePosition: 1 });
          },
        });
        return outcome.granted ? { granted: true, release } : outcome;
      } finally {
        if (told) countWaiter(waitersOf(holds), line, -1);
      }
    },
  };
}
