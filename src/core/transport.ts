import ky, { type KyInstance } from "ky";
import { classifyFailure, type FailedAttempt } from "./classify-failure.js";
import { APIUserAbortError } from "./errors/connection-errors.js";
import type { ClientHooks, RequestEventBase } from "./hooks.js";
import type { LevelledLogger } from "./logger.js";
import { checkMaxRetries, checkTimeout } from "./option-checks.js";
import type { PacedRoute, Pacer } from "./pacer.js";
import { PreparedCall } from "./prepared-call.js";
import { type Redactor, redactDeep, redactHeaders } from "./redact.js";
import { checkApiKeyForHeader, checkedCallerHeaders } from "./request-headers.js";
import type { RequestOptions } from "./request-options.js";
import { delayBeforeRetry } from "./retry-policy.js";
import { type AttemptResult, sendAttempt } from "./send-attempt.js";
import { sleep } from "./sleep.js";

/** The methods the API uses. */
export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

/** Query parameters; `undefined` values are left out. */
export type QueryParams = Record<string, string | number | undefined>;

/** One API call as a resource describes it. */
export interface ApiRequest {
  readonly method: HttpMethod;
  /** Path under `/api/v1` without a leading slash, ids already encoded, e.g. `content/abc`. */
  readonly path: string;
  readonly query?: QueryParams;
  /** JSON body (writes only). */
  readonly body?: unknown;
  readonly options?: RequestOptions | undefined;
  /**
   * The per-key rate budget the call draws from (api-v1.md §8): `"create"` for `POST /content`,
   * which the content resource says; `"other"` (the default) for every other route.
   */
  readonly budget?: PacedRoute;
}

/** A 2xx response, read in full. */
export interface ApiResponse {
  readonly status: number;
  readonly headers: Headers;
  /** The body's text ("" when empty). */
  readonly text: string;
  readonly method: HttpMethod;
  /** The request URL, redacted. */
  readonly url: string;
}

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
  readonly maxRetries: number;
  readonly fetch: typeof globalThis.fetch | undefined;
  readonly headers: Record<string, string>;
  readonly sdkHeader: string;
  readonly logger: LevelledLogger;
  readonly hooks: ClientHooks;
  readonly pacer: Pacer;
  readonly redact: Redactor;
}

/**
 * Sends API calls as a sequence of attempts (docs/retries.md): {@link sendAttempt} sends one
 * (pacing, a per-attempt deadline over headers and body, a capped body), {@link classifyFailure}
 * turns a failed one into its error and decides once whether it may be retried, and
 * {@link delayBeforeRetry} says how long to wait before the next. ky's own retry, timeout and
 * redirect following are off, so a write that may have reached the service is never repeated.
 */
export class Transport {
  /** The `Authorization` header, or nothing in session mode. */
  readonly #credentialHeaders: Record<string, string>;
  readonly #session: boolean;
  readonly #config: Omit<TransportConfig, "apiKey">;
  readonly #ky: KyInstance;

