/**
 * How the client's options become its parts: the key (or a session), the pacing store, the pacer
 * and where reconciliation records its claims. Kept apart from `client.ts` so the class reads as
 * its options, defaults and namespaces.
 */

import { isLoopbackHost } from "./base-url.js";
import { assertNoKeyInBrowserPage, isBrowserPage } from "./browser-guard.js";
import { InvalidRequestError } from "./errors/local-errors.js";
import { PostlineError } from "./errors/postline-error.js";
import { heldClaims } from "./held-claims.js";
import type { LevelledLogger } from "./logger.js";
import { noopPacer, type Pacer } from "./pacer.js";
import { createPacer, defaultPacingStore } from "./pacing.js";
import type { CreateClaimStore, PacingStore } from "./pacing-store.js";
import { createSessionPacer } from "./session-pacing.js";

/** How a client authenticates; the public `PostlineAuth` type. */
type AuthMode = "apiKey" | "session";

/** The options {@link resolveApiKey} reads. */
export interface AuthOptions {
  readonly auth?: AuthMode | undefined;
  readonly apiKey?: string | undefined;
  readonly dangerouslyAllowBrowser?: boolean | undefined;
}

/** What `rateLimit` may be: see `PostlineOptions.rateLimit`. */
export type RateLimitOption = boolean | { readonly store: PacingStore } | undefined;

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

/**
 * Refuses to send a credential over plain http to a host that is not this machine, unless
 * `allowInsecureHttp` is true. A session's cookie is as powerful as a key on v1 routes, so the rule
 * is the same outside a browser; in a browser page the cookie is the browser's to guard (its
 * `Secure` flag) and the SDK never sees it.
 */
export function assertCredentialTransport(
  base: URL,
  auth: AuthMode,
  options: { readonly allowInsecureHttp?: boolean | undefined },
): void {
  if (base.protocol !== "http:" || isLoopbackHost(base.hostname)) return;
  if (options.allowInsecureHttp === true) return;
  if (auth === "session" && isBrowserPage()) return;
  const what = auth === "session" ? "the session cookie" : "the API key";
  throw new PostlineError(
    `Refusing to send ${what} over plain http to ${base.host}: use https, a loopback host, or pass allowInsecureHttp: true`,
  );
}

/** The store `rateLimit` names: `undefined` for no pacing; refuses anything else with a clear error. */
export function pacingStoreOf(rateLimit: RateLimitOption): PacingStore | undefined {
  if (rateLimit === undefined || rateLimit === true) return defaultPacingStore();
  if (rateLimit === false) return undefined;
  const store = (rateLimit as { store?: Partial<PacingStore> } | null)?.store;
  if (
    typeof store?.takeSlot !== "function" ||
    typeof store.claims?.claim !== "function" ||
    typeof store.claims.claimFirstFree !== "function"
  ) {
    throw new InvalidRequestError(
      "rateLimit",
      "rateLimit must be true, false or { store } with a pacing store such as createRedisStore() from @postline/sdk/redis",
    );
  }
  return store as PacingStore;
}

/**
 * Where reconciliation records handed-out items: the shared store when there is one. Adoption
 * is held while the shared store does not answer (see `held-claims.ts`); a success's claim is
 * kept in memory meanwhile and reaches the store when it answers.
 */
export function claimsOf(store: PacingStore | undefined, logger: LevelledLogger): CreateClaimStore {
  const memory = defaultPacingStore();
  if (store === undefined || store.kind === "memory") return store?.claims ?? memory.claims;
  return heldClaims(store, memory.claims, logger);
}
