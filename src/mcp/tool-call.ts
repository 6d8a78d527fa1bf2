/**
 * One `tools/call` as `createMcpServer` answers it, in either protocol revision: the tool's
 * name and input, the host's cancel signal, its progress token and its trace context. Kept apart
 * from the SDK's request handler so that a tool can later answer with a question for the person
 * (`input_required` in 2026-07-28, elicitation in 2025-11-25) without rewiring the server.
 */
import { toolError } from "../tools/envelope.js";
import { runTool } from "../tools/run-tool.js";
import type { ToolClient } from "../tools/tool-client.js";
import { callResultOf, type McpCallResult } from "./call-result.js";
import type { McpTraceContext } from "./trace-context.js";
import { WaitProgress } from "./wait-progress.js";

/** A `tools/call` request, read from its params and `_meta`. */
export interface McpToolCall {
  /** The tool the host called. */
  readonly name: string;
  /** Its arguments, unchecked: `runTool` validates them. */
  readonly input: unknown;
  /** Aborts when the host cancels the call or goes away. */
  readonly signal: AbortSignal;
  /** The host's `progressToken` when it is one MCP allows (a string or an integer). */
  readonly progressToken: string | number | undefined;
  /** The host's `traceparent` / `tracestate`, for a span that continues the host's trace. */
  readonly trace: McpTraceContext;
}

/** What a tool call needs besides the request: the client, the served tools, the wait bound. */
export interface McpToolCallDeps {
  readonly client: ToolClient;
  readonly servedNames: ReadonlySet<string>;
  readonly maxWaitMs: number;
  /** Sends one `notifications/progress` for this call. */
  readonly sendProgress: (params: {
    progressToken: string | number;
    progress: number;
    message: string;
  }) => Promise<void>;
}

/**
 * Runs the tool and shapes its result as the hosted endpoint does (`callResultOf`): an unknown or
 * unserved tool answers the contract's `unknown_tool` envelope; a wait for a rate-limit slot is
 * bounded by `maxWaitMs`, sends progress when the host asked for it, and ends on the host's
 * cancel.
 */
export async function answerToolCall(
  call: McpToolCall,
  deps: McpToolCallDeps,
): Promise<McpCallResult> {
  const { name, input, signal, progressToken } = call;
  if (!deps.servedNames.has(name)) {
    return callResultOf(
      toolError(
        "unknown_tool",
        `No tool is named "${name}" here. Available tools: ${[...deps.servedNames].join(", ")}.`,
      ),
    );
  }
  const callOptions = { signal, maxWaitMs: deps.maxWaitMs };
  if (progressToken === undefined) {
    return callResultOf(await runTool(deps.client, name, input ?? {}, callOptions));
  }
  const progress = new WaitProgress((update) => deps.sendProgress({ progressToken, ...update }));
  try {
    const { onRateLimitWait } = progress;
    return callResultOf(
      await runTool(deps.client, name, input ?? {}, { ...callOptions, onRateLimitWait }),
    );
  } finally {
    progress.end();
  }
}
