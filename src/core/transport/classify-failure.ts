import { isNetworkError } from "ky";
import type { PostlineAuth } from "../auth.js";
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
} from "../errors/connection-errors.js";
import { errorFromResponse, parseErrorBody } from "../errors/from-response.js";
import { bodyProblemError } from "../errors/local-errors.js";
import type { PostlineError } from "../errors/postline-error.js";
import { RateLimitWaitError } from "../errors/rate-limit-wait.js";
import type { SlotRefusal } from "../pacing/pacer.js";
import { describeBudget } from "../pacing/rate-budget.js";
import { parseRetryAfterSeconds } from "../rate-limit-headers.js";
import { type Redactor, redactDeep } from "../redact.js";
import { describeConnectionFailure } from "./connection-failure.js";
import type { PreparedRequest } from "./prepared-request.js";
import { failedBeforeSending, isRetryableFailure } from "./retry-policy.js";
import type { AttemptResult } from "./send-attempt.js";

/** A failed attempt: the error the caller would get, and what the retry policy needs. */
export interface FailedAttempt {
  /** Built once, redacted, with `retryable` already decided (when the class has the field). */
  readonly error: PostlineError;
  /** Whether the policy allows another attempt (docs/retries.md). */
  readonly retryable: boolean;
  /** The service's `Retry-After`, when it sent one. */
  readonly retryAfterSeconds?: number | undefined;
}

/**
 * Turns an attempt that did not succeed into its error. Retryability is decided here, once, from
 * the method and what failed; the error carries it as `retryable`. A 401's message ends with
 * the client's `authFailureNote` when it has one.
 */
export function classifyFailure(
  request: PreparedRequest,
  result: AttemptResult,
  client: { readonly redact: Redactor; readonly authFailureNote?: string | undefined },
): FailedAttempt {
  const { redact, authFailureNote: authNote } = client;
  const { method, redactedUrl: url, callId } = request;
  if (result.kind === "response") {
    const { status, headers } = result.response;
    if (result.response.ok) {
      // Only a 2xx body past the cap reaches here; the service did act on the request.
      const error = bodyProblemError({
        message: `The body is larger than the SDK's cap of ${result.body.overCap ?? 0} bytes; reading stopped there`,
        body: undefined,
        method,
        url,
        callId,
      });
      return { error, retryable: false };
    }
    const facts = { status, headers, body: result.body, method, url, callId };
    const read = parseErrorBody(facts);
    const parsed =
      status === 401 && authNote !== undefined
        ? { ...read, message: `${read.message.trimEnd()} ${authNote}` }
        : read;
    const retryable = isRetryableFailure(method, { kind: "status", status, code: parsed.code });
    return {
      error: errorFromResponse(facts, parsed, { retryable, redact }),
      retryable,
      // Honoured on any retried status (429 and 503 by contract; harmless elsewhere).
      retryAfterSeconds: parseRetryAfterSeconds(headers.get("retry-after")),
    };
  }
  if (result.endedBy === "caller") return { error: userAbortOf(request, redact), retryable: false };
  if (result.endedBy === "timeout") {
    const retryable = isRetryableFailure(method, { kind: "timeout" });
    return {
      error: new APITimeoutError({ method, url, retryable, timeoutMs: request.timeout, callId }),
      retryable,
    };
  }
  // ky wraps network failures; its wrapper holds the Request (and so the credential).
  const { thrown } = result;
  const cause = redactDeep(isNetworkError(thrown) ? thrown.cause : thrown, redact);
  const sent = !failedBeforeSending(cause);
  const retryable = isRetryableFailure(method, { kind: "connection", sent });
  const what = describeConnectionFailure(cause, url);
  const detail = `${cause instanceof Error ? `: ${redact(cause.message)}` : ""}${what ? `: ${redact(what)}` : ""}`;
  return {
    error: new APIConnectionError({
      method,
      url,
      cause,
      retryable,
      callId,
      message: `Connection error on ${method} ${url}${detail}`,
    }),
    retryable,
  };
}

/** The error of a call the caller's signal ended, wherever it ended: waiting, sending or reading. */
export function userAbortOf(request: PreparedRequest, redact: Redactor): APIUserAbortError {
  const { method, redactedUrl: url, callId } = request;
  return new APIUserAbortError({
    method,
    url,
    cause: redactDeep(request.signal?.reason, redact),
    callId,
  });
}

/**
 * The error of an attempt the pacer refused (`refusal`): nothing of it was sent. It names the
 * bound as the caller set it (`request.maxWaitMs`), not what was left of it.
 */
export function waitRefusalOf(
  request: PreparedRequest,
  attempt: number,
  refusal: SlotRefusal,
  call: { readonly auth: PostlineAuth; readonly maxWaitSetting?: string | undefined },
): RateLimitWaitError {
  const { budget, method, redactedUrl: url, callId } = request;
  return new RateLimitWaitError({
    headline:
      call.auth === "session"
        ? "This session's rate-limit hold does not end"
        : `No rate-limit slot for ${describeBudget(budget)} on this key`,
    budget,
    maxWaitMs: request.maxWaitMs,
    waitedMs: refusal.waitedMs,
    // A store's odd answer never reaches a message as NaN.
    opensInMs: Number.isFinite(refusal.opensInMs) ? refusal.opensInMs : undefined,
    attempt,
    maxWaitSetting: call.maxWaitSetting,
    method,
    url,
    callId,
  });
}
