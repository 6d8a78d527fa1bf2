/**
 * The AI SDK's `MockLanguageModelV4` set-ups the approval and framework tests share: a tool call
 * or a final text as one model turn, the last tool output a model read, and a person's answer to
 * every open approval request.
 */
import type { LanguageModelV4CallOptions, LanguageModelV4GenerateResult } from "@ai-sdk/provider";
import type { ModelMessage, ToolApprovalResponse } from "ai";

/** The token usage every scripted turn reports. */
export const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

let calls = 0;
/** A turn that calls `toolName`; `input` is sent as it is when a string, else as its JSON text. */
export function toolCall(toolName: string, input: unknown): LanguageModelV4GenerateResult {
  calls += 1;
  const text = typeof input === "string" ? input : JSON.stringify(input);
  return {
    content: [{ type: "tool-call", toolCallId: `call_${calls}`, toolName, input: text }],
    finishReason: { unified: "tool-calls", raw: "tool_calls" },
    usage,
    warnings: [],
  };
}

/** A turn that ends with `text`. */
export function finish(text: string): LanguageModelV4GenerateResult {
  return {
    content: [{ type: "text", text }],
    finishReason: { unified: "stop", raw: "stop" },
    usage,
    warnings: [],
  };
}

/** The last tool output the model was shown. */
export function lastToolOutput(options: LanguageModelV4CallOptions): unknown {
  const last = options.prompt.at(-1);
  if (last?.role !== "tool") return undefined;
  const part = last.content.at(-1);
  if (part?.type !== "tool-result") return undefined;
  return part.output.type === "json" ? part.output.value : part.output;
}

/** The person answers every open approval request of `content`, as a tool message. */
export function answerAll(content: readonly { type: string }[], approved: boolean): ModelMessage {
  const responses: ToolApprovalResponse[] = content
    .filter(
      (part): part is { type: "tool-approval-request"; approvalId: string } =>
        part.type === "tool-approval-request",
    )
    .map((part) => ({ type: "tool-approval-response", approvalId: part.approvalId, approved }));
  return { role: "tool", content: responses };
}
