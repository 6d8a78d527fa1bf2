import type { RateBudget } from "../pacing/rate-budget.js";
import type { Redactor } from "../redact.js";
import type { RequestOptions } from "../request-options.js";
import type { HttpMethod } from "./http-method.js";

/** What a {@link PreparedRequest} is built from: its fields, documented on the class. */
export type PreparedRequestInit = Omit<PreparedRequest, "redactedUrl" | "redactedPath">;

/**
 * One API call, resolved and checked once before its first attempt. The redacted URL and path
 * (what errors, hooks and logs show) are computed once, when first needed: a call that succeeds
 * without hooks or debug logs never pays for redaction.
 */
export class PreparedRequest {
  declare readonly method: HttpMethod;
  /** Path under `/api/v1`, as the resource gave it. */
  declare readonly path: string;
  /** The complete URL sent. */
  declare readonly url: string;
  /** The JSON body, for writes. */
  declare readonly body: unknown;
  /** The per-key rate budget the call draws from. */
  declare readonly budget: RateBudget;
  declare readonly signal: AbortSignal | undefined;
  /** The caller's per-call headers, checked (the credential is set after them, in ky-instance.ts). */
  declare readonly headers: Record<string, string> | undefined;
  /** Per-attempt deadline in milliseconds, from sending until the body is read. */
  declare readonly timeout: number;
  /** How long the call may wait for slots and before retries, in all (wait-bound.ts). */
  declare readonly maxWaitMs: number;
  /** The call's own `onRateLimitWait`, told besides the client's. */
  declare readonly onRateLimitWait: RequestOptions["onRateLimitWait"];
  declare readonly maxRetries: number;
  /** The id of the SDK call this request belongs to (hook events, log lines, errors). */
  declare readonly callId: string;
  /**
   * The session it is sent with, when known (its `Cookie`, in session mode): the session pacer
   * keys its holds by it. A credential: never shown.
   */
  declare readonly session: string | undefined;
  readonly #redact: Redactor;
  #redactedUrl: string | undefined;
  #redactedPath: string | undefined;

  constructor(init: PreparedRequestInit, redact: Redactor) {
    Object.assign(this, init);
    this.#redact = redact;
  }

  /** The URL as errors, hooks and logs show it: an id or query value shaped like a token is scrubbed. */
  get redactedUrl(): string {
    this.#redactedUrl ??= this.#redact(this.url);
    return this.#redactedUrl;
  }

  /** The path as hooks and logs show it, redacted. */
  get redactedPath(): string {
    this.#redactedPath ??= this.#redact(this.path);
    return this.#redactedPath;
  }
}
