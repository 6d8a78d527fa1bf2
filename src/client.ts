import type { z } from "zod";
import { CallMetrics } from "./core/observe/call-metrics.js";
import { attachTracer, guardTracer } from "./core/observe/guarded-tracer.js";
import { createLevelledLogger } from "./core/observe/logger.js";
import type { RateBudgetStatus } from "./core/pacing/budget-status.js";
import { claimStoreFor } from "./core/reconcile/held-claims.js";
import { createRedactor } from "./core/redact.js";
import type { RequestOptions } from "./core/request-options.js";
import { attachResultRedactor } from "./core/result-redactor.js";
import { resolveApiBase } from "./core/setup/base-url.js";
import type { PostlineAuth, PostlineOptions } from "./core/setup/client-options.js";
import {
  assertCredentialTransport,
  authFailureNote,
  optionOrEnv,
  pacerFor,
  rateLimitOf,
  resolveApiKey,
} from "./core/setup/client-setup.js";
import { environmentOfToken, type PostlineEnvironment } from "./core/setup/environment.js";
import { checkClientOptions } from "./core/setup/option-checks.js";
import { checkOptionNames, clientHooksOf } from "./core/setup/option-names.js";
import { ownOptions } from "./core/setup/own-options.js";
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

  constructor(options?: PostlineOptions) {
    // Read once, own properties only: every check and use below reads this frozen copy.
    const read = ownOptions(options);
    checkOptionNames(read);
    checkClientOptions(read);
    const apiKey = resolveApiKey(read);
    const rawBaseURL = optionOrEnv(read.baseURL, {
      option: "baseURL",
      env: "POSTLINE_BASE_URL",
      what: "service URL",
    });
    const redact = createRedactor(apiKey ?? undefined);
    const base = resolveApiBase(redact(rawBaseURL.trim()));
    this.auth = apiKey === null ? "session" : "apiKey";
    assertCredentialTransport(base, { auth: this.auth, allowInsecureHttp: read.allowInsecureHttp });
    this.timeout = read.timeout ?? DEFAULT_TIMEOUT_MS;
    this.maxRetries = read.maxRetries ?? DEFAULT_MAX_RETRIES;
    const rateLimit = rateLimitOf(read.rateLimit);
    this.maxWaitMs = rateLimit.maxWaitMs;

    const baseURL = base.toString();
    const logger = createLevelledLogger(read.logger, read.logLevel ?? "warn", redact);
    const pacer = pacerFor(apiKey, baseURL, rateLimit.store, logger);
    const tracer = read.tracer && guardTracer(read.tracer, logger.warn);
    const transport = new Transport({
      apiKey,
      baseURL,
      timeout: this.timeout,
      maxWaitMs: this.maxWaitMs,
      maxWaitSetting: rateLimit.maxWaitSetting,
      maxRetries: this.maxRetries,
      fetch: read.fetch,
      headers: read.headers ?? {},
      sdkHeader: `postline-typescript/${VERSION}`,
      logger,
      hooks: clientHooksOf(read),
      pacer,
      authFailureNote: authFailureNote({ apiKey, keyFromEnv: read.apiKey === undefined, base }),
      redact,
      tracer,
      metrics: read.meter && new CallMetrics(read.meter, baseURL, logger.warn),
    });
    const ctx = {
      transport,
      reader: { validate: read.validateResponses !== false, redact },
      claims: claimStoreFor(rateLimit.store, logger),
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
    this.environment = apiKey === null ? "unknown" : environmentOfToken(apiKey);
    this.baseURL = baseURL;
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
