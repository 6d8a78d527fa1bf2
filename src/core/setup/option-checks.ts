/**
 * The client's option checks, run once, first thing in the constructor. Each refusal is an
 * `InvalidRequestError` naming the option. Resolving options into parts (the key, the base URL,
 * the pacer) is `client-setup.ts`'s; by then every option has the shape its type says. The
 * per-call options are checked by `transport/request-option-checks.ts`.
 */
import { InvalidRequestError } from "../errors/local-errors.js";
import type { LogLevel } from "../observe/logger.js";
import type { PacingStore } from "../pacing/pacing-store.js";
import { checkMaxWait } from "../pacing/wait-bound.js";
import { checkMaxRetries, checkTimeout } from "../transport/request-option-checks.js";
import type { PostlineOptions } from "./client-options.js";

/** The client options as a caller may really pass them (from JavaScript, or cast). */
export type UncheckedClientOptions = { readonly [Name in keyof PostlineOptions]?: unknown };

const AUTH_MODES: readonly unknown[] = ["apiKey", "session"];
const LOG_LEVELS: readonly LogLevel[] = ["debug", "info", "warn", "error", "off"];

/**
 * Refuses any client option of the wrong shape (`PostlineOptions`), naming it. The client first
 * refuses unknown names (`checkOptionNames` in setup, which transport does not import).
 */
export function checkClientOptions(options: UncheckedClientOptions): void {
  checkAuth(options);
  // `null` takes the default, as `undefined` does, where the client reads the option with `??`.
  if (options.timeout != null) checkTimeout(options.timeout);
  if (options.maxRetries != null) checkMaxRetries(options.maxRetries);
  if (options.rateLimit !== undefined) checkRateLimit(options.rateLimit);
  if (options.fetch !== undefined && typeof options.fetch !== "function") {
    throw new InvalidRequestError(
      "fetch",
      "fetch must be a function compatible with the global fetch",
    );
  }
  if (options.logLevel != null && !LOG_LEVELS.includes(options.logLevel as LogLevel)) {
    throw new InvalidRequestError(
      "logLevel",
      `logLevel must be one of ${LOG_LEVELS.join(", ")}; got "${String(options.logLevel)}"`,
    );
  }
  const tracer = options.tracer as { startSpan?: unknown } | null | undefined;
  if (options.tracer !== undefined && typeof tracer?.startSpan !== "function") {
    throw new InvalidRequestError(
      "tracer",
      'tracer must be an OpenTelemetry Tracer (with startSpan), e.g. trace.getTracer("my-agent")',
    );
  }
  const meter = options.meter as { createHistogram?: unknown; createCounter?: unknown } | null;
  if (
    options.meter !== undefined &&
    (typeof meter?.createHistogram !== "function" || typeof meter.createCounter !== "function")
  ) {
    throw new InvalidRequestError(
      "meter",
      'meter must be an OpenTelemetry Meter (with createHistogram and createCounter), e.g. metrics.getMeter("my-agent")',
    );
  }
}

/** `auth` is a known mode, and a session is not also given a key. */
function checkAuth({ auth, apiKey }: UncheckedClientOptions): void {
  if (auth == null) return;
  if (!AUTH_MODES.includes(auth)) {
    throw new InvalidRequestError(
      "auth",
      `auth must be "apiKey" or "session"; got ${JSON.stringify(String(auth))}`,
    );
  }
  if (auth === "session" && apiKey !== undefined) {
    throw new InvalidRequestError(
      "apiKey",
      'auth: "session" sends no key: leave out apiKey, or use auth: "apiKey"',
    );
  }
}

/** `rateLimit` is `true`, `false` or `{ store?, maxWaitMs?, maxWaitSetting? }` with a pacing store. */
function checkRateLimit(rateLimit: unknown): void {
  if (typeof rateLimit === "boolean") return;
  const shape =
    "must be true, false or { store?, maxWaitMs?, maxWaitSetting? }, with a pacing store such as createRedisStore() from @postline/sdk/redis";
  if (rateLimit === null || typeof rateLimit !== "object") {
    throw new InvalidRequestError("rateLimit", `rateLimit ${shape}`);
  }
  const { store, maxWaitMs, maxWaitSetting } = rateLimit as {
    store?: Partial<PacingStore> | null;
    maxWaitMs?: unknown;
    maxWaitSetting?: unknown;
  };
  if (
    store !== undefined &&
    (typeof store?.takeSlot !== "function" ||
      (store.readBudget !== undefined && typeof store.readBudget !== "function") ||
      typeof store.claims?.claim !== "function" ||
      typeof store.claims.claimFirstFree !== "function")
  ) {
    throw new InvalidRequestError(
      "rateLimit.store",
      "rateLimit.store must be a pacing store (takeSlot and claims, and readBudget when given), such as createRedisStore() from @postline/sdk/redis",
    );
  }
  if (maxWaitMs !== undefined) checkMaxWait(maxWaitMs, "rateLimit.maxWaitMs");
  // It goes into error messages as is: one printable line.
  if (
    maxWaitSetting !== undefined &&
    (typeof maxWaitSetting !== "string" || !/^[\x20-\x7e]{1,100}$/.test(maxWaitSetting))
  ) {
    throw new InvalidRequestError(
      "rateLimit.maxWaitSetting",
      'rateLimit.maxWaitSetting must be a name of up to 100 printable ASCII characters, e.g. "--max-wait"',
    );
  }
}
