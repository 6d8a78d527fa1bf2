/**
 * The MCP server span of a `tools/call` (OpenTelemetry MCP semantic conventions): `tools/call
 * {tool name}`, kind SERVER, continuing the host's trace from the request's `_meta`, and the
 * parent of the tool run's `execute_tool` span.
 */
import type { GuardedSpan, GuardedTracer } from "../core/observe/guarded-tracer.js";
import { contextOfRemoteParent } from "../core/observe/remote-parent.js";
import {
  contextWithParent,
  SPAN_KIND,
  SPAN_STATUS_ERROR,
  type TraceContext,
} from "../core/observe/tracing.js";
import type { McpTraceContext } from "./trace-context.js";

/** What the server knows of one `tools/call` request besides its arguments. */
export interface McpRequestFacts {
  readonly toolName: string;
  /** The host's `traceparent` / `tracestate`, when well formed. */
  readonly trace: McpTraceContext;
  /** The JSON-RPC request id. */
  readonly requestId: string | number;
  /** The revision the request speaks, when known. */
  readonly protocolVersion?: string | undefined;
  /** The transport's session id, when there is one. */
  readonly sessionId?: string | undefined;
  /** Whether the request came over Streamable HTTP. */
  readonly overHttp: boolean;
}

/**
 * Runs `run` inside the request's server span when there is a tracer, handing it the context the
 * tool run's span starts in; without a tracer, runs it with none. A request without a usable
 * `traceparent` starts a new trace.
 */
export async function inServerSpan<Result>(
  tracer: GuardedTracer | undefined,
  facts: McpRequestFacts,
  run: (traceContext: TraceContext | undefined) => Promise<Result>,
): Promise<Result> {
  if (tracer === undefined) return run(undefined);
  const parent = contextOfRemoteParent(facts.trace.traceparent, facts.trace.tracestate);
  const span = tracer.startSpan(
    `tools/call ${facts.toolName}`,
    { kind: SPAN_KIND.server, attributes: attributesOf(facts) },
    parent,
  );
  try {
    const raw = span.raw;
    const result = await run(typeof raw === "object" && raw ? contextWithParent(raw) : undefined);
    // A tool's failure is a result with `isError`, not a JSON-RPC error: the conventions'
    // `tool_error`.
    if ((result as { isError?: unknown } | undefined)?.isError === true) {
      failed(span, "tool_error", "the tool answered isError");
    }
    return result;
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === "number") span.setAttribute("rpc.response.status_code", String(code));
    const type = typeof code === "number" ? String(code) : errorName(error);
    failed(span, type, error instanceof Error ? error.message : String(error));
    throw error;
  } finally {
    span.end();
  }
}

function attributesOf(facts: McpRequestFacts): Record<string, string> {
  const attributes: Record<string, string> = {
    "mcp.method.name": "tools/call",
    "gen_ai.operation.name": "execute_tool",
    "gen_ai.tool.name": facts.toolName,
    "jsonrpc.request.id": String(facts.requestId),
  };
  if (facts.protocolVersion) attributes["mcp.protocol.version"] = facts.protocolVersion;
  if (facts.sessionId) attributes["mcp.session.id"] = facts.sessionId;
  if (facts.overHttp) {
    attributes["network.transport"] = "tcp";
    attributes["network.protocol.name"] = "http";
  }
  return attributes;
}

function failed(span: GuardedSpan, type: string, message: string): void {
  span.setAttribute("error.type", type);
  span.setStatus({ code: SPAN_STATUS_ERROR, message });
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : "_OTHER";
}
