/**
 * The answers a retried `tools/call` carries in `inputResponses` (2026-07-28): an object keyed by
 * the questions the server asked. Postline asks one, `acknowledgment`. A malformed answer is
 * refused with -32602 naming the problem, never taken as no answer (which would ask again, and a
 * host would loop). The MCP SDK flattens a value that is not an object to `{}` before the handler
 * sees it, so that case is refused before the transport (`request-repair.ts`).
 */
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import { ACKNOWLEDGMENT_INPUT_KEY } from "./acknowledgment-form.js";

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

/** The call's answers, once each is an answer to the question this server asks; -32602 otherwise. */
export function checkedInputResponses(
  request: RetriedRequest,
): Record<string, unknown> | undefined {
  const { inputResponses, droppedInputResponseKeys = [] } = request;
  const answered = [...Object.keys(inputResponses ?? {}), ...droppedInputResponseKeys];
  const unasked = answered.filter((key) => key !== ACKNOWLEDGMENT_INPUT_KEY);
  const problem =
    unasked.length > 0
      ? `inputResponses answers ${quoted(unasked)}, which this server never asked; its only question is "${ACKNOWLEDGMENT_INPUT_KEY}"`
      : droppedInputResponseKeys.length > 0
        ? `inputResponses.${ACKNOWLEDGMENT_INPUT_KEY} must be the host's answer to the form, an elicitation result ({ action, content })`
        : undefined;
  if (problem !== undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, problem);
  return inputResponses;
}

function quoted(keys: readonly string[]): string {
  return keys.map((key) => JSON.stringify(key)).join(", ");
}
