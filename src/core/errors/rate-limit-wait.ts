import type { RateBudget } from "../pacing/rate-budget.js";
import { nameClass } from "./postline-error.js";
import { RateLimitError } from "./rate-limit.js";

/** What a {@link RateLimitWaitError} is built from. */
export interface RateLimitWaitErrorInit {
  /** What did not come in time, e.g. "No rate-limit slot for POST /content on this key". */
  readonly headline: string;
  /** The budget the call waited for. */
  readonly budget: RateBudget;
  /** The bound the wait had. */
  readonly maxWaitMs: number;
  /** How long the call had waited when it was refused. */
  readonly waitedMs: number;
  /** When the wait is expected to end, in milliseconds from now, when known. */
  readonly opensInMs: number | undefined;
  /** The method of the request that was not sent. */
  readonly method: string;
  /** Its URL (no secrets). */
  readonly url: string;
  /** The id of the SDK call that waited. */
  readonly callId: string | undefined;
}

/**
 * The SDK refused to wait any longer for a rate-limit slot, and sent nothing
 * (docs/retries.md, "How long a call waits"): the wait was known to be longer than `maxWaitMs`,
 * or `maxWaitMs` passed. A subclass of {@link RateLimitError}, so a `catch` for the service's 429
 * catches it too; `retryAfterSeconds` says when the slot is expected. `isRetryable()` is true, as
 * nothing reached the service.
 *
 * @example
 * ```ts
 * try {
 *   await client.content.createDraft({ channelId, body }, { maxWaitMs: 5_000 });
 * } catch (err) {
 *   if (err instanceof RateLimitWaitError) queue.later(job, err.retryAfterSeconds);
 * }
 * ```
 */
export class RateLimitWaitError extends RateLimitError {
  static {
    nameClass(RateLimitWaitError, "RateLimitWaitError");
  }

  /** The budget the call waited for: `"create"` (`POST /content`) or `"other"`. */
  readonly budget: RateBudget;
  /** How long the call waited before it was refused, in milliseconds (0: refused at once). */
  readonly waitedMs: number;
  /** The bound it had, in milliseconds. */
  readonly maxWaitMs: number;

  constructor(init: RateLimitWaitErrorInit) {
    const retryAfterSeconds =
      init.opensInMs === undefined ? undefined : Math.max(1, Math.ceil(init.opensInMs / 1000));
    const when =
      retryAfterSeconds === undefined
        ? "it is not known when it comes"
        : `it is expected in about ${retryAfterSeconds} s`;
    const advice =
      retryAfterSeconds === undefined ? "retry later" : `retry after ${retryAfterSeconds} s`;
    super({
      status: 429,
      code: "rate_limited",
      message: `${init.headline} within maxWaitMs (${init.maxWaitMs} ms): ${when}. Nothing was sent: ${advice}, or raise maxWaitMs`,
      // What a 429 would have said, so `retryAfterSeconds` reads the same way on both.
      headers: new Headers(
        retryAfterSeconds === undefined ? {} : { "retry-after": String(retryAfterSeconds) },
      ),
      body: null,
      method: init.method,
      url: init.url,
      retryable: true,
      callId: init.callId,
    });
    this.budget = init.budget;
    this.waitedMs = Math.round(init.waitedMs);
    this.maxWaitMs = init.maxWaitMs;
  }
}
