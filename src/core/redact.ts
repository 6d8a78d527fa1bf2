/**
 * The one place that knows what a secret looks like. Anything that could carry the API token
 * (messages, URLs, headers, causes, log lines) passes through here before it leaves the SDK.
 */

import { isCredentialHeader } from "./credential-headers.js";

/** What a scrubbed secret is replaced with. */
const REDACTED = "[redacted]";

/**
 * Any string shaped like a Postline key token, `<prefix>_live_...` / `<prefix>_test_...`
 * (api-v1.md §5 rule 2); global, for `replace` and `matchAll`. Not `\b`: `_` is a word
 * character, so `\b` never matches in `ref_pl_live_...`.
 */
export const TOKEN_SHAPE = /(?<![A-Za-z0-9])[A-Za-z0-9]+_(?:live|test)_[A-Za-z0-9_-]{4,}/g;
// The secret part of a token, after its `<prefix>_live_` / `<prefix>_test_`.
const SECRET_PART = /^[A-Za-z0-9]+_(?:live|test)_(.+)$/;
/** A secret part shorter than this is not scrubbed on its own: it would match ordinary text. */
const MIN_SECRET_PART = 8;
// Any bearer credential, and the user:password part of a URL.
const BEARER_VALUE = /(Bearer\s+)[^\s"',;]+/gi;
const URL_USERINFO = /(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]*@/gi;

/**
 * The shortest start of the token scrubbed where a text ends with it: a message that quotes an
 * excerpt of a body (200 characters) may cut the token at its end.
 */
const MIN_CUT_TOKEN = 6;

/** Removes a token from text. */
export type Redactor = (text: string) => string;

/**
 * Builds a redactor for one client's token. It scrubs the exact token (also URL-encoded), its
 * secret part without the `<prefix>_live_` prefix (a server may echo only that), its start where
 * a text was cut inside it, any string shaped like a Postline token, any `Bearer` credential, and
 * the credentials of a URL (`https://user:password@host`).
 *
 * With `cutTokens: false` the start of a cut token is left alone: such a redactor can be handed
 * to other code without becoming an oracle that reveals the token a character at a time.
 */
export function createRedactor(
  token: string | undefined,
  { cutTokens = true }: { readonly cutTokens?: boolean } = {},
): Redactor {
  const exact = token ? exactSecrets(token) : [];
  return (text) => {
    let out = text;
    for (const secret of exact) {
      out = out.split(secret).join(REDACTED);
      if (cutTokens) out = withoutCutToken(out, secret);
    }
    return out
      .replace(TOKEN_SHAPE, REDACTED)
      .replace(BEARER_VALUE, `$1${REDACTED}`)
      .replace(URL_USERINFO, `$1${REDACTED}@`);
  };
}

/** The token and its secret part, each also URL-encoded, longest first. */
function exactSecrets(token: string): string[] {
  const secretPart = SECRET_PART.exec(token)?.[1];
  const found = [token, encodeURIComponent(token)];
  if (secretPart !== undefined && secretPart.length >= MIN_SECRET_PART) {
    found.push(secretPart, encodeURIComponent(secretPart));
  }
  return [...new Set(found)].filter((t) => t.length >= 4).sort((a, b) => b.length - a.length);
}

/** `text` without a start of `secret` (at least {@link MIN_CUT_TOKEN} characters) at its end. */
function withoutCutToken(text: string, secret: string): string {
  const longest = Math.min(secret.length - 1, text.length);
  for (let length = longest; length >= MIN_CUT_TOKEN; length--) {
    if (text.endsWith(secret.slice(0, length))) return text.slice(0, -length) + REDACTED;
  }
  return text;
}

/**
 * Redacts every string inside a value and returns a scrubbed copy; the value itself is never
 * changed, as it may be the caller's own (an abort reason). The same value is returned when
 * nothing in it changed. Plain objects and arrays are copied key by key, a JSON `"__proto__"`
 * key staying an own key; an error is copied with its prototype (so `instanceof` still holds),
 * its `name`, `message`, `stack`, `cause` and every own field. `Headers` are copied without
 * credentials, and a `Request` becomes its method, URL and headers, scrubbed.
 */
export function redactDeep<T>(value: T, redact: Redactor): T {
  return scrub(value, redact, new Map()) as T;
}

function scrub(value: unknown, redact: Redactor, copies: Map<object, unknown>): unknown {
  if (typeof value === "string") return redact(value);
  if (value === null || typeof value !== "object") return value;
  if (copies.has(value)) return copies.get(value);
  // Their headers live in internal slots, out of reach of the field-by-field copy below.
  if (value instanceof Headers) return redactHeaders(value, redact);
  // What an error keeps of a `Request`: its method, URL and headers, scrubbed; never its body.
  if (value instanceof Request) {
    return {
      method: value.method,
      url: redact(value.url),
      headers: redactHeaders(value.headers, redact),
    };
  }
  const array = Array.isArray(value);
  const proto: unknown = Object.getPrototypeOf(value);
  const plain = array || proto === Object.prototype || proto === null;
  // Registered first, so a cycle back to this value reaches the copy, never the original.
  const copy = copyShell(value, proto);
  copies.set(value, copy);
  const keys = plain
    ? Object.keys(value)
    : [...new Set([...Object.getOwnPropertyNames(value), "name", "message", "stack"])];
  const entries: [string, unknown][] = [];
  let changed = false;
  for (const key of keys) {
    let entry: unknown;
    try {
      entry = (value as Record<string, unknown>)[key];
    } catch {
      continue;
    }
    if (entry === undefined && !Object.hasOwn(value, key)) continue;
    const next = scrub(entry, redact, copies);
    if (next !== entry) changed = true;
    entries.push([key, next]);
  }
  if (!changed) {
    // Nothing inside changed, so nothing refers to the copy: keep the value itself.
    copies.set(value, value);
    return value;
  }
  for (const [key, entry] of entries) {
    // defineProperty, not assignment: a `__proto__` key must stay data, never become a prototype.
    Object.defineProperty(copy, key, {
      value: entry,
      enumerable: plain || Object.getOwnPropertyDescriptor(value, key)?.enumerable === true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

/** An empty object of the same kind: an array, a plain object, or an error with its prototype. */
function copyShell(value: object, proto: unknown): object {
  if (Array.isArray(value)) return [];
  if (proto === null) return Object.create(null);
  if (proto === Object.prototype) return {};
  // A real Error (so runtimes still print it as one) carrying the original's prototype.
  const shell = value instanceof Error ? new Error() : {};
  Object.setPrototypeOf(shell, proto as object);
  return shell;
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
