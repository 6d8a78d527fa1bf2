import { type OpenAIToolOptions, toOpenAIResponsesTools } from "./adapters.js";
import type { ConfirmOptions } from "./approval/acknowledgment-policy.js";
import { faceOptions } from "./face-options.js";
import type { JsonObject, ToolParameters } from "./json-schema.js";
import { confirmingGate, runThroughGate } from "./run-tool.js";
import type { ToolClient } from "./tool-client.js";
import { selectTools, type ToolSelection } from "./tool-selection.js";

/** {@link ToolParameters} with a mutable `required`, as the `openai` package's runner types it. */
export interface RunnableToolParameters {
  /** Always `"object"`. */
  type: "object";
  /** Each parameter's JSON Schema. */
  properties: { [key: string]: JsonObject };
  /** The parameters that must be sent. */
  required?: string[];
  /** Always `false`: unknown parameters are refused. */
  additionalProperties: false;
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
  const given = faceOptions(options, {
    readOnly: true,
    tools: true,
    strict: true,
    acknowledgment: true,
    confirm: true,
  });
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
