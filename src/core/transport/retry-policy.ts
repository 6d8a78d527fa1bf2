/**
 * Which failure of which method is retried, and after how long (docs/retries.md). The service has
 * no idempotency keys (api-v1.md §1 convention 4), so a write that may have reached the service
 * is never sent again; only failures that prove nothing was done are retried for writes.
 */

import { codeOf, findInCauseChain } from "../cause-chain.js";
import { refusesAtOnce } from "../pacing/wait-bound.js";
import { MAX_TIMER_DELAY_MS } from "../timers.js";
import { failureBeforeConnecting } from "./connection-failure.js";

/** How one attempt failed, as far as retrying is concerned. */
export type AttemptFailure =
  | { readonly kind: "status"; readonly status: number; readonly code: string }
  /** No response within the per-attempt timeout: the request may have been processed. */
  | { readonly kind: "timeout" }
  /** The connection failed; `sent: false` when it is known nothing left this machine. */
  | { readonly kind: "connection"; readonly sent: boolean };

/** Longest wait between attempts for computed backoff. */
export const MAX_BACKOFF_MS = 8_000;
const INITIAL_BACKOFF_MS = 500;
const isRead = (method: string) => method === "GET" || method === "HEAD";

/**
 * Whether a failure may be retried for `method`: 429, 503 `capacity_unknown` and a connection
 * refused before sending for every method; for reads also timeouts, dropped connections and
 * 5xx other than 501. Never `transition_failed`, never an ambiguous failure of a write.
 */
export function isRetryableFailure(method: string, failure: AttemptFailure): boolean {
  switch (failure.kind) {
    case "status":
      if (failure.status === 429) return true;
      if (failure.code === "transition_failed") return false;
      // capacity_unknown: the cap could not be read, so nothing was done (api-v1.md §7).
      if (failure.status === 503 && failure.code === "capacity_unknown") return true;
      return isRead(method) && failure.status >= 500 && failure.status !== 501;
    case "timeout":
      return isRead(method);
    case "connection":
      return !failure.sent || isRead(method);
  }
}

/**
 * The wait before attempt `attempt + 1` after a failed attempt, or `undefined` when the call ends
 * here: the failure is not retried for its method, the retries ran out, or the service asked for
 * a wait longer than what is left of the call's wait bound, `maxWaitMs` (wait-bound.ts: the call
 * ends at once, and the caller sees `Retry-After` on the error).
 */
export function delayBeforeRetry(
  failure: { readonly retryable: boolean; readonly retryAfterSeconds?: number | undefined },
  attempt: number,
  maxRetries: number,
  remainingWaitMs: number,
): number | undefined {
  if (!failure.retryable || attempt > maxRetries) return undefined;
  const { retryAfterSeconds } = failure;
  const retryAfterMs = retryAfterSeconds === undefined ? undefined : retryAfterSeconds * 1000;
  if (refusesAtOnce(retryAfterMs, remainingWaitMs)) return undefined;
  return retryDelayMs(attempt, retryAfterSeconds);
}

/**
 * How long to wait before retry number `retry` (1-based): the service's `Retry-After` when it
 * gave one, else exponential backoff from 0.5 s, capped at 8 s, with up to 25 % jitter so that
 * many clients do not retry in step.
 */
export function retryDelayMs(
  retry: number,
  retryAfterSeconds: number | undefined,
  random: () => number = Math.random,
): number {
  if (retryAfterSeconds !== undefined && retryAfterSeconds >= 0) {
    return Math.min(retryAfterSeconds * 1000, MAX_TIMER_DELAY_MS);
  }
  const base = Math.min(INITIAL_BACKOFF_MS * 2 ** (retry - 1), MAX_BACKOFF_MS);
  return Math.round(base * (1 - 0.25 * random()));
}

// Node's (undici) codes for failures where the request provably never left: nothing to repeat.
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_CONNECT",
]);

/**
 * Whether a fetch rejection proves the request was never sent: some link of its cause chain says
 * so (connection refused, no DNS; of an `AggregateError`, every member must), or the fetch
 * implementation threw before connecting (connection-failure.ts, `failureBeforeConnecting`).
 */
export function failedBeforeSending(error: unknown): boolean {
  const notSent = (link: object) => NOT_SENT_CODES.has(codeOf(link) ?? "") || undefined;
  return (
    findInCauseChain(error, notSent, "every") === true ||
    failureBeforeConnecting(error) !== undefined
  );
}
