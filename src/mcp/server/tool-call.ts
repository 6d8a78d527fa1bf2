/**
 * One `tools/call` as `createMcpServer` answers it, in either protocol revision: the tool's
 * name and input, the host's cancel signal, its progress token and its trace context. A call
 * that would acknowledge AI-ism matches may answer with a question for the person, or the review
 * card, instead (`acknowledgment-round.ts`).
 */
import type { InputRequiredResult, ServerContext } from "@modelcontextprotocol/server";
import { type TraceContext, withParentFrom } from "../../core/observe/tracing.js";
import type { RequestOptions } from "../../core/request-options.js";
import type { Ticket } from "../../tools/approval/index.js";
import { toolError } from "../../tools/envelope.js";
import { type AcknowledgmentContext, acknowledgmentRound } from "../ask/acknowledgment-round.js";
import { acknowledgmentAnswer } from "../ask/input-responses.js";
import { CARD_TOOL_NAMES, cardAnswer } from "../ask/review-card/card-tools.js";
import { callResultOf, type McpCallResult } from "./call-result.js";
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
 * What a tool call needs besides the request: the gate (which holds the client), the served
 * tools, the wait bound, and what the call's host declared: a form it can show, the review card
 * it renders.
 */
export interface McpToolCallDeps
  extends Pick<AcknowledgmentContext, "gate" | "canElicit" | "showsCard"> {
  readonly servedNames: ReadonlySet<string>;
  readonly maxWaitMs: number;
}

/**
 * Runs the tool and shapes its result as the hosted endpoint does (`callResultOf`): an unknown or
 * unserved tool answers the contract's `unknown_tool` envelope; a call that approves or
 * schedules flagged text may answer `input_required` (the person's form) or, for a host that
 * renders it, the review card instead; a wait for a rate-limit slot is bounded by `maxWaitMs`,
 * sends progress when the host asked for it, and ends on the host's cancel.
 */
export async function answerToolCall(
  call: McpToolCall,
  ctx: ServerContext,
  deps: McpToolCallDeps,
): Promise<McpCallResult | InputRequiredResult> {
  const { name, signal, progressToken, traceContext } = call;
  // A malformed answer is refused before anything else, whichever tool the call names.
  const answer = acknowledgmentAnswer(ctx.mcpReq);
  const cardTool = deps.showsCard && CARD_TOOL_NAMES.has(name);
  if (!cardTool && !deps.servedNames.has(name)) {
    return callResultOf(
      toolError(
        "unknown_tool",
        `No tool is named "${name}" here. Available tools: ${[...deps.servedNames].join(", ")}.`,
      ),
    );
  }
  const progress = progressToken === undefined ? undefined : waitProgress(ctx, progressToken);
  const options: RequestOptions = {
    signal,
    maxWaitMs: deps.maxWaitMs,
    ...(progress === undefined ? {} : { onRateLimitWait: progress.onRateLimitWait }),
  };
  const input = call.input ?? {};
  try {
    const cardOptions = withParentFrom(options, traceContext);
    const carded = cardTool && (await cardAnswer(name, input, { ...deps, options: cardOptions }));
    if (carded) return carded;
    return await acknowledgmentRound(name, input, options, {
      ...deps,
      answer,
      state: ctx.mcpReq.requestState() as Ticket | undefined,
      traceContext,
    });
  } finally {
    progress?.end();
  }
}
