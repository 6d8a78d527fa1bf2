/**
 * The SDK's timer helpers, the one place a delay, a timeout race or an abort race is written.
 * Node's timers overflow above 2^31 − 1 ms (a longer delay fires at once, with a warning), so
 * every delay is clamped to that; `MAX_TIMER_DELAY_MS` is also the largest `timeout` option.
 *
 * Timers that drive state rather than settle one promise live with that state: the memory
 * store's rolling budget (`pacing/rolling-budget.ts`) arms one wake-up for its queue and one
 * deadline per waiter, which refuses that waiter and moves the line on; its abort takes the
 * waiter out of the line. Both use {@link clampTimerDelay}; a race here would only wrap them.
 */

/** The longest delay `setTimeout` honours (about 24.8 days). */
export const MAX_TIMER_DELAY_MS = 2_147_483_647;

/** `ms` made safe for `setTimeout`: not negative, not `NaN`, at most {@link MAX_TIMER_DELAY_MS}. */
export function clampTimerDelay(ms: number): number {
  if (!(ms > 0)) return 0;
  return Math.min(ms, MAX_TIMER_DELAY_MS);
}

/** A timer that never keeps the process alive on its own (Node's `unref`; a no-op elsewhere). */
export function unrefTimer(timer: ReturnType<typeof setTimeout>): void {
  (timer as { unref?: () => void }).unref?.();
}

/**
 * Waits `ms` (clamped with {@link clampTimerDelay}). Rejects with the signal's reason as soon as
 * `signal` aborts, and at once when it already has.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, clampTimerDelay(ms));
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Waits `ms` without keeping the process alive: for work in the background that nobody awaits. */
export function sleepInBackground(ms: number): Promise<void> {
  return new Promise((resolve) => unrefTimer(setTimeout(resolve, clampTimerDelay(ms))));
}

/** What {@link withTimeout} rejects with, and whether its timer keeps the process alive. */
export interface TimeoutOptions {
  /** Makes the error the promise rejects with when the time runs out first. */
  readonly error: () => unknown;
  /**
   * Whether the timer keeps the process alive: yes by default, as a call waits on it; `false`
   * for work in the background.
   */
  readonly keepAlive?: boolean | undefined;
}

/**
 * Settles like `promise`, or rejects with `options.error()` when `ms` pass first. The rejection
 * waits one more turn of the event loop, so an answer that arrived while this process was too busy
 * to look is taken rather than counted as a timeout. A `promise` that settles late is ignored.
 */
export function withTimeout<T>(
  promise: Promise<T>,
  ms: number,
  options: TimeoutOptions,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    const start = (delay: number, then: () => void) => {
      timer = setTimeout(then, delay);
      if (options.keepAlive === false) unrefTimer(timer);
    };
    start(clampTimerDelay(ms), () => start(0, () => reject(options.error())));
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Settles like `promise`, or rejects with the signal's reason as soon as `signal` aborts (at once
 * when it already has), even when what `promise` waits on does not listen to the signal.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
