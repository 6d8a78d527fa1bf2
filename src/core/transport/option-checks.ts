import { InvalidRequestError } from "../errors/local-errors.js";

// setTimeout's ceiling; a larger value would fire at once.
const MAX_TIMEOUT_MS = 2_147_483_647;

/** Refuses a `timeout` that is not a positive number of milliseconds. */
export function checkTimeout(value: unknown): asserts value is number {
  if (
    typeof value !== "number" ||
    !Number.isFinite(value) ||
    value <= 0 ||
    value > MAX_TIMEOUT_MS
  ) {
    throw new InvalidRequestError(
      "timeout",
      `timeout must be a positive number of milliseconds up to ${MAX_TIMEOUT_MS}; got ${String(value)}`,
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
