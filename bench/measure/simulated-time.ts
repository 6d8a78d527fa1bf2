/**
 * Simulated wall-clock time for one process: replaces `Date.now`, `setTimeout` and `clearTimeout`
 * so the pacer, the transport's timers and the fake all run on a clock that jumps from one timer
 * to the next. Real I/O still happens; the driver only moves time when the process is idle.
 */
export interface SimulatedTime {
  now(): number;
  /** Runs until `isDone()` or the bounds are reached; returns whether it finished. */
  runUntil(
    isDone: () => boolean,
    bounds: { maxSimulatedMs: number; maxSteps: number },
  ): Promise<boolean>;
  /** Puts the real clock and timers back. */
  uninstall(): void;
}

interface VirtualTimer {
  readonly id: number;
  readonly dueAt: number;
  readonly callback: () => void;
}

const realNow = Date.now;
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;

/** Lets pending promise jobs, process.nextTick work and in-memory I/O settle. */
async function settle(): Promise<void> {
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
}

/** Installs simulated time starting at `startMs` (epoch milliseconds). */
export function installSimulatedTime(startMs: number): SimulatedTime {
  let current = startMs;
  let nextId = 1;
  const timers = new Map<number, VirtualTimer>();

  Date.now = () => current;
  const fakeSetTimeout = (
    callback: (...args: unknown[]) => void,
    delay = 0,
    ...args: unknown[]
  ) => {
    const id = nextId++;
    const dueAt = current + Math.max(0, Number(delay) || 0);
    timers.set(id, { id, dueAt, callback: () => callback(...args) });
    // A number stands in for Node's Timeout; the callers here only pass it back to clearTimeout.
    return { id, unref() {}, ref() {}, hasRef: () => true, [Symbol.toPrimitive]: () => id };
  };
  const fakeClearTimeout = (handle: unknown) => {
    if (handle === undefined || handle === null) return;
    timers.delete(typeof handle === "object" ? (handle as { id: number }).id : Number(handle));
  };
  globalThis.setTimeout = fakeSetTimeout as unknown as typeof setTimeout;
  globalThis.clearTimeout = fakeClearTimeout as unknown as typeof clearTimeout;

  const fireNext = (): boolean => {
    let next: VirtualTimer | undefined;
    for (const timer of timers.values()) {
      if (!next || timer.dueAt < next.dueAt || (timer.dueAt === next.dueAt && timer.id < next.id))
        next = timer;
    }
    if (!next) return false;
    timers.delete(next.id);
    current = Math.max(current, next.dueAt);
    next.callback();
    return true;
  };

  return {
    now: () => current,
    async runUntil(isDone, bounds) {
      for (let step = 0; step < bounds.maxSteps; step++) {
        await settle();
        if (isDone()) return true;
        if (current - startMs > bounds.maxSimulatedMs) return false;
        // Nothing left to wake and not done: the workload is stuck.
        if (!fireNext()) return isDone();
      }
      return isDone();
    },
    uninstall() {
      Date.now = realNow;
      globalThis.setTimeout = realSetTimeout;
      globalThis.clearTimeout = realClearTimeout;
    },
  };
}
