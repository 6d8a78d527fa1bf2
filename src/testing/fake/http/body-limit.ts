/**
 * The largest request body the fake reads. api-v1.md names no cap; without one, a 20 MB draft
 * was stored and echoed on every later list page holding it. 1 MiB is far above any body the
 * contract describes (a post, a brand profile) and keeps one request from filling memory.
 * Listed in docs/testing.md.
 */

import { RPC_ERROR, rpcRefusal, rpcResponse } from "../../hosted-mcp/json-rpc.js";
import { ApiFailure, type FakeResponse } from "./fake-response.js";

/** The cap, in bytes of UTF-8. */
export const MAX_REQUEST_BODY_BYTES = 1_048_576;

/** The body's size when it is over {@link MAX_REQUEST_BODY_BYTES}, else `undefined`. */
export function oversizeBytes(bodyText: string): number | undefined {
  // Most bodies are far below: skip the byte count (at most 3 bytes a UTF-16 unit).
  if (bodyText.length * 3 <= MAX_REQUEST_BODY_BYTES) return undefined;
  // TextEncoder, not Buffer: the fake also runs in browsers (msw).
  const bytes = new TextEncoder().encode(bodyText).length;
  return bytes > MAX_REQUEST_BODY_BYTES ? bytes : undefined;
}

/**
 * The refusal of an oversize body: REST gets 400 `validation_error` naming `body` (the contract's
 * envelope); the MCP endpoint gets HTTP 413 with a JSON-RPC error carrying that envelope in `data`.
 */
export function oversizeResponse(bytes: number, { mcp }: { mcp: boolean }): FakeResponse {
  const message = `The request body is ${bytes} bytes; the fake reads at most ${MAX_REQUEST_BODY_BYTES} (1 MiB)`;
  const failure = new ApiFailure("validation_error", message, { param: "body" });
  if (!mcp) return failure.toResponse();
  return rpcResponse(413, rpcRefusal(null, RPC_ERROR.invalidRequest, failure));
}
