import type { FakeResponse } from "../http/fake-response.js";
import { type FaultBehaviour, respond } from "./fault-behaviour.js";
import type { FaultKind } from "./fault-kind.js";

/** `status`: answers the given status, headers and body verbatim; nothing is applied. */
export const statusFault: FaultBehaviour<Extract<FaultKind, { kind: "status" }>> = {
  before: (spec) => respond(verbatim(spec.status, spec.body, spec.headers)),
};

/** The body as given: nothing, a string as is, anything else as JSON. */
function verbatim(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): FakeResponse {
  if (body === undefined || body === null) return { status, headers: { ...headers }, body: null };
  if (typeof body === "string") return { status, headers: { ...headers }, body };
  return {
    status,
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  };
}
