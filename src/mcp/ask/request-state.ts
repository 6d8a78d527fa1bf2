/**
 * The signed `requestState` of an acknowledgment question (2026-07-28 multi round-trip, and the
 * SDK's in-process rounds for 2025 clients): it names the tool, the item and the digest of the
 * text the person is shown, and comes back through the host, so it is HMAC-signed and checked
 * before the tool runs again. It is signed by the approval gate's one codec
 * (`tools/approval/signed-state.ts`), with the same key handling as every other face.
 */
import type { RequestStateCodec } from "@modelcontextprotocol/server";
import { signedStateCodec } from "../../tools/approval/signed-state.js";

/** What a question binds: a person's answer counts for this tool, item and text only. */
export interface AcknowledgmentState {
  readonly tool: string;
  readonly itemId: string;
  readonly textDigest: string;
}

/** How long a question (or a review card's token) stays answerable: ten minutes. */
export const STATE_TTL_SECONDS = 600;

/**
 * The codec signing and checking question state, keyed by `key` or this process's own key. A
 * key shorter than 32 bytes is an `InvalidRequestError` naming `requestStateKey`. `verify`
 * throws a fixed reason (`malformed`, `mac`, `expired`) and never the state's content.
 */
export function acknowledgmentStateCodec(
  key: string | Uint8Array | undefined,
): RequestStateCodec<AcknowledgmentState> {
  const codec = signedStateCodec<AcknowledgmentState>(key, {
    purpose: "requestState",
    ttlSeconds: STATE_TTL_SECONDS,
  });
  return {
    mint: (state) => codec.mint(state),
    verify: async (state) => {
      const opened = await codec.open(state);
      if ("fault" in opened) throw new Error(opened.fault);
      return opened.payload;
    },
  };
}
