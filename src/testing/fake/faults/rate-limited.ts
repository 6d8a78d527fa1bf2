import { ApiFailure } from "../http/fake-response.js";
import { type FaultBehaviour, respond } from "./fault-behaviour.js";
import type { FaultKind } from "./fault-kind.js";

/** `rateLimited`: a 429 `rate_limited` with `Retry-After` and the three limit headers. */
export const rateLimitedFault: FaultBehaviour<Extract<FaultKind, { kind: "rateLimited" }>> = {
  before: (spec, { now }) => {
    const retryAfterSeconds = spec.retryAfterSeconds ?? 30;
    const failure = new ApiFailure(
      "rate_limited",
      `Rate limit exceeded. Retry in ${retryAfterSeconds} seconds.`,
      { retryAfterSeconds },
      {
        "retry-after": String(retryAfterSeconds),
        "x-ratelimit-limit": "60",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": String(Math.ceil(now.getTime() / 1000) + retryAfterSeconds),
      },
    );
    return respond(failure.toResponse());
  },
};
