import type { RateBudget } from "../pacing/rate-budget.js";
import { nameClass } from "./postline-error.js";
import { RateLimitError } from "./rate-limit.js";

/** What a {@link RateLimitWaitError} is built from. */
interface RateLimitWaitErrorInit
  extends Pick<RateLimitWaitError, "budget" | "maxWaitMs" | "waitedMs"> {
  /** What did not come in time, e.g. "No rate-limit slot for POST /content on this key". */
  readonly headline: string;
  /** When the wait is expected to end, in milliseconds from now, when known. */
  readonly opensInMs: number | undefined;
  /** The method of the request that was not sent. */
  readonly method: string;
  /** Its URL (no secrets). */
  readonly url: string;
  /** The id of the SDK call that waited. */
  readonly callId: string | undefined;
  /**
   * The number of the attempt that was not sent: 1 (the default) for the call's first, when
   * nothing was sent; a retry's refusal says the attempts before it were sent.
   */
  readonly attempt?: number | undefined;
  /** How the advice names the bound: `"maxWaitMs"` by default (`rateLimit.maxWaitSetting`). */
  readonly maxWaitSetting?: string | undefined;
}

/**
 * The SDK refused to wait any longer for a rate-limit slot, and did not send the attempt that
 * waited (docs/retries.md, "How long a call waits"): the wait was known to be longer than
 * `maxWaitMs`, or `maxWaitMs` passed. When it was a retry, the message says the attempts before
 * it were sent. A subclass of {@link RateLimitError}, so a `catch` for the service's 429 catches
 * it too; `retryAfterSeconds` says when the slot is expected at the earliest (a lower bound).
 * `isRetryable()` is true, as the refused attempt never reached the service.
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
  /** The budget the call waited for: `"create"` (`POST /content`) or `"other"`. */
  readonly budget: RateBudget;
  /** How long the call waited before it was refused, in milliseconds (0: refused at once). */
  readonly waitedMs: number;
  /** The call's bound as set (the option, not what was left of it), in milliseconds. */
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
    const attempt = init.attempt ?? 1;
    const sent =
      attempt <= 1
        ? "Nothing was sent"
        : `Attempt ${attempt}, a retry, was not sent (${attempt === 2 ? "the first attempt was" : `the ${attempt - 1} attempts before it were`} sent)`;
    super({
      status: 429,
      code: "rate_limited",
      message: `${init.headline} within ${init.maxWaitSetting === undefined ? "maxWaitMs" : "the wait bound"} (${init.maxWaitMs} ms): ${when}. ${sent}: ${advice}, or raise ${init.maxWaitSetting ?? "maxWaitMs"}`,
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
nameClass(RateLimitWaitError, "RateLimitWaitError");
