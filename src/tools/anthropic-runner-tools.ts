import type { ConfirmOptions } from "./approval/acknowledgment-policy.js";
import { faceOptions } from "./face-options.js";
import type { ToolParameters } from "./json-schema.js";
import { confirmingGate, runThroughGate, withSignal } from "./run-tool.js";
import type { ToolClient } from "./tool-client.js";
import { selectTools, type ToolSelection } from "./tool-selection.js";

/** A tool for the `@anthropic-ai/sdk` package's `anthropic.beta.messages.toolRunner`. */
export interface AnthropicRunnableTool {
  /** Always `"custom"`: a tool the client runs. */
  readonly type: "custom";
  /** The tool name. */
  readonly name: string;
  /** The tool description, for the model. */
  readonly description: string;
  /** The JSON Schema of the tool's input. */
  readonly input_schema: ToolParameters;
  /** Hands the model's input on unchanged: `runTool` checks it, and answers a refusal. */
  readonly parse: (content: unknown) => unknown;
  /** Runs the tool; resolves to the result as JSON text. */
  readonly run: (
    input: unknown,
    context?: { readonly signal?: AbortSignal | null | undefined },
  ) => Promise<string>;
}

/**
 * Our tools for `anthropic.beta.messages.toolRunner`, which loops until the model stops calling
 * them. `parse` does not validate, so a model's bad input reaches `runTool`, whose refusal (the
 * envelope with `error.channels` or `error.aiIsmMatches`) is what the model reads next. The
 * runner's abort signal is passed to the SDK calls a tool makes.
 *
 * @param client - a `Postline` client.
 * @param options - which tools ({@link ToolSelection}); `acknowledgment` and `confirm` decide
 *   who acknowledges AI-ism matches (the runner has no approval step, so `confirm` asks the
 *   person; docs/approval.md).
 *
 * @example
 * ```ts
 * const finalMessage = await anthropic.beta.messages.toolRunner({
 *   model: "claude-sonnet-4-5",
 *   max_tokens: 2048,
 *   messages: [{ role: "user", content: "Draft a LinkedIn post about our export speed." }],
 *   tools: toAnthropicRunnableTools(client),
 * });
 * ```
 */
export function toAnthropicRunnableTools(
  client: ToolClient,
  options?: ToolSelection & ConfirmOptions,
): AnthropicRunnableTool[] {
  const given = faceOptions(options, {
    readOnly: true,
    tools: true,
    acknowledgment: true,
    confirm: true,
  });
  const gate = confirmingGate(client, given);
  return selectTools(given).map((tool) => ({
    type: "custom",
    name: tool.name,
    description: tool.description,
    input_schema: structuredClone(tool.parameters),
    parse: (content: unknown) => content,
    // The model's input is only known at run time: the gate checks it against the tool's schema.
    run: async (input, context) =>
      JSON.stringify(await runThroughGate(gate, tool.name, input, withSignal(context?.signal))),
  }));
}
