/**
 * How the client's options become its parts: the key (or a session), the pacing store, the pacer
 * and where reconciliation records its claims. Kept apart from `client.ts` so the class reads as
 * its options, defaults and namespaces.
 */

import { InvalidRequestError } from "../errors/local-errors.js";
import { PostlineError } from "../errors/postline-error.js";
import type { LevelledLogger } from "../observe/logger.js";
import { createPacer, defaultPacingStore } from "../pacing/key-pacer.js";
import { noopPacer, type Pacer } from "../pacing/pacer.js";
import type { CreateClaimStore, PacingStore } from "../pacing/pacing-store.js";
import { createSessionPacer } from "../pacing/session-pacer.js";
import { StoreFallback } from "../pacing/store-fallback.js";
import { checkMaxWait, DEFAULT_MAX_WAIT_MS } from "../pacing/wait-bound.js";
import { assertNoKeyInBrowserPage } from "./browser-guard.js";

/** How a client authenticates; the public `PostlineAuth` type. */
type AuthMode = "apiKey" | "session";

/** The options {@link resolveApiKey} reads. */
export interface AuthOptions {
  readonly auth?: AuthMode | undefined;
  readonly apiKey?: string | undefined;
  readonly dangerouslyAllowBrowser?: boolean | undefined;
}

/** What `rateLimit` may be: see `PostlineOptions.rateLimit`. */
export type RateLimitOption =
  | boolean
  | { readonly store?: PacingStore | undefined; readonly maxWaitMs?: number | undefined }
  | undefined;

/**
 * An option, else its environment variable (empty counts as unset); a clear error when neither
 * gives a non-blank string.
 */
export function optionOrEnv(
  value: string | undefined,
  envName: string,
  what: string,
  option: string,
) {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
    ?.env;
  const found = value ?? (env?.[envName] || undefined);
  if (typeof found !== "string" || found.trim() === "") {
    throw new PostlineError(
      `No ${what}: pass the \`${option}\` option or set the ${envName} environment variable`,
    );
  }
  return found;
}

/**
 * The pacer for `rateLimit` (docs/retries.md). The token is handed over only to key its budgets;
 * a session (`apiKey` null) has no budgets to pace to, only the holds its 429s announce.
 */
export function pacerFor(
  apiKey: string | null,
  baseURL: string,
  store: PacingStore | undefined,
  logger: LevelledLogger,
): Pacer {
  if (store === undefined) return noopPacer;
  return apiKey === null
    ? createSessionPacer(baseURL, logger)
    : createPacer(apiKey, { logger, store });
}

const AUTH_MODES: readonly AuthMode[] = ["apiKey", "session"];

/** The bearer token, or `null` for a session; refuses a key in a browser page (see the option). */
export function resolveApiKey(options: AuthOptions): string | null {
  const auth = options.auth ?? "apiKey";
  if (!AUTH_MODES.includes(auth)) {
    throw new InvalidRequestError(
      "auth",
      `auth must be "apiKey" or "session"; got ${JSON.stringify(String(auth))}`,
    );
  }
  if (auth === "session") {
    if (options.apiKey !== undefined) {
      throw new InvalidRequestError(
        "apiKey",
        'auth: "session" sends no key: leave out apiKey, or use auth: "apiKey"',
      );
    }
    return null;
  }
  const apiKey = optionOrEnv(options.apiKey, "POSTLINE_API_KEY", "API key", "apiKey");
  assertNoKeyInBrowserPage(options.dangerouslyAllowBrowser);
  return apiKey;
}

const RATE_LIMIT_SHAPE =
  "rateLimit must be true, false or { store?, maxWaitMs? }, with a pacing store such as createRedisStore() from @postline/sdk/redis";

/** The store `rateLimit` names: `undefined` for no pacing; refuses anything else with a clear error. */
export function pacingStoreOf(rateLimit: RateLimitOption): PacingStore | undefined {
  if (rateLimit === undefined || rateLimit === true) return defaultPacingStore();
  if (rateLimit === false) return undefined;
  if (rateLimit === null || typeof rateLimit !== "object") {
    throw new InvalidRequestError("rateLimit", RATE_LIMIT_SHAPE);
  }
  const store = rateLimit.store as Partial<PacingStore> | undefined;
  if (store === undefined) return defaultPacingStore();
  if (
    typeof store?.takeSlot !== "function" ||
    typeof store.claims?.claim !== "function" ||
    typeof store.claims.claimFirstFree !== "function"
  ) {
    throw new InvalidRequestError("rateLimit.store", RATE_LIMIT_SHAPE);
  }
  return store as PacingStore;
}

/** How long a call may wait for its turn: `rateLimit.maxWaitMs`, checked, or the default. */
export function maxWaitOf(rateLimit: RateLimitOption): number {
  const maxWaitMs =
    typeof rateLimit === "object" && rateLimit !== null ? rateLimit.maxWaitMs : undefined;
  if (maxWaitMs === undefined) return DEFAULT_MAX_WAIT_MS;
  checkMaxWait(maxWaitMs, "rateLimit.maxWaitMs");
  return maxWaitMs;
}

/** Where reconciliation records handed-out items: the shared store when there is one. */
export function claimsOf(store: PacingStore | undefined, logger: LevelledLogger): CreateClaimStore {
  const memory = defaultPacingStore();
  if (store === undefined || store.kind === "memory") return store?.claims ?? memory.claims;
  return StoreFallback.for(store, memory).claimsFor(logger);
}
