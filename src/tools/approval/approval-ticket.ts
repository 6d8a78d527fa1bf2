/**
 * The ticket of a question asked: the review a person was shown, signed over the tool, the item,
 * the tool call id, the call's argument digest and the text digest. Only the approval gate mints
 * one (when it shows the question); the runner only verifies it. A ticket kept in framework state
 * (a `RunState`, a checkpointer, a review store) that was edited, moved to another call or item,
 * or signed under another key is no approval: the call asks again.
 */
import { type ContentReview, textDigest } from "../../resources/content/review.js";
import type { DecodedToolCall } from "../decode-tool-call.js";
import { type SignedStateCodec, signedStateCodec } from "./signed-state.js";

/** A review as a person was shown it, with the ticket that binds it to one tool call. */
export interface SignedReview extends ContentReview {
  /** HMAC-signed: tool, item, tool call id, argument digest and text digest. */
  readonly ticket: string;
}

/** What a ticket binds. */
interface TicketPayload {
  readonly tool: string;
  readonly itemId: string;
  readonly callId: string;
  readonly argumentDigest: string;
  readonly textDigest: string;
}

/** Signs and checks tickets. */
export type TicketCodec = SignedStateCodec<TicketPayload>;

/**
 * The ticket codec for a key (`requestStateKey`: a string or bytes of at least 32 bytes), or this
 * process's random key: then a ticket verifies only in the process that asked.
 */
export function ticketCodec(key: unknown): TicketCodec {
  return signedStateCodec<TicketPayload>(key, { purpose: "approvalTicket" });
}

/** Signs the review shown for `call` (tool call `callId`): what the gate keeps in framework state. */
export async function mintTicket(
  codec: TicketCodec,
  call: DecodedToolCall,
  callId: string,
  review: ContentReview,
): Promise<SignedReview> {
  const ticket = await codec.mint({
    tool: call.name,
    itemId: review.itemId,
    callId,
    argumentDigest: call.argumentDigest,
    textDigest: review.textDigest,
  });
  return {
    itemId: review.itemId,
    text: review.text,
    aiIsmMatches: review.aiIsmMatches.map((match) => ({ ...match })),
    needsAcknowledgment: review.needsAcknowledgment,
    textDigest: review.textDigest,
    ticket,
  };
}

/**
 * The review a person approved for this very call, when `stored` is a ticket this codec signed
 * for the same tool, item, call id and arguments, and its text is the text signed; otherwise
 * `undefined`.
 */
export async function verifiedReview(
  codec: TicketCodec,
  call: DecodedToolCall,
  callId: string | undefined,
  stored: unknown,
): Promise<ContentReview | undefined> {
  if (callId === undefined || call.itemId === undefined) return undefined;
  if (stored === null || typeof stored !== "object") return undefined;
  const { ticket, text, aiIsmMatches } = stored as Partial<SignedReview>;
  if (typeof text !== "string" || !Array.isArray(aiIsmMatches)) return undefined;
  const opened = await codec.open(ticket);
  if ("fault" in opened) return undefined;
  const bound = opened.payload;
  const digest = await textDigest(text);
  if (
    bound.tool !== call.name ||
    bound.itemId !== call.itemId ||
    bound.callId !== callId ||
    bound.argumentDigest !== call.argumentDigest ||
    bound.textDigest !== digest
  ) {
    return undefined;
  }
  return Object.freeze({
    itemId: call.itemId,
    text,
    aiIsmMatches: aiIsmMatches.map((match) => ({ ...match })),
    needsAcknowledgment: true,
    textDigest: digest,
  });
}
