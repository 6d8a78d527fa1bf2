import { nameClass, PostlineError } from "./postline-error.js";

/** What a connection failure is built from. */
export interface APIConnectionErrorInit {
  /** Overrides the default message. */
  readonly message?: string;
  /** The request method. */
  readonly method: string;
  /** The request URL (no secrets). */
  readonly url: string;
  /** The underlying failure, scrubbed of the token. */
  readonly cause?: unknown;
  /** Whether the SDK's policy retries this failure for this method. */
  readonly retryable: boolean;
}

/**
 * No HTTP response arrived: the connection was refused, dropped, or reset. `cause` keeps the
 * runtime's own error (scrubbed of the token). A write that fails this way may or may not have
 * reached the service, so the SDK does not resend it.
 */
export class APIConnectionError extends PostlineError {
  /** The request method, e.g. `POST`. */
  declare readonly method: string;
  /** The request URL (never holds a secret). */
  declare readonly url: string;
  /** Whether the SDK retries this failure automatically for this method (docs/retries.md). */
  declare readonly retryable: boolean;

  constructor(init: APIConnectionErrorInit) {
    const { message, cause, ...fields } = init;
    super(
      message ?? `Connection error on ${init.method} ${init.url}`,
      cause === undefined ? undefined : { cause },
    );
    // Subclasses' fields (`timeoutMs`) come along.
    Object.assign(this, fields);
  }
}
nameClass(APIConnectionError, "APIConnectionError");

/** An attempt took longer than `timeout` milliseconds and was abandoned. */
export class APITimeoutError extends APIConnectionError {
  /** The per-attempt limit that was reached, in milliseconds. */
  declare readonly timeoutMs: number;

  constructor(init: APIConnectionErrorInit & { readonly timeoutMs: number }) {
    super({
      ...init,
      message:
        init.message ??
        `${init.method} ${init.url} timed out after ${init.timeoutMs} ms (per-attempt timeout)`,
    });
  }
}
nameClass(APITimeoutError, "APITimeoutError");

/** The caller's `AbortSignal` aborted the request. `cause` is the signal's reason. */
export class APIUserAbortError extends PostlineError {
  constructor(init: { readonly method: string; readonly url: string; readonly cause?: unknown }) {
    super(
      `${init.method} ${init.url} was aborted by the caller's signal`,
      init.cause === undefined ? undefined : { cause: init.cause },
    );
  }
}
nameClass(APIUserAbortError, "APIUserAbortError");
