import { type FaultBehaviour, respond } from "./fault-behaviour.js";
import type { FaultKind } from "./fault-kind.js";

/** `truncatedJson`: the model applies the request; its JSON answer is cut off halfway. */
export const truncatedJsonFault: FaultBehaviour<Extract<FaultKind, { kind: "truncatedJson" }>> = {
  after: (_spec, response) => {
    const body = response.body ?? "{}";
    return respond({ ...response, body: body.slice(0, Math.max(1, Math.floor(body.length / 2))) });
  },
};
