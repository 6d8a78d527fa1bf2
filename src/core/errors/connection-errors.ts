import { nameClass, PostlineError } from "./postline-error.js";

/**
 * What a connection failure is built from: its fields, as the class documents them, `cause`
 * (the underlying failure, scrubbed of the token) and `message`, to override the default one.
 */
interface APIConnectionErrorInit
  extends Pick<APIConnectionError, "method" | "url" | "retryable">,
    Partial<Pick<APIConnectionError, "callId">> {
  readonly message?: string;
  readonly cause?: unknown;
}

/**
 * No HTTP response arrived: the connection was refused, dropped, or reset. `cause` keeps the
 * runtime's own error (scrubbed of the token). A write that fails this way may or may not have
 * reached the service, so the SDK does not resend it.
 */
export class APIConnectionError extends PostlineError {
  /** The request method, e.g. `POST`. */
  readonly method: string;
  /** The request URL (never holds a secret). */
  readonly url: string;
  /** Whether the SDK retries this failure automatically for this method (docs/retries.md). */
  readonly retryable: boolean;
  /**
   * The id of the SDK call that failed, as its hook events and log lines carry it
   * (docs/observability.md). `undefined` only for an error built by hand.
   */
  readonly callId: string | undefined;

  constructor(init: APIConnectionErrorInit) {
    super(
      init.message ?? `Connection error on ${init.method} ${init.url}`,
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.method = init.method;
    this.url = init.url;
    this.retryable = init.retryable;
    this.callId = init.callId;
  }
}
nameClass(APIConnectionError, "APIConnectionError");

/** What an {@link APITimeoutError} is built from: a connection failure's, and `timeoutMs`. */
interface APITimeoutErrorInit extends APIConnectionErrorInit {
  readonly timeoutMs: number;
}

/** An attempt took longer than `timeout` milliseconds and was abandoned. */
export class APITimeoutError extends APIConnectionError {
  /** The per-attempt limit that was reached, in milliseconds. */
  readonly timeoutMs: number;

  constructor(init: APITimeoutErrorInit) {
    super({
      ...init,
      message:
        init.message ??
        `${init.method} ${init.url} timed out after ${init.timeoutMs} ms (per-attempt timeout)`,
    });
    this.timeoutMs = init.timeoutMs;
  }
}
nameClass(APITimeoutError, "APITimeoutError");

/**
 * What an {@link APIUserAbortError} is built from: its fields, as the class documents them, and
 * `cause`, the signal's reason, scrubbed of the token.
 */
type APIUserAbortErrorInit = Pick<APIConnectionErrorInit, "method" | "url" | "cause" | "callId">;

/** The caller's `AbortSignal` aborted the request. `cause` is the signal's reason. */
export class APIUserAbortError extends PostlineError {
  /** The request method, e.g. `GET`. */
  readonly method: string;
  /** The request URL (never holds a secret). */
  readonly url: string;
  /**
   * The id of the SDK call that was aborted, as its hook events and log lines carry it
   * (docs/observability.md). `undefined` only for an error built by hand.
   */
  readonly callId: string | undefined;

  constructor(init: APIUserAbortErrorInit) {
    super(
      `${init.method} ${init.url} was aborted by the caller's signal`,
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.method = init.method;
    this.url = init.url;
    this.callId = init.callId;
  }
}
nameClass(APIUserAbortError, "APIUserAbortError");
