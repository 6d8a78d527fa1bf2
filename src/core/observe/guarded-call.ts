/**
 * Calls into code the caller gave the client (a hook, a logger, a tracer) that must never change
 * what a call does. A throw is caught, and so is a returned promise that rejects (an `async` hook):
 * left alone, that rejection would be unhandled and end a Node process with exit code 1.
 */

/**
 * Runs `fn` and returns what it returned (or `undefined` when it threw). A throw, or the rejection
 * of a returned promise, goes to `onFailure`, which is itself guarded.
 */
export function callGuarded<T>(fn: () => T, onFailure: (error: unknown) => void): T | undefined {
  const report = (error: unknown) => {
    try {
      onFailure(error);
    } catch {
      // The failure report failed too (a logger that throws): nothing is left to tell.
    }
  };
  let result: T;
  try {
    result = fn();
  } catch (error) {
    report(error);
    return undefined;
  }
  if (isThenable(result)) {
    // A handler attached, so the rejection is handled; the promise itself is not awaited.
    Promise.resolve(result).then(undefined, report);
  }
  return result;
}

export function thrownMessage(error: unknown): string {
  try {
    return error instanceof Error ? String(error.message) : String(error);
  } catch {
    return "(unprintable value)";
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  if ((typeof value !== "object" && typeof value !== "function") || value === null) return false;
  try {
    return typeof (value as { then?: unknown }).then === "function";
  } catch {
    return false;
  }
}
