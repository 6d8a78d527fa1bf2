/**
 * The seam between the transport and client-side pacing: before every attempt the transport
 * awaits `acquire`, and calls the returned release function when the attempt finishes.
 */

import { PostlineError } from "../errors/postline-error.js";
import type { RateBudgetStatus } from "./budget-status.js";
import type { RateBudget } from "./rate-budget.js";

/**
 * Ends one attempt's hold on its slot. Pass the `Response` when there is one, so the pacer can
 * learn from a 429; call it with nothing after a network failure. Calling it twice is harmless.
 */
export type ReleasePacedSlot = (response?: Response) => void;

/** Where a waiting call stands, when it has to wait. */
export interface SlotWait {
  /** At least this long, in milliseconds (a lower bound: a response may come late). */
  readonly expectedWaitMs: number;
  /** 1 for the head of the line. */
  readonly queuePosition: number;
}

/** What the transport tells the pacer about the attempt that waits. */
export interface AcquireOptions {
  /**
   * How long this wait may last (docs/retries.md): a wait known to be longer is refused at once,
   * and one that runs longer ends when it passes, with a `RateLimitWaitError` either way.
   */
  readonly maxWaitMs: number;
  /**
   * The call's bound as set, of which `maxWaitMs` is what is left: what a refusal shows.
   * Defaults to `maxWaitMs`.
   */
  readonly callMaxWaitMs?: number | undefined;
  /** The number of the attempt that waits (1, the default, for the call's first), for that error. */
  readonly attempt?: number | undefined;
  /** How that error's advice names the bound (`rateLimit.maxWaitSetting`). */
  readonly maxWaitSetting?: string | undefined;
  /** The attempt's own timeout, once it is sent: how long a slot lasts if its process dies. */
  readonly attemptTimeoutMs?: number | undefined;
  /** The request's method, for that error. */
  readonly method: string;
  /** The request's URL (no secrets), for that error. */
  readonly url: string;
  /** The id of the SDK call that waits, for that error and the pacer's log lines. */
  readonly callId: string;
  /**
   * The session the request is sent with, when the SDK knows it (a `Cookie` header outside a
   * browser): the session pacer keys its 429 holds by it. A credential: never shown.
   */
  readonly session?: string | undefined;
  /** Told once when the attempt has to wait, before it waits. */
  readonly onWait?: ((wait: SlotWait) => void) | undefined;
}

/** Paces requests to the service's per-key rate limits. */
export interface Pacer {
  /**
   * Waits until a request on `budget` may be sent, then resolves to the function that releases
   * its slot. Rejects with `signal.reason` if `signal` aborts while waiting, and with a
   * `RateLimitWaitError` when no slot opens within `options.maxWaitMs`; a wait that ends either
   * way uses no slot. Without `options`, the wait has the default bound (5 minutes).
   */
  acquire(
    budget: RateBudget,
    signal?: AbortSignal,
    options?: AcquireOptions,
  ): Promise<ReleasePacedSlot>;
  /**
   * Reads where each budget stands, from the store that answers; takes no slot, sends nothing.
   * `session`: the session the client sends with (its `Cookie`), for the session pacer's hold.
   */
  readBudgets(session?: string): Promise<RateBudgetStatus>;
}

const releaseNothing: ReleasePacedSlot = () => {};

/** A pacer that never waits: used when the client is built with `rateLimit: false`. */
export const noopPacer: Pacer = {
  acquire(_budget, signal) {
    // Still honour an already-aborted signal so both pacers behave alike at the seam.
    if (signal?.aborted) return Promise.reject(signal.reason);
    return Promise.resolve(releaseNothing);
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
