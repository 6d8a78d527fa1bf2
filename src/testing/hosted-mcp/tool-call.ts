/**
 * `tools/call` on the fake's MCP endpoint, in the order of api-v1.md §5 rule 5, §7 "MCP" and §8:
 * the bearer key (a credential failure is a JSON-RPC error with `error.data.code`), the key's rate
 * window shared with REST (a refusal is a JSON-RPC error with `error.data.retryAfterSeconds`, and
 * the tool does not run), then the tool itself, run as the REST route it mirrors. Every failure
 * from there on is a tool result with `isError: true` whose text is the §1 envelope.
 */
import { refusalNamesParam } from "../../tools/channel-choices.js";
import { findTool, isServiceToolName, type ServiceToolName } from "../../tools/tool-list.js";
import { validateToolInput } from "../../tools/validate-input.js";
import { ApiFailure } from "../fake/http/fake-response.js";
import {
  admitKey,
  authenticate,
  dispatch,
  type PipelineDeps,
  type PipelineRequest,
  responseOfFailure,
} from "../fake/http/request-pipeline.js";
import type { Caller } from "../fake/http/route-context.js";
import {
  type JsonRpcId,
  type JsonRpcReply,
  RPC_ERROR,
  rpcError,
  rpcRefusal,
  rpcResult,
} from "./json-rpc.js";
import { TOOL_ROUTES } from "./tool-routes.js";

/** The two tools that create content share POST /content's window of 10 (§8). */
const CREATE_TOOLS: ReadonlySet<string> = new Set(["create_content_draft", "generate_content"]);

/** Answers one `tools/call` request; `from` is the HTTP request, read for its bearer and address. */
export function callTool(
  deps: PipelineDeps,
  from: { readonly headers: Headers; readonly clientAddress: string },
  id: JsonRpcId,
  params: unknown,
): { reply: JsonRpcReply; caller?: Caller } {
  const call = readCallParams(params);
  if ("invalid" in call) {
    return { reply: rpcError(id, RPC_ERROR.invalidParams, call.invalid) };
  }
  const request: PipelineRequest = {
    method: "POST",
    apiPath: null,
    query: new URLSearchParams(),
    authorization: from.headers.get("authorization"),
    bodyText: "",
    clientAddress: from.clientAddress,
  };
  let caller: Caller;
  try {
    caller = authenticate(deps, request);
  } catch (failure) {
    return { reply: refusalBeforeTool(id, failure) };
  }
  try {
    admitKey(deps, caller, CREATE_TOOLS.has(call.name) ? "create" : "other");
  } catch (failure) {
    return { reply: refusalBeforeTool(id, failure), caller };
  }
  return { reply: rpcResult(id, runToolAsRoute(deps, request, caller, call)), caller };
}

/** Runs a known tool through the REST rules; everything that fails here is an `isError` result. */
function runToolAsRoute(
  deps: PipelineDeps,
  request: PipelineRequest,
  caller: Caller,
  call: { name: string; arguments: unknown },
): Record<string, unknown> {
  // The tools the SDK answers alone (get_rate_budget) are no tools of the hosted endpoint.
  const implementation = isServiceToolName(call.name) ? findTool(call.name) : undefined;
  if (implementation === undefined) {
    return toolFailure({
      error: {
        code: "unknown_tool",
        message: `No tool is named "${call.name}". Call tools/list for the tool names.`,
      },
    });
  }
  const checked = validateToolInput(implementation.definition, call.arguments);
  let input: Record<string, unknown>;
  if (checked.ok) input = checked.input as Record<string, unknown>;
  else if (
    implementation.channelParam !== undefined &&
    refusalNamesParam(checked.failure, implementation.channelParam) &&
    isPlainObject(call.arguments)
  ) {
    // A create without a usable channel gets the route's own refusal, which lists the channels.
    input = call.arguments;
  } else return toolFailure(checked.failure);
  const route = TOOL_ROUTES[call.name as ServiceToolName](input);
  let response: ReturnType<typeof dispatch>;
  try {
    response = dispatch(
      deps,
      {
        ...request,
        method: route.method,
        apiPath: route.path,
        query: route.query,
        bodyText: route.body === undefined ? "" : JSON.stringify(route.body),
      },
      caller,
    );
  } catch (failure) {
    response = responseOfFailure(failure);
  }
  const body: unknown = response.body === null ? undefined : JSON.parse(response.body);
  if (response.status >= 400) return toolFailure(body);
  return toolSuccess(route.result(body));
}

/** A refusal made before the tool ran: a JSON-RPC error whose `data` is the §1 envelope's `error`. */
function refusalBeforeTool(id: JsonRpcId, failure: unknown): JsonRpcReply {
  if (!(failure instanceof ApiFailure)) throw failure;
  const code = failure.code === "rate_limited" ? RPC_ERROR.rateLimited : RPC_ERROR.unauthorized;
  return rpcRefusal(id, code, failure);
}

/** A successful tool result as `createMcpServer` shapes it: `structuredContent` and its JSON text. */
function toolSuccess(value: unknown): Record<string, unknown> {
  return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value };
}

/** A failed tool result: the envelope's text only (it does not match the tool's `outputSchema`). */
function toolFailure(envelope: unknown): Record<string, unknown> {
  return { content: [{ type: "text", text: JSON.stringify(envelope) }], isError: true };
}

function readCallParams(
  params: unknown,
): { name: string; arguments: unknown } | { invalid: string } {
  if (!isPlainObject(params) || typeof params.name !== "string" || params.name === "")
    return { invalid: "tools/call needs params.name, the tool's name" };
  if (params.arguments !== undefined && !isPlainObject(params.arguments))
    return { invalid: "params.arguments must be an object" };
  return { name: params.name, arguments: params.arguments ?? {} };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
