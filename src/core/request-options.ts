/**
 * Per-call options: the optional last argument of every method (docs/getting-started.md).
 *
 * @example
 * ```ts
 * const ac = new AbortController();
 * await client.content.get(id, { signal: ac.signal, timeout: 5_000, maxRetries: 0 });
 * ```
 */
export interface RequestOptions {
  /** Cancels the call (any attempt in flight, and any wait between attempts). */
  signal?: AbortSignal;
  /** Per-attempt timeout in milliseconds; overrides the client's `timeout`. */
  timeout?: number;
  /** Automatic retries for this call; overrides the client's `maxRetries`. */
  maxRetries?: number;
  /**
   * Extra headers for this call. Credential headers (`Authorization`, `Cookie`, ...) here are
   * ignored, except `Cookie` on a client with `auth: "session"`, where it carries the session.
   */
  headers?: Record<string, string>;
}
