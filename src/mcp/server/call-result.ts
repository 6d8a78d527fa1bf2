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
 * A refusal that api-v1.md §7 delivers as a JSON-RPC error instead of a tool result. Thrown from
 * the low-level `tools/call` handler, whose `code`, `message` and `data` the MCP SDK sends as the
 * JSON-RPC `error` (the high-level `McpServer` would turn it into an `isError` result instead).
 */
class JsonRpcRefusal extends Error {
  readonly code: number;
  /** The envelope's `error`: `code`, `message` and any detail such as `retryAfterSeconds`. */
  readonly data: Record<string, unknown>;

  constructor(code: number, data: { code: string; message: string; [detail: string]: unknown }) {
    super(data.message);
    this.name = "JsonRpcRefusal";
    this.code = code;
    this.data = data;
  }
}

/**
 * Shapes what `runTool` resolved to as the hosted endpoint does: credential failures and
 * rate-limit refusals throw a {@link JsonRpcRefusal}; every other failure is an `isError` result
 * whose text is the envelope; a success is its `structuredContent` and the JSON text of it.
 */
export function callResultOf(result: ToolResult): McpCallResult {
  if (isToolError(result)) {
    const { code } = result.error;
    if (CREDENTIAL_FAILURE_CODES.has(code))
      throw new JsonRpcRefusal(MCP_REFUSAL_CODES.unauthorized, { ...result.error });
    if (code === "rate_limited")
      throw new JsonRpcRefusal(MCP_REFUSAL_CODES.rateLimited, { ...result.error });
    return { content: [{ type: "text", text: JSON.stringify(result) }], isError: true };
  }
  return { content: [{ type: "text", text: JSON.stringify(result) }], structuredContent: result };
}
