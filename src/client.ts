import type { z } from "zod";
import { CallMetrics } from "./core/observe/call-metrics.js";
import { attachTracer, guardTracer } from "./core/observe/guarded-tracer.js";
import type { ClientHooks } from "./core/observe/hooks.js";
import { createLevelledLogger, type Logger, type LogLevel } from "./core/observe/logger.js";
import type { Meter } from "./core/observe/metrics.js";
import type { Tracer } from "./core/observe/tracing.js";
import type { RateBudgetStatus } from "./core/pacing/budget-status.js";
import type { PacingStore } from "./core/pacing/pacing-store.js";
import { claimStoreFor } from "./core/reconcile/held-claims.js";
import { createRedactor } from "./core/redact.js";
import type { RequestOptions } from "./core/request-options.js";
import { attachResultRedactor } from "./core/result-redactor.js";
import { resolveApiBase } from "./core/setup/base-url.js";
import {
  assertCredentialTransport,
  authFailureNote,
  maxWaitOf,
  optionOrEnv,
  pacerFor,
  pacingStoreOf,
  resolveApiKey,
} from "./core/setup/client-setup.js";
import { environmentOfToken, type PostlineEnvironment } from "./core/setup/environment.js";
import { checkClientOptions } from "./core/setup/option-checks.js";
import { checkOptionNames, clientHooksOf } from "./core/setup/option-names.js";
import { Transport } from "./core/transport/transport.js";
import { BrandResource } from "./resources/brand.js";
import { ChannelsResource } from "./resources/channels.js";
import { ContentResource } from "./resources/content/content.js";
import { type CustomRequest, sendCustomRequest } from "./resources/custom-request.js";
import { KeysResource } from "./resources/keys.js";
import type { ResourceContext } from "./resources/resource-context.js";
import { ScheduleResource } from "./resources/schedule.js";
import { StatsResource } from "./resources/stats.js";
import { VERSION } from "./version.js";

/**
 * How a client authenticates: `"apiKey"` sends `Authorization: Bearer <apiKey>`; `"session"`
 * sends no key and lets the browser send the signed-in user's cookies (api-v1.md §5 rule 1).
 */
export type PostlineAuth = "apiKey" | "session";

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

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_RETRIES = 2;

/**
 * The Postline Agent API client.
 *
 * @example
 * ```ts
 * import { Postline } from "@postline/sdk";
 * const client = new Postline({ apiKey: process.env.POSTLINE_API_KEY, baseURL: "https://app.example.com" });
 * const [channel] = await client.channels.list();
 * const draft = await client.content.createDraft({ channelId: channel!.id, body: "Hello" });
 * ```
 */
export class Postline {
  /** Content items: list, create, edit, approve, schedule, delete. */
  readonly content: ContentResource;
  /** The workspace's channels. */
  readonly channels: ChannelsResource;
  /** The brand profile. */
  readonly brand: BrandResource;
  /** Schedule configuration and slots. */
  readonly schedule: ScheduleResource;
  /** Analytics. */
  readonly stats: StatsResource;
  /** Agent keys (admin scope). */
  readonly keys: KeysResource;
  /** How the client authenticates: `"apiKey"` or `"session"`. */
  readonly auth: PostlineAuth;
  /** `"live"` or `"test"` from the token's prefix, `"unknown"` when it shows neither (or in session mode). */
  readonly environment: PostlineEnvironment;
  /** The `/api/v1/` base every request goes to. */
  readonly baseURL: string;
  /** Per-attempt timeout in milliseconds. */
  readonly timeout: number;
  readonly #ctx: ResourceContext;
  /** Automatic retries per call. */
  readonly maxRetries: number;
  /** How long a call may wait for rate-limit slots and `Retry-After` holds (`rateLimit.maxWaitMs`). */
  readonly maxWaitMs: number;

