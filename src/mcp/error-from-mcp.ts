import { z } from "zod";
import type { APIError } from "../core/errors/api-error.js";
import { type ErrorCode, statusOfCode } from "../core/errors/codes.js";
import {
  errorFromResponse,
  type ParsedErrorBody,
  parsedEnvelope,
  UNEXPECTED_RESPONSE,
} from "../core/errors/from-response.js";
import { InvalidRequestError } from "../core/errors/local-errors.js";
import { jsonOrText } from "../core/json-or-text.js";
import { createRedactor, type Redactor } from "../core/redact.js";

/** A JSON-RPC error as an MCP client reports it: the `error` member, or an `McpError`. */
export interface McpJsonRpcError {
  /** The JSON-RPC error code. */
  readonly code: number;
  /** What went wrong (an `McpError` prefixes it with `MCP error <code>:`). */
  readonly message: string;
  /** For the service's refusals, the envelope's `error`: `code`, `message`, further detail. */
  readonly data?: unknown;
}

/** A `tools/call` result. */
export interface McpToolResult {
  /** The result's items; a failure's envelope is the JSON of its text items. */
  readonly content?: readonly unknown[];
  /** Whether the tool failed. */
  readonly isError?: boolean;
  readonly [key: string]: unknown;
}

/** The code of a JSON-RPC error that does not carry the service's envelope in `data`. */
const MCP_ERROR = "mcp_error";

/** What a JSON-RPC error (the `error` member of a response, or an `McpError`) must have. */
const JsonRpcErrorShape = z.object({
  code: z.number(),
  message: z.string(),
  data: z.unknown().optional(),
});

/** A JSON-RPC error's `data` that carries the service's envelope: its `error`, with a `code`. */
const EnvelopeError = z.looseObject({ code: z.string() });

// The failures the SDK itself waits out and retries when they come over REST.
const RETRYABLE_CODES: ReadonlySet<string> = new Set(["rate_limited", "capacity_unknown"]);

/**
 * Turns a failure from the hosted MCP endpoint (or from `createMcpServer`) into the typed error
 * REST gives for the same failure: a JSON-RPC error's `data` (credential failures, rate limits) or
 * an `isError` tool result's envelope text becomes `InvalidApiKeyError`, `RateLimitError` with
 * `retryAfterSeconds`, `AcknowledgmentRequiredError` with `aiIsmMatches`, `ValidationError` with
 * `channels`, `UnknownToolError`, ... through the same code table as REST. Returns `null` for a
 * successful tool result. A JSON-RPC error without the envelope in `data` (a protocol error such
 * as an unknown method) becomes an `APIError` with code `mcp_error`; a tool result whose text is
 * not the envelope, one with code `unexpected_response`.
 *
 * `status` is the status REST answers the code with, or 0 where the contract shows none
 * (`unknown_tool`, and codes the SDK does not know); `method` is `tools/call`. Token-shaped
 * strings are redacted from the message and body, and so is your own key (also its secret part
 * alone, as a server may echo it) when you pass it as `options.apiKey`.
 *
 * @param value - a JSON-RPC error, an `McpError`, a JSON-RPC error response, or a tool result.
 * @param options - `{ apiKey? }`: the key the MCP session uses, scrubbed from the error.
 * @throws InvalidRequestError naming `value` when it is none of these.
 *
 * @example
 * ```ts
 * const result = await mcp.callTool({ name: "update_content", arguments: { id, status: "pending" } });
 * const error = errorFromMcp(result);
 * if (error instanceof AcknowledgmentRequiredError) console.log(error.aiIsmMatches);
 * ```
 */
export function errorFromMcp(
  value: unknown,
  options: { readonly apiKey?: string | undefined } = {},
): APIError | null {
  const apiKey = (options as { apiKey?: unknown } | null)?.apiKey;
  if (apiKey !== undefined && typeof apiKey !== "string") {
    throw new InvalidRequestError("options.apiKey", "options.apiKey must be a string");
  }
  const redact = createRedactor(apiKey);
  if (value === null || typeof value !== "object")
    throw new InvalidRequestError("value", "errorFromMcp needs a JSON-RPC error or a tool result");
  if ("content" in value || "isError" in value || "structuredContent" in value)
    return errorOfToolResult(value as McpToolResult, redact);
  const rpcError = JsonRpcErrorShape.safeParse("error" in value ? value.error : value);
  if (rpcError.success) return errorOfJsonRpc(rpcError.data, redact);
  throw new InvalidRequestError(
    "value",
    "errorFromMcp needs a JSON-RPC error ({ code, message, data? }) or a tools/call result ({ content, isError? })",
  );
}

function errorOfToolResult(result: McpToolResult, redact: Redactor): APIError | null {
  if (result.isError !== true) return null;
  const text = (result.content ?? []).map(textOf).join("");
  const read = jsonOrText(text);
  return build(parseEnvelope(read.isJson ? read.value : undefined, text), redact);
}

/** The text of a `text` item; any other item adds nothing. */
function textOf(item: unknown): string {
  const { type, text } = (item ?? {}) as { type?: unknown; text?: unknown };
  return type === "text" && typeof text === "string" ? text : "";
}

function errorOfJsonRpc(error: McpJsonRpcError, redact: Redactor): APIError {
  const { data } = error;
  const envelope = EnvelopeError.safeParse(data).success
    ? { error: { message: error.message, ...(data as Record<string, unknown>) } }
    : { error: { code: MCP_ERROR, message: error.message, jsonRpcCode: error.code } };
  return build(parseEnvelope(envelope, JSON.stringify(envelope)), redact);
}

/** A tool result's text, or a JSON-RPC error, read as the §1 envelope. */
function parseEnvelope(value: unknown, text: string): ParsedErrorBody {
  const envelope = parsedEnvelope(value);
  if (envelope) return envelope;
  const excerpt = text.trim().slice(0, 200);
  return {
    code: UNEXPECTED_RESPONSE,
    message: `The MCP tool result is not the JSON error envelope${excerpt ? `: ${excerpt}` : ""}`,
    body: value ?? (text === "" ? undefined : text),
    acknowledgmentRequired: false,
  };
}

/**
 * The same factory as REST. Over MCP there is no HTTP status: a code takes the status REST
 * answers it with (0 where the contract shows none), so it becomes the same class as over REST.
 */
function build(parsed: ParsedErrorBody, redact: Redactor): APIError {
  const status =
    statusOfCode(parsed.code as ErrorCode, {
      acknowledgmentRequired: parsed.acknowledgmentRequired,
    }) ?? 0;
  return errorFromResponse(
    { status, headers: new Headers(), body: { text: "" }, method: "tools/call", url: "" },
    parsed,
    { retryable: RETRYABLE_CODES.has(parsed.code), redact },
  );
}
