import type { FaultBehaviour } from "./fault-behaviour.js";
import type { FaultKind } from "./fault-kind.js";

/** `dropAfterWrite`: the model applies the request, then the connection drops unanswered. */
export const dropAfterWriteFault: FaultBehaviour<Extract<FaultKind, { kind: "dropAfterWrite" }>> = {
  after: () => ({ kind: "network-error", reason: "dropped" }),
};
