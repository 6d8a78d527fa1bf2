/**
 * Where the card's review token travels: only in a result's `_meta["io.postline/reviewToken"]`,
 * which hosts hand the card and not the model. Its own file, so the card's browser bundle takes
 * the key without the server code around it.
 */

/** The `_meta` key that carries the token to the card. */
export const REVIEW_TOKEN_META_KEY = "io.postline/reviewToken";
