/**
 * The one place that knows what a secret looks like. Anything that could carry the API token
 * (messages, URLs, headers, causes, log lines) passes through here before it leaves the SDK.
 */

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

/** Redacts every string inside a JSON-like value (returns the same value when nothing changed). */
export function redactDeep<T>(value: T, redact: Redactor): T {
  if (typeof value === "string") return redact(value) as T;
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((entry) => {
      const next = redactDeep(entry, redact);
      if (next !== entry) changed = true;
      return next;
    });
    return (changed ? out : value) as T;
  }
  if (value !== null && typeof value === "object" && isPlainObject(value)) {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) {
      const next = redactDeep(entry, redact);
      if (next !== entry) changed = true;
      out[key] = next;
    }
    return (changed ? out : value) as T;
  }
  return value;
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A copy of `headers` with credentials removed and the rest redacted. */
export function redactHeaders(headers: Headers, redact: Redactor): Headers {
  const out = new Headers();
  headers.forEach((value, name) => {
    if (name === "authorization" || name === "proxy-authorization" || name === "cookie") return;
    out.set(name, redact(value));
  });
  return out;
}

/**
 * Scrubs an error and its `cause` chain in place (message, stack, and string fields such as a
 * `code`), so a thrown cause never prints the token. Returns the same error.
 */
export function scrubError<T>(error: T, redact: Redactor, seen = new Set<unknown>()): T {
  if (error === null || typeof error !== "object" || seen.has(error)) return error;
  seen.add(error);
  const target = error as Record<string, unknown>;
  for (const key of [...Object.getOwnPropertyNames(target), "message", "stack"]) {
    let value: unknown;
    try {
      value = target[key];
    } catch {
      continue;
    }
    if (typeof value !== "string") continue;
    const clean = redact(value);
    if (clean === value) continue;
    try {
      Object.defineProperty(target, key, { value: clean, configurable: true, writable: true });
    } catch {
      // A frozen or exotic error: leave it; nothing else can be done without losing it.
    }
  }
  if ("cause" in target) scrubError(target.cause, redact, seen);
  if (Array.isArray(target.errors))
    for (const inner of target.errors) scrubError(inner, redact, seen);
  return error;
}
