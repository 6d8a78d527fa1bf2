import { RateLimitError } from "./errors/rate-limit.js";
import type { AcquireOptions } from "./pacer.js";

/**
 * The `RateLimitError` of a call whose wait for pacing would outlast its timeout: nothing was
 * sent. It reads like a 429's (`retryAfterSeconds` when the wait's end is known), with no body.
 *
 * @param headline - what did not happen in time, e.g. "No rate-limit slot for POST /content on this key"
 * @param comes - how it comes, for the message, e.g. "the next one opens"
 */
export function waitTooLongError(
  headline: string,
  comes: string,
  timeoutMs: number,
  opensInMs: number | undefined,
  request: AcquireOptions,
): RateLimitError {
  const retryAfterSeconds = opensInMs === undefined ? undefined : Math.ceil(opensInMs / 1000);
  const when =
    retryAfterSeconds === undefined
      ? "it is not known when"
      : `${comes} in about ${retryAfterSeconds} s`;
  return new RateLimitError({
    status: 429,
    code: "rate_limited",
    message: `${headline} within the timeout of ${timeoutMs} ms (${when}); the request was not sent`,
    // What a 429 would have said, so `retryAfterSeconds` reads the same way on both.
    headers: new Headers(
      retryAfterSeconds === undefined ? {} : { "retry-after": String(retryAfterSeconds) },
    ),
    body: null,
    method: request.method ?? "",
    url: request.url ?? "",
    retryable: false,
    callId: request.callId,
  });
}
