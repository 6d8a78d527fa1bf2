// The options of `new Postline(options)`, apart from the client that reads them.

import type { PostlineAuth } from "../auth.js";
import type { ClientHooks } from "../observe/hooks.js";
import type { Logger, LogLevel } from "../observe/logger.js";
import type { Meter } from "../observe/metrics.js";
import type { Tracer } from "../observe/tracing.js";
import type { PacingStore } from "../pacing/pacing-store.js";

export type { PostlineAuth };

/** Options of `new Postline(options)` (docs/getting-started.md). */
export interface PostlineOptions extends ClientHooks {
  /**
   * The hooks grouped in one object, e.g. `hooks: { onRateLimitWait }`: the same as giving each
   * as an option of its own. One hook given both ways is refused.
   */
  hooks?: ClientHooks | undefined;
  /**
   * `"apiKey"` (the default) or `"session"`: in a page of your own web app, use the signed-in
   * user's browser session instead of a key. No `Authorization` header is sent, requests go with
   * `credentials: "include"`, and `apiKey` must not be given.
   */
  auth?: PostlineAuth | undefined;
  /** The bearer token. Defaults to `process.env.POSTLINE_API_KEY`. Not used with `auth: "session"`. */
  apiKey?: string | undefined;
  /**
   * Allow an API key in a browser page. Off by default, because anyone who opens the page can
   * read the key; the constructor then throws `PostlineError`. Not needed with `auth: "session"`,
   * nor in Node, Bun, Deno or a worker.
   */
  dangerouslyAllowBrowser?: boolean | undefined;
  /** The service root; `/api/v1` is appended unless present. Defaults to `process.env.POSTLINE_BASE_URL`. */
  baseURL?: string | undefined;
  /**
   * Per-attempt timeout in milliseconds, from sending until the body is read. Default 60 000. A
   * wait for a rate-limit slot never counts against it: `rateLimit.maxWaitMs` bounds that.
   */
  timeout?: number | undefined;
  /** Automatic retries of failures that are safe to retry (docs/retries.md). Default 2. */
  maxRetries?: number | undefined;
  /**
   * Pace requests to the per-key limits (10/min for creates, 60/min for the rest). Default
   * `true`: paced in this process, each call waiting up to 5 minutes for its turn. An object sets
   * `store` (a store shared by processes, such as `createRedisStore` from `@postline/sdk/redis`)
   * and `maxWaitMs`; `false` turns pacing off (docs/retries.md).
   */
  rateLimit?: boolean | RateLimitOptions | undefined;
  /**
   * A custom `fetch`; defaults to the global `fetch`, looked up at each request. It is called
   * with a `Request` and an `init` whose `signal` ends the attempt: pass `init` on, or a timed-out
   * attempt's connection stays open until its headers arrive.
   */
  fetch?: typeof globalThis.fetch | undefined;
  /**
   * Extra headers on every request. Credential headers (`Authorization`, `Cookie`, ...) here are
   * ignored, except `Cookie` with `auth: "session"`: outside a browser it carries the session.
   */
  headers?: Record<string, string> | undefined;
  /** Check every response body against its schema. Default `true`. */
  validateResponses?: boolean | undefined;
  /** Where log lines go (`console`, pino, ...). Silent when absent. The token is never logged. */
  logger?: Logger | undefined;
  /** The least severe level logged; default `"warn"` with a logger. `"debug"` logs every attempt. */
  logLevel?: LogLevel | undefined;
  /**
   * Allow sending the credential (the key, or outside a browser the session cookie) over plain
   * `http://` to a non-loopback host. Default `false`.
   */
  allowInsecureHttp?: boolean | undefined;
  /**
   * An OpenTelemetry `Tracer` (`trace.getTracer("my-agent")` from `@opentelemetry/api`): each SDK
   * call becomes a span, with a child span per HTTP attempt (docs/observability.md). Off when
   * absent; the SDK depends on no OpenTelemetry package.
   */
  tracer?: Tracer | undefined;
  /**
   * An OpenTelemetry `Meter` (`metrics.getMeter("my-agent")` from `@opentelemetry/api`): records
   * the waits for rate-limit slots by budget and outcome, refusals, and
   * `http.client.request.duration` per attempt (docs/observability.md). Off when absent.
   */
  meter?: Meter | undefined;
}

/** The object form of `PostlineOptions.rateLimit`. */
export interface RateLimitOptions {
  /** Where the windows, 429 holds and the ledger of created items live. Default: this process. */
  readonly store?: PacingStore | undefined;
  /**
   * How long a call may wait for rate-limit slots and `Retry-After` holds, in all, in
   * milliseconds. Default 300 000 (5 minutes). A wait known to be longer ends the call at once
   * with `RateLimitWaitError`, sending nothing; per call, `{ maxWaitMs }` overrides it.
   */
  readonly maxWaitMs?: number | undefined;
  /**
   * How that error's advice names the bound: `"maxWaitMs"` by default. Code that builds a client
   * for a face of its own sets it to what its users set, e.g. a CLI's
   * `"--max-wait or POSTLINE_MAX_WAIT_MS"`.
   */
  readonly maxWaitSetting?: string | undefined;
}
