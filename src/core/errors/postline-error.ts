import { errorToJson } from "./error-json.js";

/**
 * Gives a class a fixed `name` on its prototype, so `err.name` is right even after minification
 * and stays out of `JSON.stringify(err)`. Each class is named right after its declaration, its
 * name written out. `@postline/sdk/tools` reads these prototype names to recognise the SDK's
 * errors across bundled copies.
 */
export function nameClass(target: abstract new (...args: any[]) => Error, name: string): void {
  Object.defineProperty(target, "name", { value: name, configurable: true });
  // Like Error.prototype.name: writable, configurable, not enumerable (defineProperty's default).
  Object.defineProperty(target.prototype, "name", {
    value: name,
    configurable: true,
    writable: true,
  });
}

/**
 * The root of every error the SDK throws: `err instanceof PostlineError` tells an SDK failure
 * from anything else.
 *
 * @example
 * ```ts
 * try {
 *   await client.content.get(id);
 * } catch (err) {
 *   if (err instanceof PostlineError) console.error(err.name, err.message);
 * }
 * ```
 */
export class PostlineError extends Error {
  /**
   * What `JSON.stringify(err)` writes, for log lines: `name`, `message`, the error's fields
   * (`code`, `status`, `callId`, `method`, `url`, `retryAfterSeconds`, ...), `headers` as a plain
   * object, and the `cause`'s name and message; anything shaped like a token is scrubbed. The
   * stack is left out.
   */
  toJSON(): Record<string, unknown> {
    return errorToJson(this);
  }
}
nameClass(PostlineError, "PostlineError");
