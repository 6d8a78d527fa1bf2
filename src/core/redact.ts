/**
 * The one place that knows what a secret looks like. Anything that could carry the API token
 * (messages, URLs, headers, causes, log lines) passes through here before it leaves the SDK.
 */

import { isCredentialHeader } from "./credential-headers.js";

/** What a scrubbed secret is replaced with. */
export const REDACTED = "[redacted]";

// `<prefix>_live_...` / `<prefix>_test_...` (api-v1.md §5 rule 2), and any bearer credential.
const TOKEN_SHAPE = /\b[A-Za-z0-9]+_(?:live|test)_[A-Za-z0-9_-]{4,}/g;
const BEARER_VALUE = /(Bearer\s+)[^\s"',;]+/gi;

/** Removes a token from text. */
export type Redactor = (text: string) => string;

/**
 * Builds a redactor for one client's token. It scrubs the exact token (also URL-encoded), any
 * string shaped like a Postline token, and any `Bearer` credential.
 */
export function createRedactor(token: string | undefined): Redactor {
  const exact = token ? [token, encodeURIComponent(token)].filter((t) => t.length >= 4) : [];
  return (text) => {
    let out = text;
    for (const secret of exact) out = out.split(secret).join(REDACTED);
    return out.replace(TOKEN_SHAPE, REDACTED).replace(BEARER_VALUE, `$1${REDACTED}`);
  };
}

/**
 * Redacts every string inside a value. Plain objects and arrays are copied (the same value is
 * returned when nothing changed); any other object, such as an error and its `cause` chain, is
 * scrubbed in place (message, stack and every own field), so a thrown cause never prints the
 * token.
 */
export function redactDeep<T>(value: T, redact: Redactor, seen = new Set<unknown>()): T {
  if (typeof value === "string") return redact(value) as T;
  if (value === null || typeof value !== "object" || seen.has(value)) return value;
  const array = Array.isArray(value);
  const proto = Object.getPrototypeOf(value);
  const plain = array || proto === Object.prototype || proto === null;
  // Only objects scrubbed in place are remembered: a copied one may be shared and must be copied again.
  if (!plain) seen.add(value);
  const target = value as Record<string, unknown>;
  const out: Record<string, unknown> = array ? ([] as never) : {};
  let changed = false;
  for (const key of plain
    ? Object.keys(target)
    : [...Object.getOwnPropertyNames(target), "message", "stack"]) {
    let entry: unknown;
    try {
      entry = target[key];
    } catch {
      continue;
    }
    const next = redactDeep(entry, redact, seen);
    out[key] = next;
    if (next === entry) continue;
    changed = true;
    if (plain) continue;
    try {
      Object.defineProperty(target, key, { value: next, configurable: true, writable: true });
    } catch {
      // A frozen or exotic object: leave it; nothing else can be done without losing it.
    }
  }
  return (plain && changed ? out : value) as T;
}

/** A copy of `headers` with credentials removed and the rest redacted. */
export function redactHeaders(headers: Headers, redact: Redactor): Headers {
  const out = new Headers();
  headers.forEach((value, name) => {
    if (isCredentialHeader(name)) return;
    out.set(name, redact(value));
  });
  return out;
}
