/**
 * The progress line `postline content export` keeps on stderr when it is a terminal: items so
 * far, the rate, and, while it waits for the rate limit, a countdown to its slot. Redrawn in
 * place with `\r`.
 */
export class ProgressLine {
  readonly #stream: NodeJS.WritableStream & { columns?: number };
  readonly #startedAt = performance.now();
  readonly #timer: ReturnType<typeof setInterval>;
  #items = 0;
  #waitingSince: number | undefined;
  /** When the pacer expects the waiting page's slot to open (`onRateLimitWait`). */
  #slotExpectedAt: number | undefined;
  #retryNote: string | undefined;

  constructor(stream: NodeJS.WritableStream & { columns?: number }) {
    this.#stream = stream;
    this.#timer = setInterval(() => this.#draw(), 250);
    this.#timer.unref();
  }

  /** Items written so far. */
  counted(items: number): void {
    this.#items = items;
  }

  /** A page was asked for; until it is sent, any delay is the pacer holding it back. */
  pageRequested(): void {
    this.#waitingSince = performance.now();
  }

  /** The pacer holds the page back: its slot is expected in `expectedWaitMs` at the earliest. */
  slotExpected(expectedWaitMs: number): void {
    this.#slotExpectedAt = performance.now() + expectedWaitMs;
  }

  /** The page's request went out. */
  pageSent(): void {
    this.#waitingSince = undefined;
    this.#slotExpectedAt = undefined;
    this.#retryNote = undefined;
  }

  /** The service refused a request and it will be sent again after `delayMs`. */
  retrying({
    delayMs,
    rateLimited,
  }: {
    readonly delayMs: number;
    readonly rateLimited: boolean;
  }): void {
    const seconds = Math.ceil(delayMs / 1000);
    this.#retryNote = rateLimited
      ? `rate limited by the service, retrying in ${seconds} s`
      : `retrying in ${seconds} s`;
  }

  /** Draws the last figures and ends the line. */
  finish(note: string): void {
    clearInterval(this.#timer);
    this.#draw(note);
    this.#stream.write("\n");
  }

  #draw(note?: string): void {
    const seconds = (performance.now() - this.#startedAt) / 1000;
    const rate = seconds > 0 ? this.#items / seconds : 0;
    const parts = [`${this.#items.toLocaleString("en-US")} items`, `${rate.toFixed(1)}/s`];
    const waitingMs = this.#waitingSince === undefined ? 0 : performance.now() - this.#waitingSince;
    if (note) parts.push(note);
    else if (this.#retryNote) parts.push(this.#retryNote);
    else if (this.#slotExpectedAt !== undefined) {
      const leftSeconds = Math.max(0, Math.ceil((this.#slotExpectedAt - performance.now()) / 1000));
      parts.push(`waiting for the rate limit (slot in ${leftSeconds} s)`);
    } else if (waitingMs > 250)
      parts.push(`waiting for the rate limit (${(waitingMs / 1000).toFixed(0)} s)`);
    const width = Math.max(20, (this.#stream.columns ?? 80) - 1);
    this.#stream.write(`\r${parts.join(" · ").slice(0, width).padEnd(width)}`);
  }
}
