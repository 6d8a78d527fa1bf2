/**
 * The one ticket of the approval gate, and its one codec, key option and spent set. A ticket
 * binds a person's answer to what they were shown:
 * - `"step"`: a framework's approval step (kept in a `RunState`, a checkpointer or a review
 *   store): tool, item, tool call id, argument digest, text digest;
 * - `"ask"`: an MCP form's `requestState`: tool, item, text digest, a nonce; ten minutes;
 * - `"card"`: a review card's token: item, text digest, the call's proposal, a nonce and the
 *   process that minted it; ten minutes.
 * Only the gate (`gate.ts`) mints one, through this codec: HMAC-SHA256 with the platform's Web
 * Crypto, in the wire form `v1.<payload>.<mac>`, both base64url. A ticket that was edited, moved
 * to another call or item, signed under another key, expired or already spent is no approval.
 * `"ask"` and `"card"` tickets decide once: the spent set is this process's, or a shared store's
 * (`postline mcp --redis`); without a shared store only the process that minted a card ticket
 * accepts it.
 */
import { InvalidRequestError } from "../../core/errors/local-errors.js";
import type { ContentReview } from "../../resources/content/review.js";
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

/** A review as a person was shown it, with the ticket that binds it to one tool call. */
export interface SignedReview extends ContentReview {
  /** HMAC-signed: tool, item, tool call id, argument digest and text digest. */
  readonly ticket: string;
}

/** Why a ticket was refused: a fixed reason, never its content. */
export type TicketFault = "invalid" | "expired" | "other_process";

/** How long an `"ask"` or `"card"` ticket stays answerable: ten minutes. */
const TICKET_TTL_SECONDS = 600;
/** HMAC-SHA256 keys shorter than this are refused. */
const MIN_KEY_BYTES = 32;
/** A ticket longer than this is refused unread: nothing the gate signs comes near it. */
const MAX_TICKET_CHARS = 64 * 1024;
const VERSION = "v1";
/** Signed with every ticket, so that a key given for tickets signs nothing else's values. */
const PURPOSE = "approvalTicket";

/** Mints, opens and spends tickets under one key. */
export interface TicketCodec {
  /** The signed wire form; an `"ask"` or `"card"` ticket gets a nonce, its origin and an expiry. */
  mint(ticket: Ticket): Promise<string>;
  /** The ticket, when this codec signed it for `scope` and it has not expired. */
  open(token: unknown, scope: TicketScope): Promise<Ticket | { readonly fault: TicketFault }>;
  /** Marks an `"ask"` or `"card"` ticket spent; `false` when it already decided once. */
  spend(ticket: Ticket): Promise<boolean>;
}

// One random key per process: codecs built apart in one process verify each other's tickets.
let processKey: Uint8Array<ArrayBuffer> | undefined;

/**
 * The key bytes of a `requestStateKey` option (a string or bytes of at least 32 bytes), or this
 * process's random key when none is given; a bad key is an `InvalidRequestError` naming it.
 */
function signingKeyOf(key: unknown): Uint8Array<ArrayBuffer> {
  if (key === undefined) {
    processKey ??= globalThis.crypto.getRandomValues(new Uint8Array(MIN_KEY_BYTES));
    return processKey;
  }
  const bytes =
    typeof key === "string"
      ? new TextEncoder().encode(key)
      : key instanceof Uint8Array
        ? key
        : undefined;
  if (bytes === undefined || bytes.length < MIN_KEY_BYTES) {
    throw new InvalidRequestError(
      "requestStateKey",
      `requestStateKey must be a string or Uint8Array of at least ${MIN_KEY_BYTES} bytes`,
    );
  }
  return new Uint8Array(bytes);
}

/** The ticket codec for a key, and where spent tickets are kept (default: this process). */
export function ticketCodec(
  key: unknown,
  spent: SpentTickets = SPENT_IN_THIS_PROCESS,
): TicketCodec {
  const cryptoKey = globalThis.crypto.subtle.importKey(
    "raw",
    signingKeyOf(key),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
  const signed = (body: string) => new TextEncoder().encode(`${PURPOSE}\0${body}`);
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  return {
    async mint(ticket) {
      const brief = ticket.scope !== "step";
      const payload = brief
        ? { ...ticket, nonce: globalThis.crypto.randomUUID(), origin: thisProcess() }
        : ticket;
      const expires = brief ? nowSeconds() + TICKET_TTL_SECONDS : undefined;
      const body = toBase64Url(
        new TextEncoder().encode(JSON.stringify({ p: payload, e: expires })),
      );
      const mac = await globalThis.crypto.subtle.sign("HMAC", await cryptoKey, signed(body));
      return `${VERSION}.${body}.${toBase64Url(new Uint8Array(mac))}`;
    },
    async open(token, scope) {
      if (typeof token !== "string" || token.length > MAX_TICKET_CHARS) return { fault: "invalid" };
      const [version, body, mac, ...rest] = token.split(".");
      if (version !== VERSION || body === undefined || mac === undefined || rest.length > 0) {
        return { fault: "invalid" };
      }
      const key = await cryptoKey;
      let envelope: { p?: Ticket; e?: number | null };
      try {
        const macBytes = fromBase64Url(mac);
        if (!(await globalThis.crypto.subtle.verify("HMAC", key, macBytes, signed(body)))) {
          return { fault: "invalid" };
        }
        envelope = JSON.parse(new TextDecoder().decode(fromBase64Url(body)));
      } catch {
        return { fault: "invalid" }; // not base64url, or not JSON
      }
      if (typeof envelope.e === "number" && envelope.e < nowSeconds()) return { fault: "expired" };
      const ticket = envelope.p;
      if (ticket?.scope !== scope || typeof ticket.textDigest !== "string") {
        return { fault: "invalid" };
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

function toBase64Url(bytes: Uint8Array): string {
  const binary = String.fromCharCode(...bytes);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The bytes of base64url text; throws on any other text, or a length no base64 has. */
function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  // atob would skip whitespace: only the base64url alphabet is a ticket's.
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new SyntaxError("not base64url");
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
