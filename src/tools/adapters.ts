import type { ToolDefinition } from "./define-tool.js";
import type { ToolParameters } from "./json-schema.js";
import { tools } from "./tool-list.js";

/** A tool in the OpenAI Chat Completions `tools` format. */
export interface OpenAIChatTool {
  /** Always `"function"`. */
  readonly type: "function";
  /** The function the model may call. */
  readonly function: OpenAIFunction;
}

/** The `function` of an {@link OpenAIChatTool}. */
export interface OpenAIFunction {
  /** The tool name. */
  readonly name: string;
  /** The tool description, for the model. */
  readonly description: string;
  /** The JSON Schema of the tool's input. */
  readonly parameters: ToolParameters;
}

/** A tool in the OpenAI Responses API `tools` format. */
export interface OpenAIResponsesTool {
  /** Always `"function"`. */
  readonly type: "function";
  /** The tool name. */
  readonly name: string;
  /** The tool description, for the model. */
  readonly description: string;
  /** The JSON Schema of the tool's input. */
  readonly parameters: ToolParameters;
  /** Off: strict mode would need every property to be required. */
  readonly strict: false;
}

/** A tool in the Anthropic Messages API `tools` format. */
export interface AnthropicTool {
  /** The tool name. */
  readonly name: string;
  /** The tool description, for the model. */
  readonly description: string;
  /** The JSON Schema of the tool's input. */
  readonly input_schema: ToolParameters;
}

// Each adapter hands out its own copy of the schema, so a caller that mutates it breaks nothing.
function copyOf(parameters: ToolParameters): ToolParameters {
  return structuredClone(parameters);
}

/**
 * Shapes tools for OpenAI Chat Completions (and compatible APIs):
 * `{ type: "function", function: { name, description, parameters } }`.
 *
 * @example
 * ```ts
 * const completion = await openai.chat.completions.create({ model, messages, tools: toOpenAITools() });
 * ```
 */
export function toOpenAITools(list: readonly ToolDefinition[] = tools): OpenAIChatTool[] {
  return list.map((tool) => ({
    type: "function",
    function: {
      name: tool.name,
      description: tool.description,
      parameters: copyOf(tool.parameters),
    },
  }));
}

/**
 * Shapes tools for the OpenAI Responses API: `{ type: "function", name, description, parameters,
 * strict: false }` (strict mode would need every property required).
 */
export function toOpenAIResponsesTools(
  list: readonly ToolDefinition[] = tools,
): OpenAIResponsesTool[] {
  return list.map((tool) => ({
    type: "function",
    name: tool.name,
    description: tool.description,
    parameters: copyOf(tool.parameters),
    strict: false,
  }));
}

/**
 * Shapes tools for the Anthropic Messages API: `{ name, description, input_schema }`.
 *
 * @example
 * ```ts
 * const message = await anthropic.messages.create({ model, max_tokens, messages, tools: toAnthropicTools() });
 * ```
 */
export function toAnthropicTools(list: readonly ToolDefinition[] = tools): AnthropicTool[] {
  return list.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: copyOf(tool.parameters),
  }));
}
