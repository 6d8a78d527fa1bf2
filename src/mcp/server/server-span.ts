/**
 * The MCP server span of a `tools/call` (OpenTelemetry MCP semantic conventions): `tools/call
 * {tool name}`, kind SERVER, continuing the host's trace from the request's `_meta`, and the
 * parent of the tool run's `execute_tool` span. One request is one span: when a 2025-11-25 host
 * is asked for the person's answer (`elicitation/create`, within the same request), the question
 * is an event of the span, and the run on the answer continues it.
 */
import { isInputRequiredResult, type ServerContext } from "@modelcontextprotocol/server";
import type { GuardedSpan, GuardedTracer } from "../../core/observe/guarded-tracer.js";
import { contextOfRemoteParent } from "../../core/observe/remote-parent.js";
import {
  contextWithParent,
  markSpanFailed,
  SPAN_KIND,
  type TraceContext,
} from "../../core/observe/tracing.js";
import type { McpToolCall } from "./tool-call.js";

/** What the span reads of one `tools/call` request besides the call itself. */
export interface McpRequestFacts {
  readonly ctx: ServerContext;
  /** The revision the request speaks, when known. */
  readonly protocolVersion: string | undefined;
}

/**
 * The first revision that returns `input_required` to the host, which asks again in a new
 * request. Toward an earlier one the MCP SDK sends `elicitation/create` itself and runs the
 * handler again on the answer, within the same request.
 */
const INPUT_REQUIRED_REVISION = "2026-07-28";

/**
 * How long a span waits for that second run at most: the MCP SDK's default round timeout (10
 * minutes), and a little more. The SDK answers a failed round without running the handler again.
 */
const ANSWER_WAIT_MS = 605_000;

/** Spans of requests whose person is being asked, by the request's abort signal. */
const awaitingAnswer = new WeakMap<AbortSignal, { span: GuardedSpan; stop(): void }>();

/**
 * Runs `run` inside the request's server span when there is a tracer, handing it the context the
 * tool run's span starts in; without a tracer, runs it with none. A request without a usable
 * `traceparent` starts a new trace.
 */
export async function inServerSpan<Result>(
  tracer: GuardedTracer | undefined,
  call: McpToolCall,
  facts: McpRequestFacts,
  run: (traceContext: TraceContext | undefined) => Promise<Result>,
): Promise<Result> {
  if (tracer === undefined) return run(undefined);
  // The request's abort signal is one object for every run of the handler within the request.
  const { signal } = call;
  const awaiting = awaitingAnswer.get(signal);
  awaitingAnswer.delete(signal);
  awaiting?.stop();
  const span =
    awaiting?.span ??
    tracer.startSpan(
      `tools/call ${call.name}`,
      { kind: SPAN_KIND.server, attributes: attributesOf(call, facts) },
      contextOfRemoteParent(call.trace.traceparent, call.trace.tracestate),
    );
  let asked = false;
  try {
    const raw = span.raw;
    const result = await run(typeof raw === "object" && raw ? contextWithParent(raw) : undefined);
    if (isInputRequiredResult(result) && answeredWithinRequest(facts.protocolVersion)) {
      askedPerson(span, result.inputRequests, signal);
      asked = true;
      return result;
    }
    // A tool's failure is a result with `isError`, not a JSON-RPC error: the conventions'
    // `tool_error`.
    if ((result as { isError?: unknown } | undefined)?.isError === true) {
      markSpanFailed(span, "tool_error", "the tool answered isError");
    }
    return result;
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === "number") span.setAttribute("rpc.response.status_code", String(code));
    const type =
      typeof code === "number" ? String(code) : error instanceof Error ? error.name : "_OTHER";
    markSpanFailed(span, type, error instanceof Error ? error.message : String(error));
    throw error;
  } finally {
    if (!asked) span.end();
  }
}

function answeredWithinRequest(protocolVersion: string | undefined): boolean {
  return protocolVersion === undefined || protocolVersion < INPUT_REQUIRED_REVISION;
}

/**
 * Records each question as an event and leaves the span open for the run on the answer. The span
 * ends with an error if the request is cancelled, or no answer comes back in time.
 */
function askedPerson(span: GuardedSpan, questions: unknown, signal: AbortSignal): void {
  for (const [key, question] of Object.entries(questions ?? {})) {
    const method = (question as { method?: unknown } | null)?.method;
    span.addEvent(typeof method === "string" ? method : "input_required", {
      "mcp.input_request.key": key,
    });
  }
  const onAbort = () => end("cancelled", "the request was cancelled while the person was asked");
  const timer = setTimeout(
    () => end("no_answer", "no answer from the person came back to the request"),
    ANSWER_WAIT_MS,
  );
  timer.unref?.();
  const stop = () => {
    clearTimeout(timer);
    signal.removeEventListener("abort", onAbort);
  };
  function end(type: string, message: string): void {
    if (awaitingAnswer.get(signal)?.span !== span) return;
    awaitingAnswer.delete(signal);
    stop();
    markSpanFailed(span, type, message);
    span.end();
  }
  signal.addEventListener("abort", onAbort, { once: true });
  awaitingAnswer.set(signal, { span, stop });
}

function attributesOf(call: McpToolCall, { ctx, protocolVersion }: McpRequestFacts) {
  return {
    "mcp.method.name": "tools/call",
    "gen_ai.operation.name": "execute_tool",
    "gen_ai.tool.name": call.name,
    "jsonrpc.request.id": String(ctx.mcpReq.id),
    ...(protocolVersion ? { "mcp.protocol.version": protocolVersion } : {}),
    ...(ctx.sessionId ? { "mcp.session.id": ctx.sessionId } : {}),
    ...(ctx.http === undefined
      ? {}
      : { "network.transport": "tcp", "network.protocol.name": "http" }),
  };
}