  constructor(options: PostlineOptions = {}) {
    checkOptionNames(options);
    checkClientOptions(options);
    const apiKey = resolveApiKey(options);
    const rawBaseURL = optionOrEnv(options.baseURL, {
      option: "baseURL",
      env: "POSTLINE_BASE_URL",
      what: "service URL",
    });
    const redact = createRedactor(apiKey ?? undefined);
    const base = resolveApiBase(redact(rawBaseURL.trim()));
    const auth = apiKey === null ? "session" : "apiKey";
    assertCredentialTransport(base, { auth, allowInsecureHttp: options.allowInsecureHttp });
    const timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
    const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
    const logLevel = options.logLevel ?? "warn";
    const pacingStore = pacingStoreOf(options.rateLimit);
    const maxWaitMs = maxWaitOf(options.rateLimit);

    const baseURL = base.toString();
    const logger = createLevelledLogger(options.logger, logLevel, redact);
    const pacer = pacerFor(apiKey, baseURL, pacingStore, logger);
    const tracer = options.tracer && guardTracer(options.tracer, logger.warn);
    const transport = new Transport({
      apiKey,
      baseURL,
      timeout,
      maxWaitMs,
      maxWaitSetting:
        typeof options.rateLimit === "object" ? options.rateLimit.maxWaitSetting : undefined,
      maxRetries,
      fetch: options.fetch,
      headers: options.headers ?? {},
      sdkHeader: `postline-typescript/${VERSION}`,
      logger,
      hooks: clientHooksOf(options),
      pacer,
      authFailureNote: authFailureNote({ apiKey, keyFromEnv: options.apiKey === undefined, base }),
      redact,
      tracer,
      metrics: options.meter && new CallMetrics(options.meter, baseURL, logger.warn),
    });
    const ctx = {
      transport,
      reader: { validate: options.validateResponses !== false, redact },
      claims: claimStoreFor(pacingStore, logger),
    };
    this.#ctx = ctx;
    attachResultRedactor(this, apiKey ?? undefined);
    if (tracer) attachTracer(this, tracer);
    this.content = new ContentResource(ctx);
    this.channels = new ChannelsResource(ctx);
    this.brand = new BrandResource(ctx);
    this.schedule = new ScheduleResource(ctx);
    this.stats = new StatsResource(ctx);
    this.keys = new KeysResource(ctx);
    this.auth = auth;
    this.environment = apiKey === null ? "unknown" : environmentOfToken(apiKey);
    this.baseURL = baseURL;
    this.timeout = timeout;
    this.maxRetries = maxRetries;
    this.maxWaitMs = maxWaitMs;
  }

  /**
   * Calls any v1 route, including one this SDK version does not know yet, with the client's auth,
   * pacing (the create budget for `POST content`), retries, typed errors, logging and redaction.
   * With a zod `schema` the response body is validated and typed; without one it is `unknown`
   * (`undefined` for an empty body).
   *
   * @example
   * ```ts
   * import { z } from "zod";
   * const { channels } = await client.request({
   *   method: "GET",
   *   path: "channels",
   *   query: { platform: "x" },
   *   schema: z.object({ channels: z.array(z.object({ id: z.string() })) }),
   * });
   * ```
   */
  request<S extends z.ZodType | undefined = undefined>(
    request: CustomRequest<S>,
    options?: RequestOptions,
  ): Promise<S extends z.ZodType ? z.output<S> : unknown> {
    return sendCustomRequest(this.#ctx, request, options);
  }

  /**
   * Where this key's rate budgets stand (docs/retries.md, "Reading the budget"): for `create`
   * (`POST /content`) and `other`, the limit in force, the slots counting in the window and in
   * flight, the callers in line, when the next slot opens, and any 429 hold. With a shared store
   * the figures are fleet-wide; `store` says which store answered. Sends nothing to the service
   * and takes no slot. Rejects with `PostlineError` when pacing is off (`rateLimit: false`).
   *
   * @example
   * ```ts
   * const { create } = await client.rateBudget();
   * if (create.nextSlotInMs > 0) console.log(`next create in ${create.nextSlotInMs} ms`);
   * ```
   */
  rateBudget(): Promise<RateBudgetStatus> {
    return this.#ctx.transport.readBudgets();
  }

  /** What `JSON.stringify(client)` shows: settings, never the token. */
  toJSON(): Record<string, unknown> {
    return {
      baseURL: this.baseURL,
      auth: this.auth,
      environment: this.environment,
      timeout: this.timeout,
      maxRetries: this.maxRetries,
      maxWaitMs: this.maxWaitMs,
    };
  }

  /** What `String(client)` shows. */
  toString(): string {
    return `Postline(${this.environment}, ${this.baseURL})`;
  }

  /** What `util.inspect(client)` and `console.log(client)` show. */
  [Symbol.for("nodejs.util.inspect.custom")](): string {
    return `Postline ${JSON.stringify(this.toJSON())}`;
  }
}
