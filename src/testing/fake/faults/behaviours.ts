import type { FakeOutcome, FakeResponse } from "../http/fake-response.js";
import { delayFault } from "./delay.js";
import { dropAfterWriteFault } from "./drop-after-write.js";
import { type FaultBehaviour, type FaultContext, respond } from "./fault-behaviour.js";
import type { FaultKind } from "./fault-kind.js";
import { htmlFault } from "./html.js";
import { rateLimitedFault } from "./rate-limited.js";
import { refuseBeforeWriteFault } from "./refuse-before-write.js";
import { schemaBreakFault } from "./schema-break.js";
import { statusFault } from "./status.js";
import { transitionFailedFault } from "./transition-failed.js";
import { truncatedJsonFault } from "./truncated-json.js";

/** Every kind of fault and its behaviour; the type makes a new kind without one a compile error. */
const BEHAVIOURS: { [K in FaultKind["kind"]]: FaultBehaviour<Extract<FaultKind, { kind: K }>> } = {
  status: statusFault,
  html: htmlFault,
  dropAfterWrite: dropAfterWriteFault,
  refuseBeforeWrite: refuseBeforeWriteFault,
  delay: delayFault,
  truncatedJson: truncatedJsonFault,
  schemaBreak: schemaBreakFault,
  rateLimited: rateLimitedFault,
  transitionFailed: transitionFailedFault,
};

function behaviourOf(spec: FaultKind): FaultBehaviour<FaultKind> {
  return BEHAVIOURS[spec.kind] as FaultBehaviour<FaultKind>;
}

/** Throws when `spec` cannot work (e.g. a negative delay), at injection time. */
export function checkFault(spec: FaultKind): void {
  behaviourOf(spec).check?.(spec);
}

/** One request's fault: both halves, bound to its spec. */
export interface ActiveFault {
  /** Before the model: an outcome that answers instead, or `undefined` to ask the model. */
  before(context: FaultContext): Promise<FakeOutcome | undefined>;
  /** After the model: what the caller sees of its answer. */
  after(response: FakeResponse): FakeOutcome;
}

/** The fault `spec` applied to one request. */
export function activeFault(spec: FaultKind): ActiveFault {
  const behaviour = behaviourOf(spec);
  return {
    before: async (context) => behaviour.before?.(spec, context),
    after: (response) => (behaviour.after ? behaviour.after(spec, response) : respond(response)),
  };
}
