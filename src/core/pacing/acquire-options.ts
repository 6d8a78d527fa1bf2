/**
 * What the transport tells the pacer about an attempt that may wait. Its own file, beside the
 * pacer seam, so the wait rule (`wait-bound.ts`) can name it without importing the seam.
 */

/** Where a waiting call stands, when it has to wait. */
export interface SlotWait {
  /** At least this long, in milliseconds (a lower bound: a response may come late). */
  readonly expectedWaitMs: number;
  /** 1 for the head of the line. */
  readonly queuePosition: number;
}

/** What the transport tells the pacer about the attempt that waits. */
export interface AcquireOptions {
  /**
   * How long this wait may last: what is left of the call's bound (docs/retries.md). A wait
   * known to be longer is refused at once, and one that runs longer is refused when it passes.
   */
  readonly maxWaitMs: number;
  /** The attempt's own timeout, once it is sent: how long a slot lasts if its process dies. */
  readonly attemptTimeoutMs?: number | undefined;
  /**
   * The session the request is sent with, when the SDK knows it (a `Cookie` header outside a
   * browser): the session pacer keys its 429 holds by it. A credential: never shown.
   */
  readonly session?: string | undefined;
  /** Told once when the attempt has to wait, before it waits. */
  readonly onWait?: ((wait: SlotWait) => void) | undefined;
}
