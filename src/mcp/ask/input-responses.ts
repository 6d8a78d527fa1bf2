/**
 * The answers a retried `tools/call` carries in `inputResponses` (2026-07-28): an object keyed by
 * the questions the server asked. Postline asks one, `acknowledgment`. A malformed answer is
 * refused with -32602 naming the problem, never taken as no answer (a host would loop), as the
 * MCP conformance suite expects. The MCP SDK flattens a non-object to `{}` before the handler
 * sees it, so that case is refused before the transport (`request-repair.ts`).
 */
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import { ACKNOWLEDGMENT_INPUT_KEY, APPROVE_FIELD } from "./acknowledgment-form.js";

/** Why a request's raw `inputResponses` is not an object of answers, or `undefined` when it is. */
export function inputResponsesShapeProblem(value: unknown): string | undefined {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) return undefined;
  const got = value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value}`;
  return `inputResponses must be an object of answers keyed by the inputRequests keys ("${ACKNOWLEDGMENT_INPUT_KEY}"); got ${got}`;
}

/** What the MCP SDK hands the handler: the answers it kept, and the keys it dropped as malformed. */
interface RetriedRequest {
  readonly inputResponses?: Record<string, unknown> | undefined;
  readonly droppedInputResponseKeys?: readonly string[] | undefined;
}

/**
 * The person's answer in a retried call, once it is well formed: `approve` only for an accepted
 * form with the box ticked; `decline` for a declined or cancelled form or an unticked box;
 * `undefined` when the call carries no answer (the person is asked again). -32602 naming the
 * problem otherwise: an answer that is not an object, or an answer to the question that is no
 * elicitation result with the form's `approve` box. Keys of questions never asked are ignored
 * (MCP: a server ignores what it does not recognize).
 */
export function acknowledgmentAnswer(request: RetriedRequest): "approve" | "decline" | undefined {
  const [dropped] = request.droppedInputResponseKeys ?? [];
  if (dropped !== undefined) {
    refuse(`inputResponses.${dropped} must be an object: the host's result for that input request`);
  }
  const answer = request.inputResponses?.[ACKNOWLEDGMENT_INPUT_KEY];
  if (answer === undefined) return undefined;
  const where = `inputResponses.${ACKNOWLEDGMENT_INPUT_KEY}`;
  const { action, content } = answer as { action?: unknown; content?: unknown };
  if (action !== "accept" && action !== "decline" && action !== "cancel") {
    refuse(`${where} must be an elicitation result, with action "accept", "decline" or "cancel"`);
  }
  if (action !== "accept") return "decline";
  const approve = (content as { [APPROVE_FIELD]?: unknown } | null | undefined)?.[APPROVE_FIELD];
  if (typeof approve === "boolean") return approve ? "approve" : "decline";
  const keys = content !== null && typeof content === "object" ? Object.keys(content) : [];
  refuse(
    `${where}.content must hold the form's "${APPROVE_FIELD}" box (a boolean)${keys.length > 0 ? `; got ${keys.map((key) => JSON.stringify(key)).join(", ")}` : ""}`,
  );
}

function refuse(problem: string): never {
  throw new ProtocolError(ProtocolErrorCode.InvalidParams, problem);
}
