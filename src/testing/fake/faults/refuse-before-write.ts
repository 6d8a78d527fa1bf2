import type { FaultBehaviour } from "./fault-behaviour.js";
import type { FaultKind } from "./fault-kind.js";

/** `refuseBeforeWrite`: the connection is refused before the request reaches the model. */
export const refuseBeforeWriteFault: FaultBehaviour<
  Extract<FaultKind, { kind: "refuseBeforeWrite" }>
> = {
  before: () => ({ kind: "network-error", reason: "refused" }),
};
