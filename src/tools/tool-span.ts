/**
 * A tool run's span (docs/observability.md, "Tool runs"): with a client built with `tracer`,
 * each run is an `execute_tool {name}` span by the OpenTelemetry GenAI semantic conventions, and
 * the SDK calls the tool makes are its children.
 */
import { tracerOf } from "../core/observe/guarded-tracer.js";
import {
  markSpanFailed,
  PARENT_SPAN_OPTION,
  SPAN_KIND,
  type TraceContext,
} from "../core/observe/tracing.js";
import type { RequestOptions } from "../core/request-options.js";
import { isToolError, type ToolResult } from "./envelope.js";

/** What a host knows of one tool call besides its input. */
export interface ToolCallContext {
  /** The id the framework gave the call (`gen_ai.tool.call.id`), when it gives one. */
  readonly toolCallId?: string | undefined;
  /** The context the run's span starts in (a host's request span); default: the active one. */
  readonly traceContext?: TraceContext | undefined;
}

/**
 * Runs `run` inside an `execute_tool {name}` span when `client` has a tracer, handing it the
 * options that make the span the parent of the SDK calls; without a tracer, just runs it.
 */
export async function inToolSpan(
  client: unknown,
  name: string,
  call: ToolCallContext,
  options: RequestOptions | undefined,
  run: (options: RequestOptions | undefined) => Promise<ToolResult>,
): Promise<ToolResult> {
  const tracer = tracerOf(client);
  if (tracer === undefined) return run(options);
  const attributes: Record<string, string> = {
    "gen_ai.operation.name": "execute_tool",
    "gen_ai.tool.name": name,
    "gen_ai.tool.type": "function",
  };
  if (call.toolCallId) attributes["gen_ai.tool.call.id"] = call.toolCallId;
  const span = tracer.startSpan(
    `execute_tool ${name}`,
    { kind: SPAN_KIND.internal, attributes },
    call.traceContext,
  );
  try {
    const parented =
      span.raw === undefined ? options : { ...options, [PARENT_SPAN_OPTION]: span.raw };
    const result = await run(parented);
    if (isToolError(result)) markSpanFailed(span, result.error.code, result.error.message);
    return result;
  } catch (error) {
    markSpanFailed(span, error instanceof Error ? error.name : "_OTHER", String(error));
    if (error instanceof Error) span.recordException(error);
    throw error;
  } finally {
    span.end();
  }
}
