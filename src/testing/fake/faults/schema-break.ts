import { type FaultBehaviour, respond } from "./fault-behaviour.js";
import type { FaultKind } from "./fault-kind.js";

/** `schemaBreak`: the model applies the request; its answer has every top-level value mistyped. */
export const schemaBreakFault: FaultBehaviour<Extract<FaultKind, { kind: "schemaBreak" }>> = {
  after: (_spec, response) =>
    respond({
      ...response,
      headers: { ...response.headers, "content-type": "application/json" },
      body: breakSchema(response.body),
    }),
};

/** A JSON body with every top-level value replaced by a wrong type (keys kept). */
function breakSchema(body: string | null): string {
  if (body === null) return JSON.stringify({ unexpected: true });
  try {
    const parsed = JSON.parse(body) as unknown;
    if (typeof parsed !== "object" || parsed === null)
      return JSON.stringify({ unexpected: parsed });
    const broken: Record<string, unknown> = {};
    for (const key of Object.keys(parsed)) broken[key] = 12345;
    if (Object.keys(broken).length === 0) broken.unexpected = true;
    return JSON.stringify(broken);
  } catch {
    return JSON.stringify({ unexpected: true });
  }
}
