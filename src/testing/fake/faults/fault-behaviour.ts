import type { FakeOutcome, FakeResponse } from "../http/fake-response.js";
import type { FaultKind } from "./fault-kind.js";

/** What a fault sees of a request before the model answers it. */
export interface FaultContext {
  /** The model clock's now. */
  readonly now: Date;
  /** The caller's abort signal, if any. */
  readonly signal: AbortSignal | undefined;
}

/**
 * One kind of fault, with everything it does in one place. `before` runs before the model and
 * may answer instead of it (then nothing is applied); `after` runs once the model has answered
 * (and applied any write) and turns that answer into what the caller sees.
 */
export interface FaultBehaviour<S extends FaultKind> {
  /** Refuses a spec that cannot work, when it is injected. */
  readonly check?: (spec: S) => void;
  /** Before the model: an outcome to send instead of asking it, or `undefined` to go on. */
  readonly before?: (
    spec: S,
    context: FaultContext,
  ) => FakeOutcome | undefined | Promise<FakeOutcome | undefined>;
  /** After the model: what the caller gets instead of `response`. */
  readonly after?: (spec: S, response: FakeResponse) => FakeOutcome;
}

/** An HTTP answer as an outcome. */
export function respond(response: FakeResponse): FakeOutcome {
  return { kind: "response", response };
}
