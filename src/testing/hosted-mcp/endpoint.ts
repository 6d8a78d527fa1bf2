/**
 * The fake's MCP endpoint: JSON-RPC 2.0 over Streamable HTTP at `/api/v1/mcp`, stateless (no
 * `Mcp-Session-Id`), answering every POST with `application/json`. The tools are those of
 * `@postline/sdk/tools` that call the service, each run as the REST route it mirrors
 * (`tool-call.ts`).
 */
import { z } from "zod";
import { listedTool } from "../../mcp/server/tool-listing.js";
import { serviceTools } from "../../tools/tool-list.js";
import { ApiFailure, type FakeResponse } from "../fake/http/fake-response.js";
import type { PipelineDeps } from "../fake/http/request-pipeline.js";
import type { Caller } from "../fake/http/route-context.js";
import {
  idOf,
  type JsonRpcCall,
  type JsonRpcId,
  type JsonRpcReply,
  RPC_ERROR,
  readMessage,
  rpcError,
  rpcRefusal,
  rpcResponse,
  rpcResult,
} from "./json-rpc.js";
import {
  DISCOVERY_LIMIT,
  DISCOVERY_METHODS,
  MCP_PROTOCOL_VERSIONS,
  MCP_SERVER_INFO,
} from "./protocol.js";
import { callTool } from "./tool-call.js";

export { MCP_PATH } from "./protocol.js";

/** An HTTP request to the endpoint, as the fake's transports hand it over. */
export interface McpHttpRequest {
  readonly method: string;
  readonly headers: Headers;
  readonly bodyText: string;
  readonly clientAddress: string;
}

/** Answers one HTTP request to the MCP endpoint; `caller` is the last key a tool call resolved. */
export function serveMcp(
  deps: PipelineDeps,
  request: McpHttpRequest,
): { response: FakeResponse; caller?: Caller } {
  if (request.method !== "POST") {
    // No server-to-client stream and no sessions to end: Streamable HTTP then answers 405.
    return { response: httpError(405, "The MCP endpoint takes POST only.", { allow: "POST" }) };
  }
  const refusal = checkHeaders(request.headers);
  if (refusal) return { response: refusal };
  let parsed: unknown;
  try {
    parsed = JSON.parse(request.bodyText);
  } catch {
    const reply = rpcError(null, RPC_ERROR.parseError, "The body is not valid JSON.");
    return { response: rpcResponse(400, reply) };
  }
  const batch = Array.isArray(parsed);
  const messages: unknown[] = Array.isArray(parsed) ? parsed : [parsed];
  if (messages.length === 0) {
    const reply = rpcError(null, RPC_ERROR.invalidRequest, "An empty batch holds no message.");
    return { response: rpcResponse(400, reply) };
  }
  const replies: JsonRpcReply[] = [];
  let caller: Caller | undefined;
  for (const value of messages) {
    const message = readMessage(value);
    if (message === "response") continue;
    if ("invalid" in message) {
      const problem = `Invalid JSON-RPC message: ${message.invalid}.`;
      replies.push(rpcError(idOf(value), RPC_ERROR.invalidRequest, problem));
      continue;
    }
    // A notification gets no reply; the fake has nothing to do for any of them.
    if (message.id === undefined) continue;
    const answered = answer(deps, request, message as JsonRpcCall & { id: JsonRpcId });
    if (answered.caller) caller = answered.caller;
    replies.push(answered.reply);
  }
  if (replies.length === 0) return { response: { status: 202, headers: {}, body: null } };
  const response = rpcResponse(200, batch ? replies : (replies[0] as JsonRpcReply));
  return caller ? { response, caller } : { response };
}

/** One request's reply; a fault of the fake is a JSON-RPC error, never a dropped socket. */
function answer(
  deps: PipelineDeps,
  request: McpHttpRequest,
  message: JsonRpcCall & { id: JsonRpcId },
): { reply: JsonRpcReply; caller?: Caller } {
  try {
    if (message.method === "tools/call") return callTool(deps, request, message.id, message.params);
    if (!DISCOVERY_METHODS.has(message.method)) {
      return {
        reply: rpcError(
          message.id,
          RPC_ERROR.methodNotFound,
          `Method not found: ${message.method}. The endpoint answers initialize, ping, tools/list and tools/call.`,
        ),
      };
    }
    deps.limiter.admit(`mcp-discovery:${request.clientAddress}`, {
      limit: DISCOVERY_LIMIT,
      nowMs: deps.store.clock.now().getTime(),
      what: "MCP discovery calls from this address",
    });
    return { reply: rpcResult(message.id, discoveryResult(message)) };
  } catch (failure) {
    if (failure instanceof ApiFailure && failure.code === "rate_limited") {
      return { reply: rpcRefusal(message.id, RPC_ERROR.rateLimited, failure) };
    }
    const detail = failure instanceof Error ? failure.message : String(failure);
    const problem = `The fake service failed: ${detail}`;
    return { reply: rpcError(message.id, RPC_ERROR.internalError, problem) };
  }
}

function discoveryResult(message: JsonRpcCall): Record<string, unknown> {
  switch (message.method) {
    case "initialize":
      return {
        protocolVersion: negotiatedVersion(message.params),
        capabilities: { tools: { listChanged: false } },
        serverInfo: MCP_SERVER_INFO,
      };
    case "tools/list":
      return { tools: serviceTools.map(listedTool) };
    default:
      return {};
  }
}

/** The client's version when the endpoint speaks it, else the newest the endpoint speaks. */
function negotiatedVersion(params: unknown): string {
  const asked = z.looseObject({ protocolVersion: z.string() }).safeParse(params)
    .data?.protocolVersion;
  return asked !== undefined && MCP_PROTOCOL_VERSIONS.includes(asked)
    ? asked
    : (MCP_PROTOCOL_VERSIONS[0] as string);
}

/** The transport's header rules: a JSON body, a JSON answer accepted, a known protocol version. */
function checkHeaders(headers: Headers): FakeResponse | undefined {
  const contentType = headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(contentType)) {
    return httpError(415, "Send the JSON-RPC message with Content-Type: application/json.");
  }
  const accept = headers.get("accept");
  if (accept !== null && !/application\/json|application\/\*|\*\/\*/i.test(accept)) {
    return httpError(406, "The endpoint answers application/json; the Accept header refuses it.");
  }
  const version = headers.get("mcp-protocol-version");
  if (version !== null && !MCP_PROTOCOL_VERSIONS.includes(version)) {
    return httpError(
      400,
      `Unsupported MCP-Protocol-Version ${version}; supported: ${MCP_PROTOCOL_VERSIONS.join(", ")}.`,
    );
  }
  return undefined;
}

function httpError(
  status: number,
  message: string,
  headers: Record<string, string> = {},
): FakeResponse {
  const response = rpcResponse(status, rpcError(null, RPC_ERROR.invalidRequest, message));
  Object.assign(response.headers, headers);
  return response;
}
