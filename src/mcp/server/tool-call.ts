/**
 * One `tools/call` as `createMcpServer` answers it, in either protocol revision: the tool's
 * name and input, the host's cancel signal, its progress token and its trace context. A call
 * that would acknowledge AI-ism matches may answer with a question for the person instead
 * (`acknowledgment-round.ts`).
 */
import type { InputRequiredResult, Server, ServerContext } from "@modelcontextprotocol/server";
import { type TraceContext, withParentFrom } from "../../core/observe/tracing.js";
import type { RequestOptions } from "../../core/request-options.js";
import type { Gate, Ticket } from "../../tools/approval/index.js";
import { toolError } from "../../tools/envelope.js";
import { runThroughGate } from "../../tools/run-tool.js";
import { acknowledgmentRound } from "../ask/acknowledgment-round.js";
import { acknowledgmentAnswer } from "../ask/input-responses.js";
import { callResultOf, type McpCallResult } from "./call-result.js";
import { clientCanElicitForm } from "./declared-capabilities.js";
import type { McpTraceContext } from "./trace-context.js";
import { waitProgress } from "./wait-progress.js";

/** A `tools/call` request, read from its params and `_meta`. */
export interface McpToolCall {
  readonly name: string;
  /** Its arguments, unchecked: `runTool` validates them. */
  readonly input: unknown;
  /** Aborts when the host cancels the call or goes away. */
  readonly signal: AbortSignal;
  /** The host's `progressToken` when it is one MCP allows (a string or an integer). */
  readonly progressToken: string | number | undefined;
  /** The host's `traceparent` / `tracestate`, for a span that continues the host's trace. */
  readonly trace: McpTraceContext;
  /** The context the tool run's `execute_tool` span starts in (the request's server span). */
  readonly traceContext?: TraceContext | undefined;
}

/**
 * What a tool call needs besides the request: the server (what its host declared), the gate
 * (which holds the client), the served tools, the wait bound, and whether the host renders the
 * review card.
 */
export interface McpToolCallDeps {
  readonly server: Server;
  readonly gate: Gate;
  readonly servedNames: ReadonlySet<string>;
  readonly maxWaitMs: number;
  readonly showsCard: boolean;
}

/**
 * Runs the tool and shapes its result as the hosted endpoint does (`callResultOf`): an unknown or
 * unserved tool answers the contract's `unknown_tool` envelope; a call that approves or
 * schedules flagged text may answer `input_required` (the person's form) instead; a wait for a
 * rate-limit slot is bounded by `maxWaitMs`, sends progress when the host asked for it, and ends
 * on the host's cancel.
 */
export async function answerToolCall(
  call: McpToolCall,
  ctx: ServerContext,
  deps: McpToolCallDeps,
): Promise<McpCallResult | InputRequiredResult> {
  const { name, signal, progressToken } = call;
  // A malformed answer is refused before anything else, whichever tool the call names.
  const answer = acknowledgmentAnswer(ctx.mcpReq);
  if (!deps.servedNames.has(name)) {
    return callResultOf(
      toolError(
        "unknown_tool",
        `No tool is named "${name}" here. Available tools: ${[...deps.servedNames].join(", ")}.`,
      ),
    );
  }
  const callOptions = { signal, maxWaitMs: deps.maxWaitMs };
  if (progressToken === undefined) return runCall(call, ctx, deps, answer, callOptions);
  const progress = waitProgress(ctx, progressToken);
  try {
    return await runCall(call, ctx, deps, answer, {
      ...callOptions,
      onRateLimitWait: progress.onRateLimitWait,
    });
  } finally {
    progress.end();
  }
}

async function runCall(
  call: McpToolCall,
  ctx: ServerContext,
  deps: McpToolCallDeps,
  answer: "approve" | "decline" | undefined,
  options: RequestOptions,
): Promise<McpCallResult | InputRequiredResult> {
  const { gate } = deps;
  const input = call.input ?? {};
  // The person's review is read before the tool runs: a child of the request's server span.
  const round = await acknowledgmentRound(
    call.name,
    input,
    withParentFrom(options, call.traceContext),
    {
      gate,
      canElicit: clientCanElicitForm(deps.server, ctx),
      showsCard: deps.showsCard,
      answer,
      state: ctx.mcpReq.requestState() as Ticket | undefined,
    },
  );
  if ("ask" in round) return round.ask;
  if ("answer" in round) return callResultOf(round.answer);
  const { traceContext } = call;
  return callResultOf(
    await runThroughGate(gate, call.name, input, options, {
      proof: round.proof,
      context: { traceContext },
      decoded: round.call,
    }),
  );
}
