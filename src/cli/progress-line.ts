/**
 * The progress line `postline content export` keeps on stderr when it is a terminal: items so
 * far, the rate, and whether it is waiting for the rate limit. Redrawn in place with `\r`.
 */
export class ProgressLine {
  private readonly stream: NodeJS.WritableStream & { columns?: number };
  private readonly startedAt = performance.now();
  private readonly timer: ReturnType<typeof setInterval>;
  private items = 0;
  private waitingSince: number | undefined;
  private retryNote: string | undefined;

  constructor(stream: NodeJS.WritableStream & { columns?: number }) {
    this.stream = stream;
    this.timer = setInterval(() => this.draw(), 250);
    this.timer.unref();
  }

  /** Items written so far. */
  counted(items: number): void {
    this.items = items;
  }

  /** A page was asked for; until it is sent, any delay is the pacer holding it back. */
  pageRequested(): void {
    this.waitingSince = performance.now();
  }

  /** The page's request went out. */
  pageSent(): void {
    this.waitingSince = undefined;
    this.retryNote = undefined;
  }

  /** The service refused a request and it will be sent again after `delayMs`. */
  retrying(delayMs: number, rateLimited: boolean): void {
    const seconds = Math.ceil(delayMs / 1000);
    this.retryNote = rateLimited
      ? `rate limited by the service, retrying in ${seconds} s`
      : `retrying in ${seconds} s`;
  }

  /** Draws the last figures and ends the line. */
  finish(note: string): void {
    clearInterval(this.timer);
    this.draw(note);
    this.stream.write("\n");
  }

  private draw(note?: string): void {
    const seconds = (performance.now() - this.startedAt) / 1000;
    const rate = seconds > 0 ? this.items / seconds : 0;
    const parts = [`${this.items.toLocaleString("en-US")} items`, `${rate.toFixed(1)}/s`];
    const waitingMs = this.waitingSince === undefined ? 0 : performance.now() - this.waitingSince;
    if (note) parts.push(note);
    else if (this.retryNote) parts.push(this.retryNote);
    else if (waitingMs > 250)
      parts.push(`waiting for the rate limit (${(waitingMs / 1000).toFixed(0)} s)`);
    const width = Math.max(20, (this.stream.columns ?? 80) - 1);
    this.stream.write(`\r${parts.join(" · ").slice(0, width).padEnd(width)}`);
  }
}
