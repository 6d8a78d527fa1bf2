/**
 * The names of the client's options, checked against `PostlineOptions` by the compiler, and the
 * refusal of a name that is none of them: a misspelt option (`maxRetry`, `baseUrl`) would
 * otherwise be ignored silently and its default used.
 */

import { InvalidRequestError } from "../errors/local-errors.js";
import type { ClientHooks } from "../observe/hooks.js";
import type { PostlineOptions, RateLimitOptions } from "./client-options.js";

/** The hooks, each also an option of its own. */
const HOOKS = {
  onRequest: true,
  onResponse: true,
  onRetry: true,
  onRateLimitWait: true,
} as const satisfies Record<keyof ClientHooks, true>;

const HOOK_NAMES = Object.keys(HOOKS) as (keyof ClientHooks)[];

const CLIENT_OPTIONS = Object.keys({
  auth: true,
  apiKey: true,
  dangerouslyAllowBrowser: true,
  baseURL: true,
  timeout: true,
  maxRetries: true,
  rateLimit: true,
  fetch: true,
  headers: true,
  validateResponses: true,
  logger: true,
  logLevel: true,
  allowInsecureHttp: true,
  tracer: true,
  meter: true,
  ...HOOKS,
  hooks: true,
} satisfies Record<keyof PostlineOptions, true>);

const RATE_LIMIT_OPTIONS = Object.keys({
  store: true,
  maxWaitMs: true,
  maxWaitSetting: true,
} satisfies Record<keyof RateLimitOptions, true>);

/** Refuses an own key of `options` (and of an object `rateLimit`) that no option has. */
export function checkOptionNames(options: object): void {
  refuseUnknownOptions(options, CLIENT_OPTIONS, "", RATE_LIMIT_OPTIONS);
  const { rateLimit, hooks } = options as { rateLimit?: unknown; hooks?: unknown };
  if (rateLimit !== null && typeof rateLimit === "object") {
    refuseUnknownOptions(rateLimit, RATE_LIMIT_OPTIONS, "rateLimit.");
  }
  if (hooks !== undefined && (hooks === null || typeof hooks !== "object")) {
    throw new InvalidRequestError("hooks", `hooks must be an object of ${HOOK_NAMES.join(", ")}`);
  }
  if (hooks) refuseUnknownOptions(hooks, HOOK_NAMES, "hooks.");
}

/**
 * The client's hooks, given as options of their own or grouped in `hooks`: either way, but one
 * hook given both ways is refused rather than one of them silently ignored.
 */
export function clientHooksOf(options: PostlineOptions): ClientHooks {
  const grouped: ClientHooks = options.hooks ?? {};
  const hooks: ClientHooks = {};
  for (const name of HOOK_NAMES) {
    if (options[name] !== undefined && grouped[name] !== undefined) {
      throw new InvalidRequestError(
        `hooks.${name}`,
        `${name} is given twice, as an option and in hooks: give it once`,
      );
    }
    const hook = grouped[name] ?? options[name];
    if (hook !== undefined && typeof hook !== "function") {
      const param = grouped[name] === undefined ? name : `hooks.${name}`;
      throw new InvalidRequestError(param, `${param} must be a function`);
    }
    Object.assign(hooks, { [name]: hook });
  }
  return hooks;
}

/**
 * Refuses an own key of `options` that is not in `known`, naming the nearest known one: the
 * client's refusal, shared by every face that takes options. A name in `rateLimitOptions` is
 * pointed to `rateLimit`.
 */
export function refuseUnknownOptions(
  options: object,
  known: readonly string[],
  prefix = "",
  rateLimitOptions: readonly string[] = [],
): void {
  for (const name of Object.keys(options)) {
    if (known.includes(name)) continue;
    // `{ maxWaitMs }` beside the others is a likely slip: it lives in `rateLimit`.
    const nearest = rateLimitOptions.includes(name)
      ? `rateLimit: { ${name} }`
      : nearestName(name, known);
    // Only the name is shown: a value may be a secret.
    throw new InvalidRequestError(
      `${prefix}${name}`,
      `Unknown option ${prefix}${name}: ${nearest === undefined ? `the options are ${known.join(", ")}` : `did you mean ${nearest}?`}`,
    );
  }
}

/** The known name closest to `name` (case aside), if it is close enough to be a slip. */
function nearestName(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(3, Math.floor(name.length / 3)) + 1;
  for (const candidate of known) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Levenshtein distance: insertions, deletions and substitutions. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}
