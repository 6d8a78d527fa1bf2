/**
 * Observation hooks for tracing and metrics. Payloads never hold the token or the request
 * headers. A hook may be `async`; it is not awaited. A hook that throws, or whose promise rejects,
 * is logged at `warn` and otherwise ignored: it cannot fail a call.
 */

import { callGuarded, thrownMessage } from "./guarded-call.js";
import type { Logger } from "./logger.js";

/** An attempt is about to be sent (after pacing let it through); every other event extends it. */
export interface RequestEvent {
  /**
   * The SDK call the attempt belongs to: the same for every attempt, retry, pacing wait and
   * reconciliation request of one call, different between calls (docs/observability.md).
   */
  readonly callId: string;
  /** HTTP method, e.g. `GET`. */
  readonly method: string;
  /** Path under `/api/v1`, e.g. `content/abc`. */
  readonly path: string;
  /** The full request URL (no secrets). */
  readonly url: string;
  /** 1 for the first attempt, 2 for the first retry, ... */
  readonly attempt: number;
}

/** An attempt got an HTTP response (any status). */
export interface ResponseEvent extends RequestEvent {
  /** Any status: a `4xx` or `5xx` is reported here before it is thrown or retried. */
  readonly status: number;
  /** Time from sending to the full body, in milliseconds. */
  readonly durationMs: number;
  /** A copy of the response's, with any header that echoes the API key redacted. */
  readonly headers: Headers;
}

/** An attempt failed and will be retried after `delayMs`. */
export interface RetryEvent extends RequestEvent {
  /** Wait before the next attempt, in milliseconds. */
  readonly delayMs: number;
  /** The failure of the attempt that is being retried. */
  readonly error: Error;
}

/**
 * An attempt has to wait for a rate-limit slot (docs/retries.md): told once per wait, before it
 * waits, so an app can show progress. A wait known to outlast `maxWaitMs` is refused instead.
 */
export interface RateLimitWaitEvent extends RequestEvent {
  /** The budget it waits for: `"create"` (`POST /content`) or `"other"`. */
  readonly budget: "create" | "other";
  /** The wait is at least this long, in milliseconds (a response that comes late makes it longer). */
  readonly expectedWaitMs: number;
  /** Its place in the line for that budget: 1 is next. */
  readonly queuePosition: number;
}

/** Hooks passed as client options. */
export interface ClientHooks {
  /** Called before each attempt is sent. */
  onRequest?: ((event: RequestEvent) => void) | undefined;
  /** Called when an attempt gets a response. */
  onResponse?: ((event: ResponseEvent) => void) | undefined;
  /** Called before waiting for an automatic retry. */
  onRetry?: ((event: RetryEvent) => void) | undefined;
  /** Called when an attempt has to wait for a rate-limit slot, before it waits. */
  onRateLimitWait?: ((event: RateLimitWaitEvent) => void) | undefined;
}

/**
 * Calls one of the caller's hooks with `event`, so that it can never fail the call: a throw or a
 * rejected promise becomes one `warn` line naming the hook and the call's id. Every hook goes
 * through here.
 */
export function invokeHook<E extends { readonly callId: string }>(
  name: string,
  hook: (event: E) => unknown,
  event: E,
  logger: Pick<Logger, "warn">,
): void {
  callGuarded(
    () => hook(event),
    (error) => {
      logger.warn(`${name} hook failed; ignoring it`, {
        callId: event.callId,
        error: thrownMessage(error),
      });
    },
  );
}
