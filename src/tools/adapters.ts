import type { ToolDefinition } from "./define-tool.js";
import type { ToolParameters } from "./json-schema.js";
import { toStrictParameters, wantsStrict } from "./strict-schema.js";
import { tools } from "./tool-list.js";

/** Options of the OpenAI adapters. */
export interface OpenAIToolOptions {
  /**
   * Emit schemas for OpenAI strict function calling (`strict: true`): every property required,
   * optional ones nullable, unsupported keywords dropped. `runTool` reads `null` as "not given".
   * Default `false`.
   */
  readonly strict?: boolean | undefined;
}

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
  /** Present and `true` when the schema is shaped for strict mode. */
  readonly strict?: true;
}

/** A tool in the OpenAI Responses API `tools` format: an {@link OpenAIFunction} at the top level. */
export interface OpenAIResponsesTool
  extends Pick<OpenAIFunction, "name" | "description" | "parameters"> {
  /** Always `"function"`. */
  readonly type: "function";
  /** Whether the schema is shaped for strict mode (see {@link OpenAIToolOptions}). */
  readonly strict: boolean;
}

/** A tool in the Anthropic Messages API `tools` format. */
export interface AnthropicTool {
  /** The tool name. */
  readonly name: string;
  /** The tool description, for the model. */
  readonly description: string;
  /**
   * The JSON Schema of the tool's input. `required` is a mutable array, as the Anthropic SDK's
   * `Tool` type declares it, so the list goes straight into `messages.create({ tools })`.
   */
  readonly input_schema: ToolParameters & {
    /** The names of the parameters the tool requires. */
    readonly required?: string[];
  };
}

/**
 * Shapes tools for OpenAI Chat Completions (and compatible APIs):
 * `{ type: "function", function: { name, description, parameters } }`.
 *
 * @example
 * ```ts
 * const completion = await openai.chat.completions.create({ model, messages, tools: toOpenAITools() });
 * // strict function calling: optional parameters become nullable, and runTool reads null as absent
 * const strictTools = toOpenAITools(undefined, { strict: true });
 * ```
 */
export function toOpenAITools(
  list: readonly ToolDefinition[] = tools,
  options: OpenAIToolOptions = {},
): OpenAIChatTool[] {
  // The Responses shape with the function nested, and `strict` only where it is true.
  return toOpenAIResponsesTools(list, options).map(({ type, strict, ...func }) => ({
    type,
    function: strict ? { ...func, strict } : func,
  }));
}

/**
 * Shapes tools for the OpenAI Responses API: `{ type: "function", name, description, parameters,
 * strict }`. `strict` is `false` unless `options.strict` asks for strict-mode schemas.
 *
 * @example
 * ```ts
 * const response = await openai.responses.create({
 *   model,
 *   input,
 *   tools: toOpenAIResponsesTools(undefined, { strict: true }),
 * });
 * ```
 */
export function toOpenAIResponsesTools(
  list: readonly ToolDefinition[] = tools,
  options: OpenAIToolOptions = {},
): OpenAIResponsesTool[] {
  const strict = wantsStrict(options);
  return list.map((tool) => ({
    type: "function",
    name: tool.name,
    description: tool.description,
    // Each adapter hands out its own copy, so a caller that mutates it breaks nothing.
    parameters: strict ? toStrictParameters(tool.parameters) : structuredClone(tool.parameters),
    strict,
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
  return list.map((tool) => {
    const { required, ...schema } = structuredClone(tool.parameters);
    return {
      name: tool.name,
      description: tool.description,
      input_schema: required ? { ...schema, required: [...required] } : schema,
    };
  });
}
