import { nameClass, PostlineError } from "./postline-error.js";

/**
 * The service answered with an error status. Subclasses tell the status (`NotFoundError`, ...)
 * and the envelope's `code` (`ScopeRequiredError`, ...) apart; an unknown `code` becomes the
 * class of its status and keeps its `code`.
 *
 * Subclasses fix `status` or `code` as real fields with literal values: the class is only chosen
 * for a response whose status and code match (`codes.ts`), so the values agree with the response.
 *
 * @example
 * ```ts
 * try {
 *   await client.content.approve(id);
 * } catch (err) {
 *   if (err instanceof APIError) console.error(err.status, err.code, err.message);
 * }
 * ```
 */
export class APIError extends PostlineError {
  /** The HTTP status. */
  readonly status: number;
  /** The envelope's `error.code`, or `unexpected_response` for a body that is not an envelope. */
  readonly code: string;
  /** The response headers (credentials never included). */
  readonly headers: Headers;
  /** The error body as parsed (the envelope), or its text when it was not JSON. */
  readonly body: unknown;
  /** The request method, e.g. `PATCH`. */
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

  /**
   * @param init - One HTTP response and the request it answered: the fields above, and
   * `message`, the envelope's `error.message` or a description of the unexpected body. Written
   * out rather than named, so that `ConstructorParameters<typeof APIError>[0]` is the one name
   * callers need for it.
   */
  constructor(init: {
    readonly status: number;
    readonly code: string;
    readonly message: string;
    readonly headers: Headers;
    readonly body: unknown;
    readonly method: string;
    readonly url: string;
    readonly retryable: boolean;
    readonly callId?: string | undefined;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.headers = init.headers;
    this.body = init.body;
    this.method = init.method;
    this.url = init.url;
    this.retryable = init.retryable;
    this.callId = init.callId;
  }
}
nameClass(APIError, "APIError");

/** The envelope's `error` object, or an empty record when the body is not an envelope. */
export function envelopeDetail(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== "object") return {};
  const detail = (body as { error?: unknown }).error;
  return detail !== null && typeof detail === "object" ? (detail as Record<string, unknown>) : {};
}
