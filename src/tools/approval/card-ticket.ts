/**
 * The review card's ticket (its review token): what a person's decision in the card is bound to.
 * It names the item, the digest of the text the card shows and the proposal of the gated call,
 * expires after ten minutes, and decides once.
 */
import type { Proposal, TicketCodec } from "./approval-ticket.js";

/** What a valid card ticket binds: this item, this text, the call's proposal. */
export interface ReviewBinding {
  readonly itemId: string;
  readonly textDigest: string;
  readonly proposal?: Proposal | undefined;
}

/** Why a card ticket was refused, as the decision's answer says it. */
export type TokenRefusal =
  | "missing"
  | "invalid"
  | "expired"
  | "other_item"
  | "other_process"
  | "spent";

/**
 * Checks a card ticket for a decision on `itemId` and spends it: its signature, expiry, scope,
 * item, origin (without a shared spent set, only the minting process accepts it) and that it
 * never decided before. The text is checked against the item as it stands, by the caller.
 */
export async function spendCardTicket(
  codec: TicketCodec,
  token: unknown,
  itemId: string,
): Promise<ReviewBinding | { readonly refused: TokenRefusal }> {
  if (typeof token !== "string" || token === "") return { refused: "missing" };
  const opened = await codec.open(token, "card");
  if ("fault" in opened) {
    const { fault } = opened;
    return { refused: fault === "expired" || fault === "other_process" ? fault : "invalid" };
  }
  if (opened.itemId !== itemId) return { refused: "other_item" };
  if (!(await codec.spend(opened))) return { refused: "spent" };
  const { textDigest, proposal } = opened;
  return { itemId, textDigest, ...(proposal === undefined ? {} : { proposal }) };
}
