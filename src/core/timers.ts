/**
 * The SDK's timer helpers. Node's timers overflow above 2^31 − 1 ms (a longer delay fires at once,
 * with a warning), so every delay is clamped to that. `sleep` is the wait before a retry, a
 * session pacer's wait out of a 429 hold, the Redis store's wait for a free slot and the fake
 * service's injected latency; `clampTimerDelay` guards the memory pacing store's timers and the
 * store fallback's deadline; `MAX_TIMER_DELAY_MS` is also the largest `timeout` option.
 */

/** The longest delay `setTimeout` honours (about 24.8 days). */
export const MAX_TIMER_DELAY_MS = 2_147_483_647;

/** `ms` made safe for `setTimeout`: not negative, not `NaN`, at most {@link MAX_TIMER_DELAY_MS}. */
export function clampTimerDelay(ms: number): number {
  if (!(ms > 0)) return 0;
  return Math.min(ms, MAX_TIMER_DELAY_MS);
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
