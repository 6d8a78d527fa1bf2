/**
 * The seam between the transport and client-side pacing: before every attempt the transport
 * awaits `acquire`, which answers with a grant or a refusal. The pacer only answers; the
 * transport decides what a refusal means for the call (a `RateLimitWaitError`, built there).
 */

import { PostlineError } from "../errors/postline-error.js";
import type { AcquireOptions } from "./acquire-options.js";
import type { RateBudgetStatus } from "./budget-status.js";
import type { RateBudget } from "./rate-budget.js";

/**
 * Ends one attempt's hold on its slot. Pass the `Response` when there is one, so the pacer can
 * learn from a 429; call it with nothing after a network failure. Calling it twice is harmless.
 * Returns how long a 429 now holds the budget, in milliseconds, when the response set a hold.
 */
export type ReleasePacedSlot = (response?: Response) => number | undefined;

/** The attempt may be sent now; release its slot when it ends. */
interface SlotGrant {
  readonly granted: true;
  readonly release: ReleasePacedSlot;
}

/** No slot opens within the wait's bound: the attempt is not sent, and holds no slot. */
export interface SlotRefusal {
  readonly granted: false;
  /** When a slot is expected to open, at the earliest, in milliseconds from now, when known. */
  readonly opensInMs: number | undefined;
  /** How long this wait lasted before it was refused (0: refused at once). */
  readonly waitedMs: number;
}

/** What a pacer answers a request for a slot. */
export type SlotAnswer = SlotGrant | SlotRefusal;

/** Paces requests to the service's per-key rate limits. */
export interface Pacer {
  /**
   * Waits until a request on `budget` may be sent, then resolves to a {@link SlotGrant}; resolves
   * to a {@link SlotRefusal} when no slot opens within `options.maxWaitMs`. Rejects with
   * `signal.reason` if `signal` aborts while waiting. A wait that does not end in a grant uses no
   * slot. Without `options`, the wait has the default bound (5 minutes).
   */
  acquire(budget: RateBudget, signal?: AbortSignal, options?: AcquireOptions): Promise<SlotAnswer>;
  /**
   * Reads where each budget stands, from the store that answers; takes no slot, sends nothing.
   * `session`: the session the client sends with (its `Cookie`), for the session pacer's hold.
   */
  readBudgets(session?: string): Promise<RateBudgetStatus>;
}

const grantAlways: SlotGrant = Object.freeze({ granted: true, release: () => undefined });

/** A pacer that never waits: used when the client is built with `rateLimit: false`. */
export const noopPacer: Pacer = {
  acquire(_budget, signal) {
    // Still honour an already-aborted signal so both pacers behave alike at the seam.
    if (signal?.aborted) return Promise.reject(signal.reason);
    return Promise.resolve(grantAlways);
  },
  readBudgets() {
    return Promise.reject(
      new PostlineError(
        "Pacing is off on this client (rateLimit: false), so it counts no rate budget: " +
          "build it with rateLimit: true (the default) to read one",
      ),
    );
  },
};
