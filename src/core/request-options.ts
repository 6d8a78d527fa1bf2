import type { RateLimitWaitEvent } from "./observe/hooks.js";

/**
 * Per-call options: the optional last argument of every method (docs/getting-started.md).
 *
 * @example
 * ```ts
 * const ac = new AbortController();
 * await client.content.get(id, { signal: ac.signal, timeout: 5_000, maxRetries: 0, maxWaitMs: 10_000 });
 * ```
 */
export interface RequestOptions {
  /** Cancels the call (any attempt in flight, and any wait between attempts). */
  signal?: AbortSignal;
  /**
   * Per-attempt timeout in milliseconds, from sending until the body is read; overrides the
   * client's `timeout`. A wait for a rate-limit slot never counts against it.
   */
  timeout?: number;
  /**
   * How long this call may wait for rate-limit slots and `Retry-After` holds, in all, in
   * milliseconds; overrides the client's `rateLimit.maxWaitMs` (default 5 minutes). A wait known
   * to be longer ends the call at once with `RateLimitWaitError`, sending nothing
   * (docs/retries.md).
   */
  maxWaitMs?: number;
  /**
   * Called when this call has to wait for a rate-limit slot, before it waits (besides the
   * client's `onRateLimitWait`), e.g. to report progress for this one call.
   */
  onRateLimitWait?: (event: RateLimitWaitEvent) => void;
  /** Automatic retries for this call; overrides the client's `maxRetries`. */
  maxRetries?: number;
  /**
   * Extra headers for this call. Credential headers (`Authorization`, `Cookie`, ...) here are
   * ignored, except `Cookie` on a client with `auth: "session"`, where it carries the session.
   */
  headers?: Record<string, string>;
}
