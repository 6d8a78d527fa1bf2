import { ApiFailure } from "../http/fake-response.js";
import { type FaultBehaviour, respond } from "./fault-behaviour.js";
import type { FaultKind } from "./fault-kind.js";

/** `transitionFailed`: the model applies the request, then it is answered 500 `transition_failed`. */
export const transitionFailedFault: FaultBehaviour<
  Extract<FaultKind, { kind: "transitionFailed" }>
> = {
  after: () =>
    respond(
      new ApiFailure(
        "transition_failed",
        "The request was accepted but could not be completed; re-read the item before acting again.",
      ).toResponse(),
    ),
};
