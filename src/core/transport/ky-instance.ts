import ky, { type KyInstance, type Options } from "ky";

/*
 * The attempt's signal goes to `fetch` beside ky, not through it. Handed a `signal`, ky joins it
 * to its own controller's with an `AbortSignal.any` per call, which costs more CPU than the rest
 * of the SDK's own transport work (docs/performance.md, "Per call"). ky passes the options it
 * does not know on to `fetch`, so the two halves are: `withAttemptSignal` puts the signal under
 * `attemptSignal`, and the instance's `fetch` (`createKyInstance`) makes it the request's signal.
 */

/** The option that carries the attempt's signal past ky to `fetch`. */
interface AttemptSignalOption {
  attemptSignal?: AbortSignal | undefined;
}

/** Sets the attempt's signal on `options`, a fresh object per attempt, and returns them. */
export function withAttemptSignal<T extends Options>(options: T, signal: AbortSignal): T {
  (options as T & AttemptSignalOption).attemptSignal = signal;
  return options;
}

/** What {@link createKyInstance} builds the instance from. */
interface KyInstanceOptions {
  /** The client's `fetch`; `undefined` for the global one, looked up at each request. */
  readonly fetch: typeof globalThis.fetch | undefined;
  /** The instance's default headers, the credential among them. */
  readonly headers: Record<string, string>;
  /** Sends the browser's cookies (`credentials: "include"`). */
  readonly session: boolean;
}

/**
 * The one ky instance of a client: the leanest set-up measured (docs/performance.md), with no
 * retry, timeout or hooks of ky's own, a complete URL per call, and the credential among the
 * instance's default `headers`.
 */
export function createKyInstance({ fetch, headers, session }: KyInstanceOptions): KyInstance {
  // Resolved per request: msw and other test tools patch globalThis.fetch after clients exist.
  const lazyFetch: typeof globalThis.fetch = (input, init) => {
    const { attemptSignal, ...fetchInit } = (init ?? {}) as RequestInit & AttemptSignalOption;
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
