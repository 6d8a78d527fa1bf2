import ky, { isNetworkError, type KyInstance } from "ky";
import { abortableSleep } from "./abortable-sleep.js";
import { isCredentialHeader } from "./credential-headers.js";
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
} from "./errors/connection-errors.js";
import { parseRetryAfterSeconds } from "./errors/extra-fields.js";
import { errorFromResponse } from "./errors/from-response.js";
import type { ClientHooks, RequestEventBase } from "./hooks.js";
import type { LevelledLogger } from "./logger.js";
import { checkMaxRetries, checkTimeout } from "./option-checks.js";
import type { PacedRoute, Pacer } from "./pacer.js";
import { type Redactor, redactDeep, redactHeaders } from "./redact.js";
import type { RequestOptions } from "./request-options.js";
import {
  type AttemptFailure,
  failedBeforeSending,
  isRetryableFailure,
  MAX_RETRY_AFTER_MS,
  retryDelayMs,
} from "./retry-policy.js";

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
}

/** A 2xx response, read in full. */
export interface ApiResponse {
  readonly status: number;
  readonly headers: Headers;
  /** The body's text ("" when empty). */
  readonly text: string;
  readonly method: HttpMethod;
  readonly url: string;
}

/** Everything the transport needs from the client. */
export interface TransportConfig {
  readonly apiKey: string;
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

/** Headers a caller may not set: the credential belongs to the client alone. */
function withoutCredentials(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  for (const [name, value] of Object.entries(headers)) {
    if (isCredentialHeader(name)) continue;
    if (typeof value === "string") out[name] = value;
  }
  return out;
}

/**
 * Sends API calls: one ky instance per client, the SDK's own retry loop (ky's retry is off so
 * that a write which may have reached the service is never repeated), pacing before each
 * attempt, a per-attempt timeout, the caller's signal, hooks and debug logs.
 */
export class Transport {
  readonly #apiKey: string;
  readonly #config: Omit<TransportConfig, "apiKey">;
  readonly #ky: KyInstance;

