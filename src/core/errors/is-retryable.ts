import { APIError } from "./api-error.js";
import { APIConnectionError } from "./connection-errors.js";

/**
 * Whether the SDK would retry this error automatically for the request that raised it
 * (docs/retries.md): useful for callers that retry on their own after `maxRetries` ran out.
 *
 * @example
 * ```ts
 * catch (err) { if (isRetryable(err)) queue.later(job); else throw err; }
 * ```
 */
export function isRetryable(error: unknown): boolean {
  return (error instanceof APIError || error instanceof APIConnectionError) && error.retryable;
}
