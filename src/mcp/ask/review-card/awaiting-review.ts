/**
 * Where the card's review token travels: only in a result's `_meta["io.postline/reviewToken"]`,
 * which hosts hand the card and not the model. The token is the gate's `"card"` ticket
 * (`tools/approval/approval-ticket.ts`).
 */

/** The `_meta` key that carries the token to the card. */
export const REVIEW_TOKEN_META_KEY = "io.postline/reviewToken";