  constructor(config: TransportConfig) {
    const { apiKey, ...rest } = config;
    this.#apiKey = apiKey;
    this.#config = rest;
    // Resolved per request: msw and other test tools patch globalThis.fetch after clients exist.
    const lazyFetch: typeof globalThis.fetch = (input, init) =>
      (config.fetch ?? globalThis.fetch)(input, init);
    // The leanest ky set-up measured (docs/performance.md): no retry, timeout or hooks of ky's
    // own, a complete URL per call, and the credential among the instance's default headers.
    this.#ky = ky.create({
      retry: 0,
      // Per-attempt timeout is the SDK's own, so it also bounds reading the body.
      timeout: false,
      throwHttpErrors: false,
      fetch: lazyFetch,
      headers: {
        accept: "application/json",
        ...withoutCredentials(config.headers),
        "x-postline-sdk": config.sdkHeader,
        authorization: `Bearer ${apiKey}`,
      },
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
    const { method, path, body, options = {} } = request;
    const { redact, logger, hooks, pacer } = this.#config;
    const maxRetries = options.maxRetries ?? this.#config.maxRetries;
    const timeout = options.timeout ?? this.#config.timeout;
    if (options.maxRetries !== undefined) checkMaxRetries(options.maxRetries);
    if (options.timeout !== undefined) checkTimeout(options.timeout);
    const url = this.urlFor(path, request.query);
    // What errors, hooks and logs show: an id or query value shaped like a token is scrubbed.
    const shownUrl = redact(url);
    const route: PacedRoute = method === "POST" && path === "content" ? "create" : "other";
    const { signal, headers: callerHeaders } = options;
    const userAbort = () =>
      new APIUserAbortError({ method, url: shownUrl, cause: redactDeep(signal?.reason, redact) });
    const debug = (message: string, fields: Record<string, unknown>) => {
      if (logger.enabled("debug")) logger.debug(message, { method, path, ...fields });
    };

    for (let attempt = 1; ; attempt++) {
      const event: RequestEventBase = { method, path: redact(path), url: shownUrl, attempt };
      if (signal?.aborted) throw userAbort();
      let release: (response?: Response) => void;
      try {
        release = await pacer.acquire(route, signal);
      } catch (error) {
        throw signal?.aborted ? userAbort() : error;
      }
      this.#callHook("onRequest", event);
      const started = performance.now();
      // One attempt: the per-attempt timeout also bounds reading the body.
      const timer = new AbortController();
      const timeoutId = setTimeout(() => timer.abort(new Error("timeout")), timeout);
      let response: Response | undefined;
      let text = "";
      let error: Error | undefined;
      let failure: AttemptFailure | null = null;
      try {
        response = await this.#ky(url, {
          method,
          signal: signal ? AbortSignal.any([signal, timer.signal]) : timer.signal,
          ...(callerHeaders ? { headers: this.#perCallHeaders(callerHeaders) } : {}),
          ...(body !== undefined ? { json: body } : {}),
        });
        text = await response.text();
      } catch (thrown) {
        response = undefined;
        if (signal?.aborted) {
          error = userAbort();
        } else {
          // ky wraps network failures; its wrapper holds the Request (and so the credential).
          const cause = redactDeep(isNetworkError(thrown) ? thrown.cause : thrown, redact);
          failure = timer.signal.aborted
            ? { kind: "timeout" }
            : { kind: "connection", sent: !failedBeforeSending(cause) };
          const init = {
            method,
            url: shownUrl,
            cause,
            retryable: isRetryableFailure(method, failure),
          };
          error =
            failure.kind === "timeout"
              ? new APITimeoutError({ ...init, timeoutMs: timeout })
              : new APIConnectionError({
                  ...init,
                  message: `Connection error on ${method} ${shownUrl}${cause instanceof Error ? `: ${redact(cause.message)}` : ""}`,
                });
        }
      } finally {
        clearTimeout(timeoutId);
      }
      release(response);
      const durationMs = Math.round(performance.now() - started);

      let retryAfterSeconds: number | undefined;
      if (response) {
        const { status, headers } = response;
        if (hooks.onResponse) {
          this.#callHook("onResponse", {
            ...event,
            status,
            durationMs,
            // A copy: a header echoing the token (a proxy, a debug header) is scrubbed.
            headers: redactHeaders(headers, redact),
          });
        }
        debug(`${method} /${path} ${status}`, { status, attempt, durationMs });
        if (response.ok) return { status, headers, text, method, url: shownUrl };
        const retryable = (code: string) =>
          isRetryableFailure(method, { kind: "status", status, code });
        const apiError = errorFromResponse(
          { status, headers, text, method, url, retryable },
          redact,
        );
        failure = { kind: "status", status, code: apiError.code };
        error = apiError;
        // Honoured on any retried status (429 and 503 by contract; harmless elsewhere).
        retryAfterSeconds = parseRetryAfterSeconds(headers.get("retry-after"));
      } else {
        debug(`${method} /${path} failed: ${error!.name}`, {
          attempt,
          durationMs,
          error: error!.message,
        });
      }

      const retryable = failure !== null && isRetryableFailure(method, failure);
      const waitTooLong =
        retryAfterSeconds !== undefined && retryAfterSeconds * 1000 > MAX_RETRY_AFTER_MS;
      if (!retryable || attempt > maxRetries || waitTooLong) throw error;

      const delayMs = retryDelayMs(attempt, retryAfterSeconds);
      this.#callHook("onRetry", { ...event, delayMs, error: error! });
      debug(`retrying ${method} /${path} in ${delayMs} ms`, {
        attempt,
        delayMs,
        reason: error!.name,
      });
      try {
        await abortableSleep(delayMs, signal);
      } catch {
        throw userAbort();
      }
    }
  }

  // Per-call headers merge over the instance's, so the credential is set again after them.
  #perCallHeaders(headers: Record<string, string>): Record<string, string> {
    return { ...withoutCredentials(headers), authorization: `Bearer ${this.#apiKey}` };
  }

  #callHook<K extends keyof ClientHooks>(
    name: K,
    payload: Parameters<NonNullable<ClientHooks[K]>>[0],
  ): void {
    const hook = this.#config.hooks[name] as ((event: typeof payload) => void) | undefined;
    if (!hook) return;
    try {
      hook(payload);
    } catch (error) {
      this.#config.logger.warn(`${name} hook threw; ignoring it`, {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}
