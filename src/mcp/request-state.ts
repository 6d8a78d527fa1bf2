/**
 * The signed `requestState` of an acknowledgment question (2026-07-28 multi round-trip, and the
 * SDK's in-process rounds for 2025 clients): it names the tool, the item and the digest of the
 * text the person is shown, and comes back through the host, so it is HMAC-signed and checked
 * before the tool runs again.
 */
import { createRequestStateCodec, type RequestStateCodec } from "@modelcontextprotocol/server";
import { InvalidRequestError } from "../core/errors/local-errors.js";

/** What a question binds: a person's answer counts for this tool, item and text only. */
export interface AcknowledgmentState {
  readonly tool: string;
  readonly itemId: string;
  readonly textDigest: string;
}

/** How long a question stays answerable: ten minutes, the SDK codec's default. */
const STATE_TTL_SECONDS = 600;
/** HMAC-SHA256 keys shorter than this are refused. */
const MIN_KEY_BYTES = 32;

// One random key per process: servers built per HTTP request must verify each other's state.
let processKey: Uint8Array | undefined;

function keyOf(key: string | Uint8Array | undefined): string | Uint8Array {
  if (key === undefined) {
    processKey ??= globalThis.crypto.getRandomValues(new Uint8Array(MIN_KEY_BYTES));
    return processKey;
  }
  const bytes = typeof key === "string" ? new TextEncoder().encode(key).length : key?.length;
  if (!(typeof key === "string" || key instanceof Uint8Array) || (bytes ?? 0) < MIN_KEY_BYTES) {
    throw new InvalidRequestError(
      "requestStateKey",
      `requestStateKey must be a string or Uint8Array of at least ${MIN_KEY_BYTES} bytes`,
    );
  }
  return key;
}

/** The codec signing and checking question state, keyed by `key` or this process's own key. */
export function acknowledgmentStateCodec(
  key: string | Uint8Array | undefined,
): RequestStateCodec<AcknowledgmentState> {
  return createRequestStateCodec<AcknowledgmentState>({
    key: keyOf(key),
    ttlSeconds: STATE_TTL_SECONDS,
  });
}
