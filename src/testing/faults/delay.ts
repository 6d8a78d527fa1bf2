import type { FaultBehaviour } from "./fault-behaviour.js";
import type { FaultKind } from "./fault-kind.js";

/** `delay`: waits `ms` of real time (less if the caller aborts), then the model answers. */
export const delayFault: FaultBehaviour<Extract<FaultKind, { kind: "delay" }>> = {
  check: (spec) => {
    if (!(spec.ms >= 0)) throw new RangeError("faults.inject: delay needs ms >= 0");
  },
  before: async (spec, { signal }) => {
    await sleep(spec.ms, signal);
    return undefined;
  },
};

/** Resolves after `ms`, or as soon as `signal` aborts: the model still answers a late caller. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}
