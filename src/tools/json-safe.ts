import { createRedactor, type Redactor, redactDeep } from "../core/redact.js";
import type { JsonObject } from "./json-schema.js";

// No client token is at hand here, so every string shaped like a token or bearer credential goes.
const redactTokens = createRedactor(undefined);

/**
 * Turns an SDK value into plain JSON a model can read: `Date`s become ISO strings, class
 * instances become their own fields, `undefined` disappears, and anything shaped like an API
 * token is redacted, as is what `redact` scrubs (the client's own key: see `resultRedactorOf`).
 */
export function toJsonSafe(value: unknown, redact: Redactor = redactTokens): JsonObject {
  const plain: unknown = JSON.parse(JSON.stringify(value ?? {}));
  const object =
    plain !== null && typeof plain === "object" && !Array.isArray(plain)
      ? plain
      : { result: plain };
  return redactDeep(object as JsonObject, redact);
}
