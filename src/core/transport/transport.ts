import type { KyInstance } from "ky";
import type { PostlineAuth } from "../auth.js";
import type { CallMetrics, WaitOutcome } from "../observe/call-metrics.js";
import type { ClientHooks } from "../observe/hooks.js";
import type { LevelledLogger } from "../observe/logger.js";
import type { Tracer, TraceSpan } from "../observe/tracing.js";
import type { SlotWait } from "../pacing/acquire-options.js";
import type { RateBudgetStatus } from "../pacing/budget-status.js";
import type { Pacer, ReleasePacedSlot, SlotAnswer } from "../pacing/pacer.js";
import { leftToWaitMs } from "../pacing/wait-bound.js";
import type { Redactor } from "../redact.js";
import type { RequestOptions } from "../request-options.js";
import { sleep } from "../timers.js";
import type { ApiRequest, ApiResponse, QueryParams } from "./api-request.js";
import { AttemptObserver } from "./attempt-observer.js";
import { classifyFailure, userAbortOf, waitRefusalOf } from "./classify-failure.js";
import { createKyInstance } from "./ky-instance.js";
import { PreparedRequest } from "./prepared-request.js";
import { checkApiKeyForHeader, checkedCallerHeaders, cookieOf } from "./request-headers.js";
import { checkRequestOptions } from "./request-option-checks.js";
import { delayBeforeRetry } from "./retry-policy.js";
import { attemptErrorType, endAttemptSpan, SdkCall } from "./sdk-call.js";
import { type AttemptResult, sendAttempt } from "./send-attempt.js";

/** Everything the transport needs from the client. */
export interface TransportConfig {
  /**
   * The bearer token; `null` for a browser session (`auth: "session"`): no Authorization header,
   * and the browser's cookies go with every request (`credentials: "include"`).
   */
  readonly apiKey: string | null;
  /** Ends in `/api/v1/`. */
  readonly baseURL: string;
  readonly timeout: number;
  /** How long a call may wait for rate-limit slots and `Retry-After` holds (wait-bound.ts). */
  readonly maxWaitMs: number;
  /** How a refusal's advice names that bound (`rateLimit.maxWaitSetting`). */
  readonly maxWaitSetting?: string | undefined;
  readonly maxRetries: number;
  readonly fetch: typeof globalThis.fetch | undefined;
  readonly headers: Record<string, string>;
  readonly sdkHeader: string;
  readonly logger: LevelledLogger;
  readonly hooks: ClientHooks;
  readonly pacer: Pacer;
  readonly redact: Redactor;
  /** Added to a 401's message: where the key came from, where it went (`authFailureNote`). */
  readonly authFailureNote?: string | undefined;
  /** Makes a span per SDK call and per attempt when set. */
  readonly tracer: Tracer | undefined;
  /** Records waits, refusals and attempt durations when set. */
  readonly metrics: CallMetrics | undefined;
}

/**
 * Sends API calls as a sequence of attempts (docs/retries.md). Each attempt is four steps: wait
 * for a rate-limit slot ({@link Pacer}), start its span and hooks, {@link sendAttempt} within its
 * own `timeout`, and release the slot. {@link classifyFailure} turns a failed attempt into its
 * error and decides once whether it may be retried, and {@link delayBeforeRetry} says how long
 * to wait before the next. Waits for slots and before retries share the call's `maxWaitMs`, and
 * never count against `timeout`. ky's own retry, timeout and redirect following are off, so a
 * write that may have reached the service is never repeated.
 */
export class Transport {
  /** A key's calls draw from its budgets; a session's are held only by its 429s. */
  readonly #auth: PostlineAuth;
  /** The client's `Cookie` header in session mode: the session its calls are sent with. */
  readonly #sessionCookie: string | undefined;
  readonly #config: Omit<TransportConfig, "apiKey">;
  readonly #ky: KyInstance;
  readonly #observer: AttemptObserver;