  constructor(config: TransportConfig) {
    const { apiKey, ...rest } = config;
    if (apiKey !== null) checkApiKeyForHeader(apiKey);
    this.#session = apiKey === null;
    this.#credentialHeaders = apiKey === null ? {} : { authorization: `Bearer ${apiKey}` };
    const headers = checkedCallerHeaders(config.headers, "client", this.#session);
    this.#config = rest;
    // Resolved per request: msw and other test tools patch globalThis.fetch after clients exist.
    const lazyFetch: typeof globalThis.fetch = (input, init) =>
      (config.fetch ?? globalThis.fetch)(input, init);
    // The leanest ky set-up measured (docs/performance.md): no retry, timeout or hooks of ky's
    // own, a complete URL per call, and the credential among the instance's default headers.
    this.#ky = ky.create({
      retry: 0,
      timeout: false,
      throwHttpErrors: false,
      fetch: lazyFetch,
      headers: {
        accept: "application/json",
        ...headers,
        "x-postline-sdk": config.sdkHeader,
        ...this.#credentialHeaders,
      },
      ...(apiKey === null ? { credentials: "include" as const } : {}),
    });
  }

  /** The URL a path resolves to (no secrets in it). */
  urlFor(path: string, query?: QueryParams): string {
    // Joined as a string, not parsed with `new URL` on every call (docs/performance.md): the base
    // is normalised once and ends in `/api/v1/`, and resources encode the ids in `path`.
    let search = "";
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value === undefined) continue;
      search += `${search ? "&" : "?"}${encodeURIComponent(key)}=${encodeURIComponent(value)}`;
    }
    return `${this.#config.baseURL}${path}${search}`;
  }

  /** Sends `request`, retrying as docs/retries.md allows, and resolves to its 2xx response. */
  async request(request: ApiRequest): Promise<ApiResponse> {
    const call = this.#prepare(request);
    for (let attempt = 1; ; attempt++) {
      if (call.signal?.aborted) throw this.#userAbort(call);
      const result = await sendAttempt(this.#ky, this.#config.pacer, call, () =>
        this.#callHook("onRequest", () => eventOf(call, attempt)),
      );
      if (result.kind === "response") {
        this.#observeResponse(call, attempt, result);
        const { ok, status, headers } = result.response;
        const { text } = result.body;
        if (ok && text !== undefined) return responseOf(call, status, headers, text);
      }
      const failure = classifyFailure(call, result, this.#config.redact);
      if (result.kind === "no-response") this.#logFailure(call, attempt, result, failure);
      const delayMs = delayBeforeRetry(failure, attempt, call.maxRetries);
      if (delayMs === undefined) throw failure.error;
      await this.#waitBeforeRetry(call, attempt, failure, delayMs);
    }
  }

  /** Checks the call's options and resolves everything that stays the same across attempts. */
  #prepare(request: ApiRequest): PreparedCall {
    const { method, path, options = {} } = request;
    if (options.maxRetries !== undefined) checkMaxRetries(options.maxRetries);
    if (options.timeout !== undefined) checkTimeout(options.timeout);
    const init = {
      method,
      path,
      url: this.urlFor(path, request.query),
      body: request.body,
      budget: request.budget ?? "other",
      signal: options.signal,
      // Per-call headers merge over the instance's, so the credential is set again after them.
      headers: options.headers
        ? {
            ...checkedCallerHeaders(options.headers, "call", this.#session),
            ...this.#credentialHeaders,
          }
        : undefined,
      timeout: options.timeout ?? this.#config.timeout,
      maxRetries: options.maxRetries ?? this.#config.maxRetries,
    } as const;
    return new PreparedCall(init, this.#config.redact);
  }

  /** The `onResponse` hook and the debug log line of an attempt that got a response. */
  #observeResponse(
    call: PreparedCall,
    attempt: number,
    result: Extract<AttemptResult, { kind: "response" }>,
  ): void {
    const { logger, redact } = this.#config;
    const { status, headers } = result.response;
    const durationMs = Math.round(result.durationMs);
    this.#callHook("onResponse", () => ({
      ...eventOf(call, attempt),
      status,
      durationMs,
      // A copy: a header echoing the token (a proxy, a debug header) is scrubbed.
      headers: redactHeaders(headers, redact),
    }));
    if (logger.enabled("debug")) {
      const fields = { status, attempt, durationMs };
      this.#debug(call, `${call.method} /${call.path} ${status}`, fields);
    }
  }

  /** The debug log line of an attempt that got no response. */
  #logFailure(
    call: PreparedCall,
    attempt: number,
    result: AttemptResult,
    { error }: FailedAttempt,
  ): void {
    if (!this.#config.logger.enabled("debug")) return;
    const fields = { attempt, durationMs: Math.round(result.durationMs), error: error.message };
    this.#debug(call, `${call.method} /${call.path} failed: ${error.name}`, fields);
  }

  /** The `onRetry` hook, a debug line, then the wait; the caller's signal ends the wait. */
  async #waitBeforeRetry(
    call: PreparedCall,
    attempt: number,
    failure: FailedAttempt,
    delayMs: number,
  ): Promise<void> {
    const { error } = failure;
    this.#callHook("onRetry", () => ({ ...eventOf(call, attempt), delayMs, error }));
    if (this.#config.logger.enabled("debug")) {
      const message = `retrying ${call.method} /${call.path} in ${delayMs} ms`;
      this.#debug(call, message, { attempt, delayMs, reason: error.name });
    }
    try {
      await sleep(delayMs, call.signal);
    } catch {
      throw this.#userAbort(call);
    }
  }

  #userAbort(call: PreparedCall): APIUserAbortError {
    const cause = redactDeep(call.signal?.reason, this.#config.redact);
    return new APIUserAbortError({ method: call.method, url: call.shownUrl, cause });
  }

  #debug(call: PreparedCall, message: string, fields: Record<string, unknown>): void {
    this.#config.logger.debug(message, { method: call.method, path: call.path, ...fields });
  }

  /** Calls a hook when one is set; `payload` is only built then. A hook that throws is logged. */
  #callHook<K extends keyof ClientHooks>(
    name: K,
    payload: () => Parameters<NonNullable<ClientHooks[K]>>[0],
  ): void {
    const hook = this.#config.hooks[name] as
      | ((event: ReturnType<typeof payload>) => void)
      | undefined;
    if (!hook) return;
    try {
      hook(payload());
    } catch (error) {
      this.#config.logger.warn(`${name} hook threw; ignoring it`, {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}

/** The fields every hook payload of an attempt carries. */
function eventOf(call: PreparedCall, attempt: number): RequestEventBase {
  return { method: call.method, path: call.shownPath, url: call.shownUrl, attempt };
}

/** A 2xx response; its URL is redacted only if something (an error) asks for it. */
function responseOf(
  call: PreparedCall,
  status: number,
  headers: Headers,
  text: string,
): ApiResponse {
  return {
    status,
    headers,
    text,
    method: call.method,
    get url() {
      return call.shownUrl;
    },
  };
}
