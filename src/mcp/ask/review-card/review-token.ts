/**
 * The review token of the card: what a person's decision is bound to. It names the item, the
 * digest of the text the card shows and the decision's scope, expires with the signing codec
 * (ten minutes), and is signed with the same key as the acknowledgment round's `requestState`
 * (`../request-state.ts`, the one place this file reaches the signing). It is meant to travel
 * only in a result's `_meta["io.postline/reviewToken"]`, which hosts hand the card and not the
 * model.
 */
import type { RequestStateCodec } from "@modelcontextprotocol/server";
import { type AcknowledgmentState, STATE_TTL_SECONDS } from "../request-state.js";

/** The `_meta` key that carries the token to the card. */
export const REVIEW_TOKEN_META_KEY = "io.postline/reviewToken";

/** The scope a review token is signed for: a decision of the card, never a tool's question. */
const REVIEW_SCOPE = "decide_review";

/** The channel and time the model's gated call proposed: the card shows and keeps them. */
export interface Proposal {
  readonly channelId?: string;
  readonly channelName?: string;
  readonly scheduledAt?: string;
  readonly publishNow?: true;
}

/** What a valid token binds: this item, this text, and the call's proposal. */
export interface ReviewBinding {
  readonly itemId: string;
  readonly textDigest: string;
  readonly proposal?: Proposal | undefined;
}

/** Why a token was refused, as the decision's answer says it. */
export type TokenRefusal = "missing" | "invalid" | "expired" | "other_item" | "spent";

/**
 * Signs a token for the text the card is about to show. A random `nonce` makes each token one of
 * its kind: two cards opened on the same text in the same second get different tokens, so one
 * spent by a decision never refuses the other.
 */
export function mintReviewToken(
  codec: RequestStateCodec<AcknowledgmentState>,
  binding: ReviewBinding,
): Promise<string> {
  const state = { tool: REVIEW_SCOPE, ...binding, nonce: crypto.randomUUID() };
  return codec.mint(state);
}

/**
 * Checks a token for a decision on `itemId`: its signature, its expiry, its scope (a signed
 * acknowledgment `requestState` is not a review token) and its item. The text is checked
 * against the item as it stands, by the caller.
 */
export async function checkReviewToken(
  verify: (token: string) => Promise<AcknowledgmentState>,
  token: unknown,
  itemId: string,
): Promise<ReviewBinding | { readonly refused: TokenRefusal }> {
  if (typeof token !== "string" || token === "") return { refused: "missing" };
  let bound: Partial<AcknowledgmentState> | null;
  try {
    bound = await verify(token);
  } catch (error) {
    return { refused: (error as Error).message === "expired" ? "expired" : "invalid" };
  }
  if (bound?.tool !== REVIEW_SCOPE || typeof bound.textDigest !== "string") {
    return { refused: "invalid" };
  }
  if (bound.itemId !== itemId) return { refused: "other_item" };
  const { proposal } = bound as { proposal?: Proposal };
  return { itemId, textDigest: bound.textDigest, ...(proposal === undefined ? {} : { proposal }) };
}

/**
 * The tokens of one server that have decided already: a token decides once, so a decision cannot
 * be sent again (or reversed) with the token of one the person already made. Each is kept until
 * it would have expired anyway.
 */
export class SpentReviewTokens {
  readonly #spentUntil = new Map<string, number>();
  readonly #now: () => number;

  constructor({ now = Date.now }: { readonly now?: () => number } = {}) {
    this.#now = now;
  }

  /** Marks `token` spent; `false` when it was already. */
  spend(token: string): boolean {
    const now = this.#now();
    for (const [spent, until] of this.#spentUntil) if (until <= now) this.#spentUntil.delete(spent);
    if (this.#spentUntil.has(token)) return false;
    this.#spentUntil.set(token, now + STATE_TTL_SECONDS * 1000);
    return true;
  }
}
