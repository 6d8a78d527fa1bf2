/**
 * Every request that has an id gets an answer. The MCP SDK's transports drop a message that does
 * not match the JSON-RPC schema (a `progressToken` that is an object, `null`, a float, a boolean
 * or an array, a `_meta` that is not an object), and the host then waits for its own timeout.
 * This runs before the transport: a malformed `progressToken` is dropped, so the call runs
 * without progress, as the hosted endpoint does; any other request the schema refuses, or whose
 * `inputResponses` is not an object (the SDK would take it for no answer), is answered with an
 * invalid-params error naming the field.
 */
import {
  INVALID_PARAMS,
  type JSONRPCErrorResponse,
  parseJSONRPCMessage,
} from "@modelcontextprotocol/server";
import { inputResponsesShapeProblem } from "../ask/input-responses.js";
import { progressTokenOf } from "../server/progress-token.js";

/** What to do with one incoming JSON-RPC message: pass it on (maybe mended), or answer it. */
export type Repaired = { readonly message: unknown } | { readonly refusal: JSONRPCErrorResponse };

/** The message with a malformed `_meta.progressToken` dropped, or the error to answer it with. */
export function repairMessage(message: unknown): Repaired {
  if (!isRequestWithId(message)) return { message };
  const mended = withoutBadProgressToken(message);
  let problem: string | undefined;
  try {
    parseJSONRPCMessage(mended);
    problem = retryProblem(mended.params);
  } catch (error) {
    problem = whereOf(error);
  }
  if (problem === undefined) return { message: mended };
  return {
    refusal: {
      jsonrpc: "2.0",
      id: message.id,
      error: { code: INVALID_PARAMS, message: `Invalid params: ${problem}` },
    },
  };
}

/** What is wrong with a retried request's `inputResponses`, when it carries one. */
function retryProblem(params: unknown): string | undefined {
  if (params === null || typeof params !== "object" || !("inputResponses" in params)) {
    return undefined;
  }
  return inputResponsesShapeProblem(params.inputResponses);
}

function isRequestWithId(
  value: unknown,
): value is { id: string | number; method: string; params?: unknown } {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const { id, method } = value as { id?: unknown; method?: unknown };
  return (typeof id === "string" || typeof id === "number") && typeof method === "string";
}

function withoutBadProgressToken<T extends { params?: unknown }>(request: T): T {
  const params = request.params;
  if (params === null || typeof params !== "object") return request;
  const meta = (params as { _meta?: unknown })._meta;
  if (meta === null || typeof meta !== "object" || !("progressToken" in meta)) return request;
  if (progressTokenOf(meta) !== undefined) return request;
  const { progressToken: _dropped, ...rest } = meta as Record<string, unknown>;
  return { ...request, params: { ...params, _meta: rest } };
}

interface SchemaIssue {
  readonly path?: readonly PropertyKey[];
  readonly message?: string;
  readonly errors?: readonly (readonly SchemaIssue[])[];
}

/** The refused field and why, from the schema's error (`params._meta: expected object`). */
function whereOf(error: unknown): string {
  const issues = leafIssues((error as { issues?: SchemaIssue[] }).issues ?? [], []);
  // A union's error lists each branch's issues: the deepest one (the first, on a tie) names the
  // field best.
  const [deepest] = issues.sort((a, b) => b.path.length - a.path.length);
  if (!deepest) return "the request does not match the JSON-RPC request schema";
  const path = deepest.path.map(String).join(".") || "(request)";
  return `${path}: ${deepest.message}`;
}

/** Every issue the schema's error holds, those of a union's branches in their place, in order. */
function leafIssues(
  issues: readonly SchemaIssue[],
  prefix: readonly PropertyKey[],
): { path: PropertyKey[]; message: string }[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...(issue.path ?? [])];
    return issue.errors?.length
      ? issue.errors.flatMap((branch) => leafIssues(branch, path))
      : [{ path, message: issue.message ?? "refused" }];
  });
}
