/**
 * The seam between the transport and client-side pacing: before every attempt the transport
 * awaits `acquire`, and calls the returned release function when the attempt finishes.
 */

/**
 * Which per-key budget a request draws from (api-v1.md §8): `"create"` is `POST /content`,
 * `"other"` is every other v1 route.
 */
export type PacedRoute = "create" | "other";

/**
 * Ends one attempt's hold on its slot. Pass the `Response` when there is one, so the pacer can
 * learn from a 429; call it with nothing after a network failure. Calling it twice is harmless.
 */
export type ReleasePacedSlot = (response?: Response) => void;

/** What the transport tells the pacer about the attempt that waits. */
export interface AcquireOptions {
  /** The attempt's timeout: no slot within it ends the call with a `RateLimitError`. */
  readonly timeoutMs?: number | undefined;
  /** The request's method, for that error. */
  readonly method?: string | undefined;
  /** The request's URL (no secrets), for that error. */
  readonly url?: string | undefined;
  /** The id of the SDK call that waits, for that error and the pacer's log lines. */
  readonly callId?: string | undefined;
}

/** Paces requests to the service's per-key rate limits. */
export interface Pacer {
  /**
   * Waits until a request on `route` may be sent, then resolves to the function that releases
   * its slot. Rejects with `signal.reason` if `signal` aborts while waiting, and with a
   * `RateLimitError` when no slot opens within `options.timeoutMs`; a wait that ends either way
   * uses no slot.
   */
  acquire(
    route: PacedRoute,
    signal?: AbortSignal,
    options?: AcquireOptions,
  ): Promise<ReleasePacedSlot>;
}

const releaseNothing: ReleasePacedSlot = () => {};

/** A pacer that never waits: used when the client is built with `rateLimit: false`. */
export const noopPacer: Pacer = {
  acquire(_route, signal) {
    // Still honour an already-aborted signal so both pacers behave alike at the seam.
    if (signal?.aborted) return Promise.reject(signal.reason);
    return Promise.resolve(releaseNothing);
  },
};
