/**
 * The one ticket of the approval gate, and its one codec, key option and spent set. A ticket
 * binds a person's answer to what they were shown:
 * - `"step"`: a framework's approval step (kept in a `RunState`, a checkpointer or a review
 *   store): tool, item, tool call id, argument digest, text digest;
 * - `"ask"`: an MCP form's `requestState`: tool, item, text digest, a nonce; ten minutes;
 * - `"card"`: a review card's token: item, text digest, the call's proposal, a nonce and the
 *   process that minted it; ten minutes.
 * Only the gate (`gate.ts`) mints one, through this codec. A ticket that was edited, moved to another call or item, signed
 * under another key, expired or already spent is no approval. `"ask"` and `"card"` tickets decide
 * once: the spent set is this process's, or a shared store's (`postline mcp --redis`); without a
 * shared store only the process that minted a card ticket accepts it.
 */
import { type ContentReview, textDigest } from "../../resources/content/review.js";
import type { DecodedToolCall } from "../decode-tool-call.js";
import { signedStateCodec } from "./signed-state.js";
import { SPENT_IN_THIS_PROCESS, type SpentTickets, thisProcess } from "./spent-tickets.js";

type TicketScope = "ask" | "card" | "step";

/** The channel and time a gated call proposed: the card shows and keeps them. */
export interface Proposal {
  readonly channelId?: string;
  readonly channelName?: string;
  readonly scheduledAt?: string;
  readonly publishNow?: true;
}

/** What a ticket binds. */
export interface Ticket {
  readonly scope: TicketScope;
  readonly tool: string;
  readonly itemId: string;
  readonly textDigest: string;
  readonly argsDigest?: string | undefined;
  readonly callId?: string | undefined;
  readonly nonce?: string | undefined;
  readonly origin?: string | undefined;
  readonly proposal?: Proposal | undefined;
}

/** How long an `"ask"` or `"card"` ticket stays answerable: ten minutes. */
const TICKET_TTL_SECONDS = 600;

/** Why a ticket was refused: a fixed reason, never its content. */
type TicketFault = "malformed" | "mac" | "expired" | "scope" | "spent" | "other_process";

/** Mints, opens and spends tickets under one key. */
export interface TicketCodec {
  mint(ticket: Ticket): Promise<string>;
  /** The ticket, when this codec signed it for `scope` and it has not expired. */
  open(token: unknown, scope: TicketScope): Promise<Ticket | { readonly fault: TicketFault }>;
  /** Marks an `"ask"` or `"card"` ticket spent; `false` when it already decided once. */
  spend(ticket: Ticket): Promise<boolean>;
}

/**
 * The ticket codec for a key (`requestStateKey`: a string or bytes of at least 32 bytes, or this
 * process's random key), and where spent tickets are kept (default: this process).
 */
export function ticketCodec(
  key: unknown,
  spent: SpentTickets = SPENT_IN_THIS_PROCESS,
): TicketCodec {
  const lasting = signedStateCodec<Ticket>(key, { purpose: "approvalTicket" });
  const brief = signedStateCodec<Ticket>(key, {
    purpose: "approvalTicket",
    ttlSeconds: TICKET_TTL_SECONDS,
  });
  return {
    mint(ticket) {
      if (ticket.scope === "step") return lasting.mint(ticket);
      const nonce = globalThis.crypto.randomUUID();
      return brief.mint({ ...ticket, nonce, origin: thisProcess() });
    },
    async open(token, scope) {
      const opened = await (scope === "step" ? lasting : brief).open(token);
      if ("fault" in opened) return opened;
      const ticket = opened.payload;
      if (ticket?.scope !== scope || typeof ticket.textDigest !== "string") {
        return { fault: "scope" };
      }
      // Without a shared spent set, another process cannot know whether it decided already.
      if (scope === "card" && ticket.origin !== thisProcess() && !spent.shared) {
        return { fault: "other_process" };
      }
      return ticket;
    },
    spend: (ticket) =>
      ticket.nonce === undefined
        ? Promise.resolve(false)
        : spent.spend(`${ticket.scope}:${ticket.nonce}`, TICKET_TTL_SECONDS),
  };
}

/** A review as a person was shown it, with the ticket that binds it to one tool call. */
export interface SignedReview extends ContentReview {
  /** HMAC-signed: tool, item, tool call id, argument digest and text digest. */
  readonly ticket: string;
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
  const bound = await codec.open(ticket, "step");
  if ("fault" in bound) return undefined;
  const digest = await textDigest(text);
  if (
    bound.tool !== call.name ||
    bound.itemId !== call.itemId ||
    bound.callId !== callId ||
    bound.argsDigest !== call.argumentDigest ||
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
