import type { RateLimitWaitEvent } from "../../core/observe/hooks.js";

/** How often a waiting tool call tells the host it is still waiting. */
const PROGRESS_EVERY_MS = 10_000;

/** What sends one `notifications/progress` to the host. */
type SendProgress = (progress: {
  readonly progress: number;
  readonly message: string;
}) => Promise<void>;

/**
 * Progress for one tool call whose host asked for it (a `progressToken`): a notification when
 * the call starts waiting for a rate-limit slot, then one every 10 s with the time left, until
 * the tool call ends. MCP hosts give a tool about a minute; these tell them, and the person
 * watching, that the call is waiting its turn, not stuck.
 */
export class WaitProgress {
  readonly #send: SendProgress;
  #ticks = 0;
  #slotAt: number | undefined;
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(send: SendProgress) {
    this.#send = send;
  }

  /** The per-call `onRateLimitWait` to hand to the tool's requests. */
  readonly onRateLimitWait = (event: RateLimitWaitEvent): void => {
    this.#slotAt = Date.now() + event.expectedWaitMs;
    this.#notify(`waiting for a rate-limit slot (place ${event.queuePosition} in line)`);
    this.#timer ??= setInterval(
      () => this.#notify("still waiting for a rate-limit slot"),
      PROGRESS_EVERY_MS,
    );
    this.#timer.unref?.();
  };

  /** The tool call ended: no more notifications. */
  end(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  #notify(what: string): void {
    this.#ticks += 1;
    const leftSeconds = Math.max(0, Math.ceil(((this.#slotAt ?? Date.now()) - Date.now()) / 1000));
    const message = `${what}; expected in about ${leftSeconds} s`;
    // A host that went away cannot be told; the call itself goes on.
    this.#send({ progress: this.#ticks, message }).catch(() => {});
  }
}
