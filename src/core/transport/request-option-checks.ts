/**
 * The per-call option checks, run as each call is prepared. Each refusal is an
 * `InvalidRequestError` naming the option. The client's own options are checked by
 * `setup/option-checks.ts`, which shares `timeout` and `maxRetries` with these.
 */
import { InvalidRequestError } from "../errors/local-errors.js";
import { checkMaxWait } from "../pacing/wait-bound.js";
import type { RequestOptions } from "../request-options.js";
import { MAX_TIMER_DELAY_MS } from "../timers.js";

/** Refuses any per-call option of the wrong shape (`RequestOptions`), naming it. */
export function checkRequestOptions(options: RequestOptions): void {
  if (options.maxRetries !== undefined) checkMaxRetries(options.maxRetries);
  if (options.timeout !== undefined) checkTimeout(options.timeout);
  if (options.maxWaitMs !== undefined) checkMaxWait(options.maxWaitMs);
  if (options.onRateLimitWait !== undefined && typeof options.onRateLimitWait !== "function") {
    throw new InvalidRequestError("onRateLimitWait", "onRateLimitWait must be a function");
  }
}

/** Refuses a `timeout` that is not a positive number of milliseconds. */
export function checkTimeout(value: unknown): asserts value is number {
  // `NaN` and `Infinity` fail the range as well.
  const inRange = typeof value === "number" && value > 0 && value <= MAX_TIMER_DELAY_MS;
  if (!inRange) {
    throw new InvalidRequestError(
      "timeout",
      `timeout must be a positive number of milliseconds up to ${MAX_TIMER_DELAY_MS}; got ${String(value)}`,
    );
  }
}

/** Refuses a `maxRetries` that is not a whole number >= 0. */
export function checkMaxRetries(value: unknown): asserts value is number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    throw new InvalidRequestError(
      "maxRetries",
      `maxRetries must be a whole number >= 0; got ${String(value)}`,
    );
  }
}
