import { sleep } from "../../../core/timers.js";
import type { FaultBehaviour } from "./fault-behaviour.js";
import type { FaultKind } from "./fault-kind.js";

/** `delay`: waits `ms` of real time (less if the caller aborts), then the model answers. */
export const delayFault: FaultBehaviour<Extract<FaultKind, { kind: "delay" }>> = {
  check: (spec) => {
    if (!(spec.ms >= 0)) throw new RangeError("faults.inject: delay needs ms >= 0");
  },
  before: async (spec, { signal }) => {
    // The caller giving up does not stop the service: the model still answers a late caller.
    await sleep(spec.ms, signal).catch(() => {});
    return undefined;
  },
};
