import { type AnthropicTool, type OpenAIToolOptions, toOpenAIResponsesTools } from "./adapters.js";
import type { ConfirmOptions } from "./approval/acknowledgment-policy.js";
import { faceOptions } from "./face-options.js";
import type { ToolParameters } from "./json-schema.js";
import { confirmingGate, runThroughGate, withSignal } from "./run-tool.js";
import type { ToolClient } from "./tool-client.js";
import { selectTools, type ToolSelection } from "./tool-selection.js";

/** The options every provider runner takes: which tools, and who acknowledges AI-ism matches. */
const RUNNER_OPTIONS = {
  readOnly: true,
  tools: true,
  acknowledgment: true,
  confirm: true,
} satisfies Record<keyof (ToolSelection & ConfirmOptions), true>;

/** {@link ToolParameters} with a mutable `required`, as the `openai` package's runner types it. */
export interface RunnableToolParameters
  extends Pick<ToolParameters, "type" | "properties" | "additionalProperties"> {
  /** The parameters that must be sent. */
  required?: string[];
  /** Any other JSON Schema keyword. */
  [keyword: string]: unknown;
}

/** A tool for the `openai` package's `openai.chat.completions.runTools`. */
export interface OpenAIRunnableTool {
  /** Always `"function"`. */
  readonly type: "function";
  /** The function the model may call, and the callback the runner calls with its arguments. */
  readonly function: {
    /** The tool name. */
    readonly name: string;
    /** The tool description, for the model. */
    readonly description: string;
    /** The JSON Schema of the tool's input. */
    readonly parameters: RunnableToolParameters;
    /** `true` when the schema is shaped for strict mode. */
    readonly strict: boolean;
    /** Runs the tool with the model's raw JSON arguments; resolves to the result as JSON text. */
    readonly function: (args: string) => Promise<string>;
  };
}

/**
 * Our tools for `openai.chat.completions.runTools`, which loops until the model stops calling
 * them. Each callback takes the model's raw JSON arguments (the runner's own parse would throw
 * on bad JSON before `runTool` could answer it) and returns `runTool`'s result as JSON text, so a
 * refusal reaches the model as the envelope with `error.channels` or `error.aiIsmMatches`.
 *
 * @param client - a `Postline` client.
 * @param options - which tools ({@link ToolSelection}), `strict` for strict-mode schemas, and
 *   `acknowledgment` and `confirm`: who acknowledges AI-ism matches (the runner has no approval
 *   step, so `confirm` asks the person; docs/approval.md).
 *
 * @example
 * ```ts
 * const runner = openai.chat.completions.runTools({
 *   model: "gpt-5",
 *   messages: [{ role: "user", content: "Draft a LinkedIn post about our export speed." }],
 *   tools: toOpenAIRunnableTools(client, { strict: true }),
 * });
 * console.log(await runner.finalContent());
 * ```
 */
export function toOpenAIRunnableTools(
  client: ToolClient,
  options?: ToolSelection & OpenAIToolOptions & ConfirmOptions,
): OpenAIRunnableTool[] {
  const given = faceOptions(options, { ...RUNNER_OPTIONS, strict: true });
  const gate = confirmingGate(client, given);
  return toOpenAIResponsesTools(selectTools(given), given).map(({ type, ...tool }) => ({
    type,
    function: {
      ...tool,
      parameters: tool.parameters as RunnableToolParameters,
      function: async (args: string) =>
        JSON.stringify(await runThroughGate(gate, tool.name, args, undefined)),
    },
  }));
}

/** A tool for the `@anthropic-ai/sdk` package's `anthropic.beta.messages.toolRunner`. */
export interface AnthropicRunnableTool extends Pick<AnthropicTool, "name" | "description"> {
  /** Always `"custom"`: a tool the client runs. */
  readonly type: "custom";
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
  const given = faceOptions(options, RUNNER_OPTIONS);
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
