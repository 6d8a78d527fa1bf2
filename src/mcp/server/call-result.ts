import { ProtocolError } from "@modelcontextprotocol/server";
import { isToolError, type ToolResult } from "../../tools/envelope.js";
import type { JsonObject } from "../../tools/json-schema.js";
import { CREDENTIAL_FAILURE_CODES, MCP_REFUSAL_CODES } from "./json-rpc-codes.js";

/**
 * The result of `tools/call` as MCP carries it. A success has the result twice, since hosts
 * differ in which one they hand the model: as `structuredContent` (matching the tool's
 * `outputSchema`) and as one text item that is exactly `JSON.stringify(structuredContent)`. A
 * failure has only the text item, holding the error envelope, and `isError: true`: the envelope
 * does not match the tool's `outputSchema`, and clients validate any `structuredContent` they get.
 */
export interface McpCallResult {
  [key: string]: unknown;
  /** One text item holding the tool's JSON result, or the error envelope. */
  content: {
    /** Always `text`. */
    type: "text";
    /** JSON text. */
    text: string;
  }[];
  /** The tool's result, on success only. */
  structuredContent?: JsonObject;
  /** Set when `content` holds the error envelope. */
  isError?: true;
}

/**
 * Shapes what `runTool` resolved to as the hosted endpoint does: credential failures and
 * rate-limit refusals throw a `ProtocolError`, which the low-level `tools/call` handler sends as
 * the JSON-RPC error with the envelope's `error` as `data` (the high-level `McpServer` would
 * make it an `isError` result instead); every other failure is an `isError` result whose text is
 * the envelope; a success is its `structuredContent` and the JSON text of it.
 */
export function callResultOf(result: ToolResult): McpCallResult {
  const text = JSON.stringify(result);
  if (!isToolError(result)) return { content: [{ type: "text", text }], structuredContent: result };
  const { code, message } = result.error;
  const data = { ...result.error };
  if (CREDENTIAL_FAILURE_CODES.has(code))
    throw new ProtocolError(MCP_REFUSAL_CODES.unauthorized, message, data);
  if (code === "rate_limited")
    throw new ProtocolError(MCP_REFUSAL_CODES.rateLimited, message, data);
  return { content: [{ type: "text", text }], isError: true };
}
