import { isCredentialHeader } from "../credential-headers.js";
import { InvalidRequestError } from "../errors/local-errors.js";

// RFC 9110 §5.6.2: a field name is a token.
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// Fetch refuses CR, LF and NUL in a value, and anything outside Latin-1 cannot be a header byte.
const BAD_VALUE_CHAR = /[\r\n\0\u0100-\uffff]/;

// Fetch's forbidden request-header names (fetch.spec.whatwg.org): a browser drops them silently and
// Node's fetch throws on several at send time. The credential headers (`Cookie`,
// `Proxy-Authorization`) are not here: the credential rule below decides about them.
const FORBIDDEN_HEADERS: ReadonlySet<string> = new Set([
  "accept-charset",
  "accept-encoding",
  "access-control-request-headers",
  "access-control-request-method",
  "connection",
  "content-length",
  "cookie2",
  "date",
  "dnt",
  "expect",
  "host",
  "keep-alive",
  "origin",
  "referer",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "via",
]);

/** Whether fetch forbids a caller to set the header `name` (any casing). */
function isForbiddenHeader(name: string): boolean {
  const lower = name.toLowerCase();
  if (isCredentialHeader(lower)) return false;
  return FORBIDDEN_HEADERS.has(lower) || lower.startsWith("proxy-") || lower.startsWith("sec-");
}

/**
 * A caller's `headers` (the client option, or a call's), checked and without the credential
 * headers (the client's key is the only credential it sends). In session mode `Cookie` stays:
 * outside a browser it is how the session travels, and it is the client's only credential. A name
 * that is not a valid header name, or a value with CR, LF, NUL or a character outside Latin-1, is
 * refused here with `InvalidRequestError`, rather than by `fetch` at send time, where it would
 * look like a connection failure. So is a header fetch forbids a caller to set (`Transfer-Encoding`,
 * `Host`, `Connection`, ...): a browser would drop it silently, Node's fetch fails on several.
 * `where` says which option it is, for the message.
 */
export function checkedCallerHeaders(
  headers: unknown,
  { where, session = false }: { readonly where: "client" | "call"; readonly session?: boolean },
): Record<string, string> {
  const out: Record<string, string> = {};
  if (headers === undefined) return out;
  const option = where === "client" ? "the client's `headers`" : "the call's `headers`";
  if (headers === null || typeof headers !== "object" || Array.isArray(headers)) {
    throw new InvalidRequestError(
      "headers",
      `${option} must be an object of header names to values`,
    );
  }
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (!HEADER_NAME.test(name)) {
      throw new InvalidRequestError(
        "headers",
        `${option} has an invalid header name ${JSON.stringify(name)}: use letters, digits and !#$%&'*+.^_\`|~-`,
      );
    }
    if (isForbiddenHeader(name)) {
      throw new InvalidRequestError(
        "headers",
        `${option} sets "${name}", a header fetch does not let a caller set: leave it out (the HTTP client sets it)`,
      );
    }
    // The value is never echoed: it may be a secret (a gateway's key).
    if (typeof value !== "string") {
      throw new InvalidRequestError(
        "headers",
        `${option}: the value of "${name}" must be a string`,
      );
    }
    if (BAD_VALUE_CHAR.test(value)) {
      throw new InvalidRequestError(
        "headers",
        `${option}: the value of "${name}" contains a line break, NUL or a character outside Latin-1`,
      );
    }
    if (!isCredentialHeader(name) || (session && name.toLowerCase() === "cookie")) {
      out[name] = value;
    }
  }
  return out;
}

/** The `Cookie` header among checked caller headers (any casing), if any: a session's identity. */
export function cookieOf(headers: Record<string, string> | undefined): string | undefined {
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() === "cookie") return value;
  }
  return undefined;
}

/** Refuses an API key that cannot be sent in the `Authorization` header. The key is never echoed. */
export function checkApiKeyForHeader(apiKey: string): void {
  if (BAD_VALUE_CHAR.test(apiKey) || /\s/.test(apiKey)) {
    throw new InvalidRequestError(
      "apiKey",
      "apiKey contains whitespace, a line break, NUL or a character outside Latin-1: check how it was read (a trailing newline from a file?)",
    );
  }
}
