/**
 * The JSON-RPC error codes of the two refusals api-v1.md §7 says arrive as JSON-RPC errors rather
 * than tool results. The contract shows only `error.data`; these numbers are this SDK's choice
 * (in the range JSON-RPC leaves to servers), shared by `createMcpServer` and the fake.
 * No import from the MCP SDK: the fake reads this file without loading it.
 */
export const MCP_REFUSAL_CODES = {
  /** A credential failure: `error.data.code` is `missing_authorization` or `invalid_api_key`. */
  unauthorized: -32010,
  /** A rate-limit refusal before the tool ran: `error.data.retryAfterSeconds` says how long. */
  rateLimited: -32029,
} as const;

/** The §7 codes that are credential failures. */
export const CREDENTIAL_FAILURE_CODES: ReadonlySet<string> = new Set([
  "missing_authorization",
  "invalid_api_key",
]);
