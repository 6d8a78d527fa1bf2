/**
 * How the client's options, already checked (`option-checks.ts`), become its parts: the key (or
 * a session), the pacing store and the pacer (reconciliation's claims: `claimStoreFor` in
 * `reconcile/held-claims.ts`). Kept apart from `client.ts` so the class reads as its options,
 * defaults and namespaces.
 */

import { PostlineError } from "../errors/postline-error.js";
import type { LevelledLogger } from "../observe/logger.js";
import { createKeyPacer, defaultPacingStore } from "../pacing/key-pacer.js";
import { noopPacer, type Pacer } from "../pacing/pacer.js";
import type { PacingStore } from "../pacing/pacing-store.js";
import { createSessionPacer } from "../pacing/session-pacer.js";
import { DEFAULT_MAX_WAIT_MS } from "../pacing/wait-bound.js";
import { isLoopbackHost } from "./base-url.js";
import { assertNoKeyInBrowserPage, isBrowserPage } from "./browser-guard.js";
import type { PostlineAuth, PostlineOptions, RateLimitOptions } from "./client-options.js";
import { environmentOfToken } from "./environment.js";

/** Where {@link optionOrEnv} looks, and what the error calls the value. */
export interface OptionSource {
  /** The option's name, e.g. `apiKey`. */
  readonly option: string;
  /** Its environment variable, e.g. `POSTLINE_API_KEY`. */
  readonly env: string;
  /** What the value is, in words, e.g. `API key`. */
  readonly what: string;
}

/**
 * An option, else its environment variable (empty counts as unset); a clear error when neither
 * gives a non-blank string.
 */
export function optionOrEnv(value: string | undefined, { option, env, what }: OptionSource) {
  const variables = (globalThis as { process?: { env?: Record<string, string | undefined> } })
    .process?.env;
  const found = value ?? (variables?.[env] || undefined);
  if (typeof found !== "string" || found.trim() === "") {
    throw new PostlineError(
      `No ${what}: pass the \`${option}\` option or set the ${env} environment variable`,
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
  return apiKey === null ? createSessionPacer(baseURL) : createKeyPacer(apiKey, { logger, store });
}

/** The bearer token, or `null` for a session; refuses a key in a browser page (see the option). */
export function resolveApiKey(
  options: Pick<PostlineOptions, "auth" | "apiKey" | "dangerouslyAllowBrowser">,
): string | null {
  if (options.auth === "session") return null;
  const apiKey = optionOrEnv(options.apiKey, {
    option: "apiKey",
    env: "POSTLINE_API_KEY",
    what: "API key",
  });
  assertNoKeyInBrowserPage(options);
  return apiKey;
}

/**
 * What a 401 adds to the service's message, so the person reading it knows where to look: that
 * the key came from `POSTLINE_API_KEY` (not an option they may be checking), and that a live key
 * went to a server on this machine, such as a local fake, which knows only its own test keys.
 */
export function authFailureNote({
  apiKey,
  keyFromEnv,
  base,
}: {
  readonly apiKey: string | null;
  readonly keyFromEnv: boolean;
  readonly base: URL;
}): string | undefined {
  if (apiKey === null) return undefined;
  const notes: string[] = [];
  if (keyFromEnv) {
    notes.push("The key came from POSTLINE_API_KEY: check the environment the process runs in.");
  }
  if (environmentOfToken(apiKey) === "live" && isLoopbackHost(base.hostname)) {
    notes.push(
      `A live key was sent to ${base.host} on this machine, such as a local fake, which knows only its own test keys: use the fake's key, or point baseURL at the service.`,
    );
  }
  return notes.length === 0 ? undefined : notes.join(" ");
}

/**
 * Refuses to send a credential over plain http to a host that is not this machine, unless
 * `allowInsecureHttp` is true. A session's cookie is as powerful as a key on v1 routes, so the rule
 * is the same outside a browser; in a browser page the cookie is the browser's to guard (its
 * `Secure` flag) and the SDK never sees it.
 */
export function assertCredentialTransport(
  base: URL,
  {
    auth,
    allowInsecureHttp,
  }: { readonly auth: PostlineAuth; readonly allowInsecureHttp?: boolean | undefined },
): void {
  if (base.protocol !== "http:" || isLoopbackHost(base.hostname)) return;
  if (allowInsecureHttp === true) return;
  if (auth === "session" && isBrowserPage()) return;
  const what = auth === "session" ? "the session cookie" : "the API key";
  throw new PostlineError(
    `Refusing to send ${what} over plain http to ${base.host}: use https, a loopback host, or pass allowInsecureHttp: true`,
  );
}

/**
 * What `rateLimit` (its shape already checked) sets: the store, `undefined` for no pacing; how
 * long a call may wait for its turn; and how a refusal names that bound.
 */
export function rateLimitOf(rateLimit: PostlineOptions["rateLimit"]) {
  const given: RateLimitOptions = typeof rateLimit === "object" ? rateLimit : {};
  return {
    store: rateLimit === false ? undefined : (given.store ?? defaultPacingStore()),
    maxWaitMs: given.maxWaitMs ?? DEFAULT_MAX_WAIT_MS,
    maxWaitSetting: given.maxWaitSetting,
  };
}
