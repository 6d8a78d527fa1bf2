import { expect } from "vitest";

type ErrorClass<E> = abstract new (...args: never[]) => E;

/**
 * What `run` throws; fails the test when it returns instead. Given `type`, also checks the error
 * is one (`instanceof`) and types it so.
 */
export function thrownBy<E = unknown>(run: () => unknown, type?: ErrorClass<E>): E {
  let outcome: { error: unknown } | undefined;
  try {
    run();
  } catch (error) {
    outcome = { error };
  }
  if (outcome === undefined) return expect.fail("expected a throw, but it returned");
  if (type !== undefined) expect(outcome.error).toBeInstanceOf(type);
  return outcome.error as E;
}

/**
 * What `call` (a promise, or a function that returns one or throws) rejects with; fails the test
 * when it resolves instead. Given `type`, also checks the error is one and types it so.
 */
export async function rejectionOf<E = unknown>(
  call: Promise<unknown> | (() => unknown),
  type?: ErrorClass<E>,
): Promise<E> {
  let outcome: { error: unknown } | undefined;
  try {
    await (typeof call === "function" ? call() : call);
  } catch (error) {
    outcome = { error };
  }
  if (outcome === undefined) return expect.fail("expected a rejection, but it resolved");
  if (type !== undefined) expect(outcome.error).toBeInstanceOf(type);
  return outcome.error as E;
}
