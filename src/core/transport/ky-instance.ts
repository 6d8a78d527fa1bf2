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

/** Sets the attempt's signal on `options`, a fresh object per attempt. */
export function withAttemptSignal(options: Options, signal: AbortSignal): void {
  (options as Options & AttemptSignalOption).attemptSignal = signal;
}

/*
 * The SDK's own headers go on the `Request` ky built, beside ky rather than through it. ky merges
 * an instance's default headers into every call's options and copies them through three `Headers`
 * objects before its `Request` (docs/performance.md, "Per call"); set on the `Request`, each is
 * checked once. The caller's client-level `headers` stay ky's defaults, under a call's own.
 */

/** What {@link createKyInstance} builds the instance from. */
interface KyInstanceOptions {
  /** The client's `fetch`; `undefined` for the global one, looked up at each request. */
  readonly fetch: typeof globalThis.fetch | undefined;
  /** The caller's client-level headers, checked: ky's defaults, which a call's headers override. */
  readonly callerHeaders: Record<string, string>;
  /** Lower-case names: under the client's headers and a call's (`accept`). */
  readonly defaultHeaders: Record<string, string>;
  /** Lower-case names: over the client's headers, under a call's (`x-postline-sdk`). */
  readonly sdkHeaders: Record<string, string>;
  /** Lower-case names: the credential (`authorization`), over every other header. */
  readonly credentialHeaders: Record<string, string>;
  /** Sends the browser's cookies (`credentials: "include"`). */
  readonly session: boolean;
}

/**
 * The one ky instance of a client: the leanest set-up measured (docs/performance.md), with no
 * retry, timeout or hooks of ky's own, a complete URL per call, and the SDK's headers and the
 * credential set on each `Request` ky hands to `fetch`.
 */
export function createKyInstance(options: KyInstanceOptions): KyInstance {
  const { fetch, callerHeaders, defaultHeaders, sdkHeaders, credentialHeaders, session } = options;
  // A client-level value of an SDK header was always overridden: it never reaches ky.
  const kyHeaders = Object.fromEntries(
    Object.entries(callerHeaders).filter(
      ([name]) => !Object.hasOwn(sdkHeaders, name.toLowerCase()),
    ),
  );
  // Worked out once: the headers a request gets unless it carries its own, and the credential.
  const unlessSet = Object.entries({ ...defaultHeaders, ...sdkHeaders });
  const always = Object.entries(credentialHeaders);
  // Resolved per request: msw and other test tools patch globalThis.fetch after clients exist.
  const lazyFetch: typeof globalThis.fetch = (input, init) => {
    const { attemptSignal, ...fetchInit } = (init ?? {}) as RequestInit & AttemptSignalOption;
    // `fetchInit` is a fresh object: set the signal on it rather than copy it again.
    if (attemptSignal) fetchInit.signal = attemptSignal;
    // ky always hands `fetch` the `Request` it built, with the client's and the call's headers.
    const { headers } = input as Request;
    for (const [name, value] of unlessSet) if (!headers.has(name)) headers.set(name, value);
    for (const [name, value] of always) headers.set(name, value);
    return (fetch ?? globalThis.fetch)(input, fetchInit);
  };
  return ky.create({
    retry: 0,
    timeout: false,
    throwHttpErrors: false,
    fetch: lazyFetch,
    ...(Object.keys(kyHeaders).length > 0 ? { headers: kyHeaders } : {}),
    ...(session ? { credentials: "include" as const } : {}),
  });
}
