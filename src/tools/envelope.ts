import { z } from "zod";
import type { JsonObject, JsonValue } from "./json-schema.js";

/**
 * The `error` of a failed tool call: the service's envelope with every extra field it carries
 * (`acknowledgmentRequired`, `aiIsmMatches`, `channels`, ...), or one built for a failure that
 * never reached the service.
 */
export type ToolErrorBody = {
  /** The service's `error.code`, or one of {@link LocalToolErrorCode}. */
  readonly code: string;
  /** What went wrong, written so a model can act on it. */
  readonly message: string;
  /** Further detail: the service's extra fields, or `param`, `issues`, `hint`, ... */
  readonly [detail: string]: JsonValue;
};

/** A failed tool call: the envelope the MCP endpoint answers with, `{ error: { code, message } }`. */
export type ToolErrorResult = {
  /** What failed. */
  readonly error: ToolErrorBody;
};

/** What `runTool` resolves to: the tool's JSON result, or the error envelope. */
export type ToolResult = JsonObject | ToolErrorResult;

/** Codes `runTool` gives failures that did not come from the service's envelope. */
export type LocalToolErrorCode =
  | "validation_error"
  | "unknown_tool"
  | "connection_error"
  | "timeout"
  | "unexpected_response"
  | "pagination_error"
  | "ambiguous_create"
  | "client_error"
  | "approval_declined";

export function toolError(
  code: string,
  message: string,
  detail: { readonly [key: string]: JsonValue } = {},
): ToolErrorResult {
  // code and message lead, and a detail field can never overwrite them.
  return { error: Object.assign({ code, message }, detail, { code, message }) };
}

const ERROR_ENVELOPE = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/**
 * Whether a tool result is the error envelope.
 *
 * @example
 * ```ts
 * const result = await runTool(client, call.name, call.arguments);
 * if (isToolError(result)) console.warn(result.error.code, result.error.message);
 * ```
 */
export function isToolError(result: unknown): result is ToolErrorResult {
  return ERROR_ENVELOPE.safeParse(result).success;
}
