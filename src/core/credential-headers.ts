/**
 * The headers that carry a credential: the one list both directions use. The transport drops
 * them from a caller's `headers` (the client's own key is the only credential it sends), and
 * redaction drops them from every response's headers kept on an error or shown to a hook.
 *
 * `x-api-key` is not here on purpose: Postline never reads it, and a gateway in front of the
 * service may need the caller to send one. Its value, like every header's, is still scrubbed of
 * the token by the redactor.
 */
export const CREDENTIAL_HEADERS: ReadonlySet<string> = new Set([
  // The bearer token (api-v1.md §5 rule 1).
  "authorization",
  // The same credential aimed at a proxy.
  "proxy-authorization",
  // A logged-in browser session, also accepted on v1 routes (api-v1.md §5 rule 1).
  "cookie",
  // A session the service hands out; never kept on an error.
  "set-cookie",
]);

/** Whether a header name (any casing) is in {@link CREDENTIAL_HEADERS}. */
export function isCredentialHeader(name: string): boolean {
  return CREDENTIAL_HEADERS.has(name.toLowerCase());
}
