import ky, { type KyInstance } from "ky";

/**
 * The one ky instance of a client: the leanest set-up measured (docs/performance.md), with no
 * retry, timeout or hooks of ky's own, a complete URL per call, and the credential among the
 * instance's default `headers`. `session` sends the browser's cookies (`credentials: "include"`).
 */
export function createKyInstance(
  fetch: typeof globalThis.fetch | undefined,
  headers: Record<string, string>,
  session: boolean,
): KyInstance {
  // Resolved per request: msw and other test tools patch globalThis.fetch after clients exist.
  // The attempt's deadline signal arrives as `attemptSignal` (see sendAttempt) and is the
  // signal fetch gets.
  const lazyFetch: typeof globalThis.fetch = (input, init) => {
    const { attemptSignal, ...fetchInit } = (init ?? {}) as RequestInit & {
      attemptSignal?: AbortSignal;
    };
    // `fetchInit` is a fresh object: set the signal on it rather than copy it again.
    if (attemptSignal) fetchInit.signal = attemptSignal;
    return (fetch ?? globalThis.fetch)(input, fetchInit);
  };
  return ky.create({
    retry: 0,
    timeout: false,
    throwHttpErrors: false,
    fetch: lazyFetch,
    headers,
    ...(session ? { credentials: "include" as const } : {}),
  });
}
