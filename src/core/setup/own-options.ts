/**
 * The client's options as given: read once, own properties only, into a frozen copy that every
 * later check and use reads. An option inherited from a polluted `Object.prototype`
 * (`allowInsecureHttp`, `fetch`) is never seen, and a getter cannot answer one value to the check
 * and another to the use.
 */

import { InvalidRequestError } from "../errors/local-errors.js";
import type { PostlineOptions } from "./client-options.js";

/** The options the client reads, as their own frozen copy; `undefined` is no options. */
export function ownOptions(options: unknown): Readonly<PostlineOptions> {
  if (options === undefined) return Object.freeze(ownCopy({}));
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw new InvalidRequestError(
      "options",
      `options must be an object of client options, e.g. new Postline({ apiKey }); got ${options === null ? "null" : Array.isArray(options) ? "an array" : typeof options}`,
    );
  }
  const copy = ownCopy(options);
  // The nested option objects are read the same way; what they hold (a store, a hook) is kept as is.
  for (const name of ["rateLimit", "hooks"]) {
    const value = copy[name];
    if (value !== null && typeof value === "object") copy[name] = Object.freeze(ownCopy(value));
  }
  return Object.freeze(copy) as Readonly<PostlineOptions>;
}

/** Each own enumerable property of `source`, read once, on an object with no prototype. */
function ownCopy(source: object): Record<string, unknown> {
  const copy: Record<string, unknown> = Object.create(null);
  for (const name of Object.keys(source)) copy[name] = (source as Record<string, unknown>)[name];
  return copy;
}
