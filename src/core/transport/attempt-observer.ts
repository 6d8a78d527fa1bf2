import type { PostlineAuth } from "../auth.js";
import type { RateLimitWaitError } from "../errors/rate-limit-wait.js";
import { type ClientHooks, invokeHook, type RequestEvent } from "../observe/hooks.js";
import type { LevelledLogger } from "../observe/logger.js";
import type { SlotWait } from "../pacing/acquire-options.js";
import { type Redactor, redactHeaders } from "../redact.js";
import type { FailedAttempt } from "./classify-failure.js";
import type { PreparedRequest } from "./prepared-request.js";
import type { AttemptResult } from "./send-attempt.js";

/**
 * What the caller sees of each attempt: the hooks (`onRequest`, `onResponse`, `onRetry`) and the
 * debug log lines, each carrying the call's id. Payloads are built only when a hook or the debug
 * level wants them, so a call observed by nobody pays nothing for them.
 */
export class AttemptObserver {
  readonly #hooks: ClientHooks;
  readonly #logger: LevelledLogger;
  readonly #redact: Redactor;

  constructor(hooks: ClientHooks, logger: LevelledLogger, redact: Redactor) {
    this.#hooks = hooks;
    this.#logger = logger;
    this.#redact = redact;
  }

  /** The attempt has to wait for a rate-limit slot. */
  waiting(request: PreparedRequest, attempt: number, wait: SlotWait): void {
    const { budget } = request;
    const expectedWaitMs = Math.round(wait.expectedWaitMs);
    const { queuePosition } = wait;
    const event = () => ({ ...eventOf(request, attempt), budget, expectedWaitMs, queuePosition });
    this.#callHook("onRateLimitWait", event);
    const own = request.onRateLimitWait;
    if (own) invokeHook("onRateLimitWait", own, event(), this.#logger);
    if (this.#logger.enabled("debug")) {
      const fields = { attempt, budget, expectedWaitMs, queuePosition };
      this.#debug(request, "Waiting for a rate-limit slot", fields);
    }
  }

  /** No slot within the call's `maxWaitMs`: nothing is sent. Logged as waits are, at debug. */
  refused(request: PreparedRequest, attempt: number, error: RateLimitWaitError): void {
    if (!this.#logger.enabled("debug")) return;
    const { budget, waitedMs, retryAfterSeconds } = error;
    const fields = { attempt, budget, waitedMs, retryAfterSeconds, error: error.name };
    this.#debug(request, `${request.method} /${request.path} not sent: ${error.name}`, fields);
  }

  /** The attempt's 429 holds its budget (paced by key) or its session for `holdMs`. */
  held(
    request: PreparedRequest,
    { holdMs, auth }: { readonly holdMs: number; readonly auth: PostlineAuth },
  ): void {
    if (!this.#logger.enabled("debug")) return;
    const { callId, budget } = request;
    const whose = auth === "session" ? "this session's requests" : "requests";
    const fields = auth === "session" ? { callId, holdMs } : { callId, budget, holdMs };
    this.#logger.debug(`Rate limited; holding ${whose} until the reset`, fields);
  }

  /** Pacing let the attempt through and it is about to be sent. */
  sending(request: PreparedRequest, attempt: number): void {
    this.#callHook("onRequest", () => eventOf(request, attempt));
  }

  /** The attempt got a response (any status). */
  responded(
    request: PreparedRequest,
    attempt: number,
    result: Extract<AttemptResult, { kind: "response" }>,
  ): void {
    // Nothing is read or built for a response nobody watches.
    const hook = this.#hooks.onResponse;
    const debug = this.#logger.enabled("debug");
    if (!hook && !debug) return;
    const { status, headers } = result.response;
    const durationMs = Math.round(result.durationMs);
    if (hook) {
      const event = {
        ...eventOf(request, attempt),
        status,
        durationMs,
        // A copy: a header echoing the token (a proxy, a debug header) is scrubbed.
        headers: redactHeaders(headers, this.#redact),
      };
      invokeHook("onResponse", hook, event, this.#logger);
    }
    if (debug) {
      const fields = { status, attempt, durationMs };
      this.#debug(request, `${request.method} /${request.path} ${status}`, fields);
    }
  }

  /** The attempt got no response. */
  failed(
    request: PreparedRequest,
    attempt: number,
    result: AttemptResult,
    { error }: FailedAttempt,
  ): void {
    if (!this.#logger.enabled("debug")) return;
    const fields = { attempt, durationMs: Math.round(result.durationMs), error: error.message };
    this.#debug(request, `${request.method} /${request.path} failed: ${error.name}`, fields);
  }

  /** The attempt failed and is retried after `delayMs`. */
  retrying(
    request: PreparedRequest,
    attempt: number,
    { error }: FailedAttempt,
    delayMs: number,
  ): void {
    this.#callHook("onRetry", () => ({ ...eventOf(request, attempt), delayMs, error }));
    if (this.#logger.enabled("debug")) {
      const message = `retrying ${request.method} /${request.path} in ${delayMs} ms`;
      this.#debug(request, message, { attempt, delayMs, reason: error.name });
    }
  }

  #debug(request: PreparedRequest, message: string, fields: Record<string, unknown>): void {
    const { callId, method, path } = request;
    this.#logger.debug(message, { callId, method, path, ...fields });
  }

  /**
   * Calls a hook when one is set; `payload` is only built then. A hook that throws, or whose
   * promise rejects, is logged once at `warn` and the call goes on.
   */
  #callHook<K extends keyof ClientHooks>(
    name: K,
    payload: () => Parameters<NonNullable<ClientHooks[K]>>[0],
  ): void {
    const hook = this.#hooks[name] as ((event: ReturnType<typeof payload>) => unknown) | undefined;
    if (hook) invokeHook(name, hook, payload(), this.#logger);
  }
}

/** The fields every hook payload of an attempt carries. */
function eventOf(request: PreparedRequest, attempt: number): RequestEvent {
  const { callId, method, redactedPath: path, redactedUrl: url } = request;
  return { callId, method, path, url, attempt };
}
