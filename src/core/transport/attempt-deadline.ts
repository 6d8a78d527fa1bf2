/**
 * What ends one attempt early: its timeout or the caller's signal, from sending until the last
 * byte of the body. It does not rely on `fetch` honouring an abort signal: Node's `fetch` can lose
 * an abort under garbage collection when it is given a `Request` (nodejs/node#55428), which ky
 * always does. So every wait of the attempt is raced against {@link AttemptDeadline.race}, and the
 * timer and the caller's signal hold this object strongly until the attempt is over.
 */
export class AttemptDeadline {
  /** Aborted when the deadline passes or the caller aborts; handed to `fetch` as well. */
  readonly controller = new AbortController();
  /** Why the attempt ended early, once it has. */
  endedBy: "timeout" | "caller" | undefined;
  readonly #timer: ReturnType<typeof setTimeout>;
  readonly #callerSignal: AbortSignal | undefined;
  /** Set only when there is a caller's signal to listen to. */
  readonly #onCallerAbort: (() => void) | undefined;
  #rejectEnded: ((reason: unknown) => void) | undefined;
  #ended: Promise<never> | undefined;

  /** Starts the clock: `timeoutMs` is already checked to fit a timer. */
  constructor(timeoutMs: number, callerSignal: AbortSignal | undefined) {
    this.#callerSignal = callerSignal;
    this.#timer = setTimeout(() => this.#end("timeout"), timeoutMs);
    if (callerSignal?.aborted) this.#end("caller");
    else if (callerSignal) {
      this.#onCallerAbort = () => this.#end("caller");
      callerSignal.addEventListener("abort", this.#onCallerAbort);
    }
  }

  /** The signal to hand to `fetch`. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /**
   * Settles like `promise`, unless the deadline passes or the caller aborts first: then rejects
   * at once with the abort reason, whatever `promise` does later.
   */
  race<T>(promise: Promise<T>): Promise<T> {
    if (this.endedBy) {
      promise.catch(() => {});
      return Promise.reject(this.controller.signal.reason);
    }
    this.#ended ??= new Promise<never>((_, reject) => {
      this.#rejectEnded = reject;
    });
    return Promise.race([promise, this.#ended]);
  }

  /** Stops the clock and lets go of the caller's signal. Call it once the attempt is over. */
  dispose(): void {
    clearTimeout(this.#timer);
    if (this.#onCallerAbort) this.#callerSignal?.removeEventListener("abort", this.#onCallerAbort);
    // A race nobody awaits any more must not surface as an unhandled rejection.
    this.#ended?.catch(() => {});
  }

  #end(by: "timeout" | "caller"): void {
    if (this.endedBy) return;
    this.endedBy = by;
    const reason =
      by === "timeout" ? new Error("The attempt timed out") : this.#callerSignal?.reason;
    this.controller.abort(reason);
    this.#rejectEnded?.(reason);
  }
}
