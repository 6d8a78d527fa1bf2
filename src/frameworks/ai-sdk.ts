/**
 * `@postline/sdk/ai-sdk`: the Postline tools as a `ToolSet` for the Vercel AI SDK (`ai` v7).
 *
 * @example
 * ```ts
 * import { generateText, stepCountIs } from "ai";
 * import { Postline } from "@postline/sdk";
 * import { aiSdkTools } from "@postline/sdk/ai-sdk";
 *
 * const { text } = await generateText({
 *   model,
 *   tools: aiSdkTools(new Postline()),
 *   stopWhen: stepCountIs(8),
 *   prompt: "Draft a LinkedIn post about our export speed.",
 * });
 * ```
 *
 * @packageDocumentation
 */
import { type JSONSchema7, jsonSchema, type Tool, tool } from "ai";
import {
  type AcknowledgmentOptions,
  acknowledgmentModeOf,
  createGate,
  stepOf,
} from "../tools/approval/index.js";
import { faceOptions } from "../tools/face-options.js";
import {
  selectTools,
  type ToolClient,
  type ToolName,
  type ToolResult,
  type ToolSelection,
} from "../tools/index.js";
import { runThroughGate } from "../tools/run-tool.js";
import { withSignal } from "./request-options.js";

export type { PendingReviewStore, SignedReview } from "../tools/approval/index.js";
export {
  type AiSdkToolApprovalOptions,
  type ApprovalFunction,
  aiSdkToolApproval,
  approvalReason,
  type PostlineToolApproval,
} from "./ai-sdk-approval.js";

/** Which tools {@link aiSdkTools} returns, and who may acknowledge AI-ism matches. */
export interface AiSdkToolsOptions extends ToolSelection, AcknowledgmentOptions {}

/** The tools {@link aiSdkTools} returns, by tool name: a `ToolSet` for `ai`. */
export type PostlineAiSdkTools = Partial<Record<ToolName, Tool<unknown, ToolResult>>>;

/**
 * The Postline tools as AI SDK tools, built with `tool()` and `jsonSchema()` from `ai`, for
 * `generateText`, `streamText` or an `Agent`. The model is shown each tool's JSON Schema, but
 * the AI SDK is given no validator for it: `runTool` checks the input, so a model that leaves out
 * `channelId` reads our `validation_error` with `error.channels`, not the AI SDK's generic
 * "Invalid input". Each result, success or envelope, is the tool's output; the AI SDK's abort
 * signal stops the SDK calls a tool makes.
 *
 * Pass {@link aiSdkToolApproval} for the same client as `toolApproval` to have a person approve
 * AI-ism matches; without it, `acknowledgment` (default `"ask"`) decides (docs/approval.md).
 *
 * @param client - a `Postline` client.
 * @param options - `{ readOnly?, tools?, acknowledgment? }`: which tools to return (default: all);
 *   an unknown option name is an `InvalidRequestError` naming the nearest known one.
 *
 * @example
 * ```ts
 * const tools = aiSdkTools(client, { tools: ["list_channels", "create_content_draft"] });
 * ```
 */
export function aiSdkTools(client: ToolClient, options?: AiSdkToolsOptions): PostlineAiSdkTools {
  const given = faceOptions(options, { readOnly: true, tools: true, acknowledgment: true });
  const own = createGate({ client, mode: acknowledgmentModeOf(given) });
  const toolSet: PostlineAiSdkTools = {};
  for (const definition of selectTools(given)) {
    const name: string = definition.name;
    toolSet[definition.name] = tool({
      description: definition.description,
      // No `validate`: the AI SDK then passes the parsed input through to `execute` as it is.
      inputSchema: jsonSchema<unknown>(
        structuredClone(definition.parameters) as unknown as JSONSchema7,
      ),
      execute: async (input: unknown, { abortSignal, toolCallId }): Promise<ToolResult> => {
        const { gate, proof } = await stepOf(own, "ai-sdk", toolCallId);
        const context = { toolCallId };
        return runThroughGate(gate, name, input, withSignal(abortSignal), { proof, context });
      },
    });
  }
  return toolSet;
}
