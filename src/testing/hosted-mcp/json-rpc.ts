/** JSON-RPC 2.0 messages as the fake's MCP endpoint reads and writes them. */
import { z } from "zod";
import { MCP_REFUSAL_CODES } from "../../mcp/server/json-rpc-codes.js";
import type { ApiFailure, FakeResponse } from "../fake/http/fake-response.js";

export type JsonRpcId = string | number;

/** A request (with an id) or a notification (without one). */
export interface JsonRpcCall {
  readonly id?: JsonRpcId;
  readonly method: string;
  readonly params?: unknown;
}

/** A response to one request. */
export type JsonRpcReply =
  | { jsonrpc: "2.0"; id: JsonRpcId | null; result: Record<string, unknown> }
  | {
      jsonrpc: "2.0";
      id: JsonRpcId | null;
      error: { code: number; message: string; data?: Record<string, unknown> };
    };

/** The error codes of JSON-RPC 2.0, and the two of `@postline/sdk/mcp` for the §7 refusals. */
export const RPC_ERROR = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  ...MCP_REFUSAL_CODES,
} as const;

export function rpcResult(id: JsonRpcId | null, result: Record<string, unknown>): JsonRpcReply {
  return { jsonrpc: "2.0", id, result };
}

export function rpcError(id: JsonRpcId | null, code: number, message: string): JsonRpcReply {
  return { jsonrpc: "2.0", id, error: { code, message } };
}

/** An error reply whose `data` is a refusal's envelope `error` (api-v1.md §7 "MCP"). */
export function rpcRefusal(id: JsonRpcId | null, code: number, failure: ApiFailure): JsonRpcReply {
  const data = { code: failure.code, message: failure.message, ...failure.extra };
  return { jsonrpc: "2.0", id, error: { code, message: failure.message, data } };
}

/** The HTTP answer carrying one reply, or a batch's. */
export function rpcResponse(status: number, body: JsonRpcReply | JsonRpcReply[]): FakeResponse {
  return { status, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
}

/**
 * Reads one message of a POST body: a request or notification, `"response"` for a response the
 * client sent back (the fake asks nothing, so it ignores them), or an error saying what is wrong.
 */
export function readMessage(value: unknown): JsonRpcCall | "response" | { invalid: string } {
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return { invalid: "a JSON-RPC message must be an object" };
  const message = value as Record<string, unknown>;
  if (message.jsonrpc !== "2.0") return { invalid: 'jsonrpc must be "2.0"' };
  if (!("method" in message) && ("result" in message || "error" in message)) return "response";
  if (typeof message.method !== "string") return { invalid: "method must be a string" };
  const id = message.id;
  if (id !== undefined && typeof id !== "string" && typeof id !== "number")
    return { invalid: "id must be a string or a number" };
  return {
    method: message.method,
    ...(id === undefined ? {} : { id }),
    ...(message.params === undefined ? {} : { params: message.params }),
  };
}

const IdentifiedSchema = z.looseObject({ id: z.union([z.string(), z.number()]) });

/** The id of a message that could not be read, when it has a usable one. */
export function idOf(value: unknown): JsonRpcId | null {
  return IdentifiedSchema.safeParse(value).data?.id ?? null;
}
