/**
 * The gate's question: the one place that reads a review for a person and mints the ticket that
 * binds their answer to it, and the one text every face shows them.
 */
import type { ContentReview } from "../../resources/content/review.js";
import type { DecodedToolCall } from "../decode-tool-call.js";
import type { ToolClient } from "../tool-client.js";
import { describeMatches } from "./approval-envelopes.js";
import { mintTicket, type SignedReview, type Ticket, type TicketCodec } from "./approval-ticket.js";

/**
 * The review to ask a person about for a decoded gated call, signed for tool call `callId`, or
 * `undefined` when there is nothing to ask (no matches, or the item could not be read: the call
 * itself then reports the failure).
 */
export async function askAbout(
  client: ToolClient,
  call: DecodedToolCall,
  callId: string,
  codec: TicketCodec,
): Promise<SignedReview | undefined> {
  if (call.itemId === undefined) return undefined;
  let review: ContentReview;
  try {
    review = await client.content.review(call.itemId);
  } catch {
    return undefined;
  }
  if (!review.needsAcknowledgment) return undefined;
  return mintTicket(codec, call, callId, review);
}

/** What the person reads on every face: the matches, what approving means, then the exact text. */
export function questionText(review: ContentReview): string {
  return (
    `The text of ${review.itemId} matches AI-writing patterns: ` +
    `${describeMatches(review.aiIsmMatches)}. Approving acknowledges these matches for this ` +
    `exact text only. Approve this exact text?\n\n${review.text}`
  );
}

/** Signs the question of an MCP form (its `requestState`): the tool, the item, the text shown. */
export function mintQuestion(codec: TicketCodec, review: ContentReview, tool: string) {
  return codec.mint({ scope: "ask", tool, itemId: review.itemId, textDigest: review.textDigest });
}

/** Opens an MCP form's `requestState`; throws a fixed reason (never the state's content). */
export async function openQuestion(codec: TicketCodec, state: unknown): Promise<Ticket> {
  const opened = await codec.open(state, "ask");
  if ("fault" in opened) throw new Error(opened.fault);
  return opened;
}