  constructor(config: TransportConfig) {
    const { apiKey, ...rest } = config;
    if (apiKey !== null) checkApiKeyForHeader(apiKey);
    this.#auth = apiKey === null ? "session" : "apiKey";
    const session = apiKey === null;
    const headers = checkedCallerHeaders(config.headers, { where: "client", session });
    this.#sessionCookie = cookieOf(headers);
    this.#config = rest;
    this.#observer = new AttemptObserver(config.hooks, config.logger, config.redact);
    this.#ky = createKyInstance({
      fetch: config.fetch,
      callerHeaders: headers,
      defaultHeaders: { accept: "application/json" },
      sdkHeaders: { "x-postline-sdk": config.sdkHeader },
      // The `Authorization` header, or nothing in session mode.
      credentialHeaders: session ? {} : { authorization: `Bearer ${apiKey}` },
      session,
    });
  }

  /** The URL a path resolves to (no secrets in it). */
  urlFor(path: string, query?: QueryParams): string {
    // Joined as a string, not parsed with `new URL` on every call (docs/performance.md): the base
    // is normalised once and ends in `/api/v1/`, and resources encode the ids in `path`.
    if (query === undefined) return `${this.#config.baseURL}${path}`;
    let search = "";
    for (const key in query) {
      const value = query[key];
      if (value === undefined || !Object.hasOwn(query, key)) continue;
      search += `${search ? "&" : "?"}${encodeURIComponent(key)}=${encodeURIComponent(value)}`;
    }
    return `${this.#config.baseURL}${path}${search}`;
  }

  /** Where the rate budgets stand for this client's key or session (`client.rateBudget()`). */
  readBudgets(): Promise<RateBudgetStatus> {
    return this.#config.pacer.readBudgets(this.#sessionCookie);
  }

  /**
   * Runs `run` as one SDK call, which ends when `run` settles. A call made of several requests (a
   * create with its reconciliation) passes it to each {@link Transport.request}; a lone request
   * makes its own.
   */
  async inCall<T>(
    operation: string,
    options: RequestOptions | undefined,
    run: (sdkCall: SdkCall) => Promise<T>,
  ): Promise<T> {
    const sdkCall = new SdkCall(operation, this.#config.tracer, options);
    try {
      const result = await run(sdkCall);
      sdkCall.end();
      return result;
    } catch (error) {
      sdkCall.end(error);
      throw error;
    }
  }

  /**
   * Sends `request`, retrying as docs/retries.md allows, and resolves to its 2xx response. It is
   * its own SDK call unless it is part of `sdkCall`.
   */
  request(request: ApiRequest, sdkCall?: SdkCall): Promise<ApiResponse> {
    if (sdkCall) return this.#send(request, sdkCall);
    const operation = request.operation ?? request.method;
    return this.inCall(operation, request.options, (own) => this.#send(request, own));
  }

  async #send(spec: ApiRequest, sdkCall: SdkCall): Promise<ApiResponse> {
    const request = this.#prepare(spec, sdkCall.id);
    /** Time this call has spent waiting for slots and before retries: `maxWaitMs` bounds it. */
    let waitedMs = 0;
    for (let attempt = 1; ; attempt++) {
      if (request.signal?.aborted) throw userAbortOf(request, this.#config.redact);
      const waitStarted = performance.now();
      const leftMs = leftToWaitMs(request.maxWaitMs, waitedMs);
      const release = await this.#waitForSlot(request, attempt, leftMs, sdkCall);
      const slotWaitMs = performance.now() - waitStarted;
      waitedMs += slotWaitMs;
      let span: TraceSpan | undefined;
      let result: AttemptResult | undefined;
      try {
        span = sdkCall.startAttempt(request, attempt, slotWaitMs);
        this.#observer.sending(request, attempt);
        result = await sendAttempt(this.#ky, request);
      } finally {
        // Every path gives the slot back; a response teaches the pacer (a 429's hold).
        const holdMs = release(result?.kind === "response" ? result.response : undefined);
        if (holdMs !== undefined) this.#observer.held(request, { holdMs, auth: this.#auth });
      }
      let status: number | undefined;
      if (result.kind === "response") {
        this.#observer.responded(request, attempt, result);
        const { text } = result.body;
        status = result.response.status;
        if (result.response.ok && text !== undefined) {
          if (span) endAttemptSpan(span, status);
          this.#config.metrics?.attempted(request.method, result.durationMs, status);
          return new ReadResponse(request, text);
        }
      }
      const failure = classifyFailure(request, result, this.#config);
      if (span) endAttemptSpan(span, status, failure.error);
      const errorType = attemptErrorType(status, failure.error);
      this.#config.metrics?.attempted(request.method, result.durationMs, status, errorType);
      if (result.kind === "no-response") this.#observer.failed(request, attempt, result, failure);
      const remainingMs = leftToWaitMs(request.maxWaitMs, waitedMs);
      const delayMs = delayBeforeRetry(failure, attempt, request.maxRetries, remainingMs);
      if (delayMs === undefined) throw failure.error;
      this.#observer.retrying(request, attempt, failure, delayMs);
      // A 429's Retry-After is a wait for the budget, as a wait for a slot is.
      await this.#waitBeforeRetry(request, delayMs, status === 429 ? sdkCall : undefined);
      waitedMs += delayMs;
    }
  }

  /**
   * The pacing step: waits for a slot within `leftToWaitMs`, telling the observer when it has to
   * wait. A caller's abort ends the wait as `APIUserAbortError`; the pacer's refusal becomes a
   * `RateLimitWaitError`, here, and nothing is sent.
   */
  async #waitForSlot(
    request: PreparedRequest,
    attempt: number,
    leftToWaitMs: number,
    sdkCall: SdkCall,
  ): Promise<ReleasePacedSlot> {
    const startedAt = performance.now();
    let queued = false;
    const onWait = (slot: SlotWait) => {
      queued = true;
      this.#observer.waiting(request, attempt, slot);
    };
    let answer: SlotAnswer;
    try {
      // What the pacer is told of the attempt (pacer.ts): its bound, its timeout, its session.
      const wait = {
        maxWaitMs: leftToWaitMs,
        attemptTimeoutMs: request.timeout,
        session: request.session,
        onWait,
      };
      answer = await this.#config.pacer.acquire(request.budget, request.signal, wait);
    } catch (error) {
      if (!request.signal?.aborted) throw error;
      if (queued) this.#waitEnded(request, sdkCall, "aborted", startedAt);
      throw userAbortOf(request, this.#config.redact);
    }
    if (answer.granted) {
      if (queued) this.#waitEnded(request, sdkCall, "granted", startedAt);
      return answer.release;
    }
    const { maxWaitSetting } = this.#config;
    const error = waitRefusalOf(request, attempt, answer, { auth: this.#auth, maxWaitSetting });
    this.#observer.refused(request, attempt, error);
    this.#waitEnded(request, sdkCall, "refused", startedAt);
    throw error;
  }

  /** A wait for the budget ended: one point in the wait histogram, one event on the call's span. */
  #waitEnded(request: PreparedRequest, sdkCall: SdkCall, outcome: WaitOutcome, since: number) {
    const waitedMs = performance.now() - since;
    this.#config.metrics?.waited(request.budget, outcome, waitedMs);
    sdkCall.waited(request.budget, outcome, waitedMs);
  }

  /** Checks the call's options and resolves everything that stays the same across attempts. */
  #prepare(spec: ApiRequest, callId: string): PreparedRequest {
    const { method, path, options = NO_OPTIONS } = spec;
    checkRequestOptions(options);
    // Per-call headers merge over the client's; the credential is set after them (ky-instance.ts).
    const headers = options.headers
      ? checkedCallerHeaders(options.headers, { where: "call", session: this.#auth === "session" })
      : undefined;
    const init = {
      method,
      path,
      url: this.urlFor(path, spec.query),
      body: spec.body,
      budget: spec.budget ?? "other",
      signal: options.signal,
      headers,
      timeout: options.timeout ?? this.#config.timeout,
      maxWaitMs: options.maxWaitMs ?? this.#config.maxWaitMs,
      onRateLimitWait: options.onRateLimitWait,
      maxRetries: options.maxRetries ?? this.#config.maxRetries,
      callId,
      // A call's own Cookie is its session; outside session mode no Cookie is ever kept.
      session: cookieOf(headers) ?? this.#sessionCookie,
    } as const;
    return new PreparedRequest(init, this.#config.redact);
  }

  /** The wait before a retry; the caller's signal ends it. `holdOf`: the call a 429 holds. */
  async #waitBeforeRetry(request: PreparedRequest, delayMs: number, holdOf?: SdkCall) {
    const startedAt = performance.now();
    try {
      await sleep(delayMs, request.signal);
    } catch {
      if (holdOf) this.#waitEnded(request, holdOf, "aborted", startedAt);
      throw userAbortOf(request, this.#config.redact);
    }
    if (holdOf) this.#waitEnded(request, holdOf, "granted", startedAt);
  }
}

/** A call made without options: one object for all of them, never written to. */
const NO_OPTIONS: RequestOptions = Object.freeze({});

/**
 * A 2xx response; its URL is redacted only if something (an error) asks for it. A class, so the
 * getter lives once on its prototype rather than on an object literal built per call.
 */
class ReadResponse implements ApiResponse {
  readonly text: string;
  readonly method: PreparedRequest["method"];
  readonly callId: string;
  readonly #request: PreparedRequest;

  constructor(request: PreparedRequest, text: string) {
    this.text = text;
    this.method = request.method;
    this.callId = request.callId;
    this.#request = request;
  }

  get url(): string {
    return this.#request.redactedUrl;
  }
}
