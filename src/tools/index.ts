/**
 * `@postline/sdk/tools`: the Postline API as function-calling tools for any LLM framework.
 *
 * @example
 * ```ts
 * import { Postline } from "@postline/sdk";
 * import { runTool, toOpenAITools } from "@postline/sdk/tools";
 *
 * const client = new Postline();
 * const tools = toOpenAITools();
 * // ...for each tool call the model makes:
 * const result = await runTool(client, call.function.name, call.function.arguments);
 * ```
 *
 * @packageDocumentation
 */
export {
  type AnthropicTool,
  type OpenAIChatTool,
  type OpenAIFunction,
  type OpenAIResponsesTool,
  type OpenAIToolOptions,
  toAnthropicTools,
  toOpenAIResponsesTools,
  toOpenAITools,
} from "./adapters.js";
export type {
  AcknowledgmentMode,
  AcknowledgmentOptions,
  ConfirmAcknowledgment,
  ConfirmOptions,
} from "./approval/acknowledgment-policy.js";
export type { ToolAnnotations, ToolDefinition } from "./define-tool.js";
export {
  isToolError,
  type LocalToolErrorCode,
  type ToolErrorBody,
  type ToolErrorResult,
  type ToolResult,
} from "./envelope.js";
export type { JsonObject, JsonValue, ToolOutputSchema, ToolParameters } from "./json-schema.js";
export { type InputFor, type RunToolOptions, runTool } from "./run-tool.js";
export {
  type AnthropicRunnableTool,
  type OpenAIRunnableTool,
  type RunnableToolParameters,
  toAnthropicRunnableTools,
  toOpenAIRunnableTools,
} from "./runner-tools.js";
export { toStrictParameters } from "./strict-schema.js";
export type { ToolClient, ToolRequestOptions } from "./tool-client.js";
export {
  isToolName,
  type Tool,
  type ToolInput,
  type ToolInputs,
  type ToolName,
  tools,
} from "./tool-list.js";
export { selectTools, type ToolSelection } from "./tool-selection.js";
