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
import {
  type JSONSchema7,
  jsonSchema,
  type ModelMessage,
  type Tool,
  type ToolApprovalStatus,
  tool,
} from "ai";
import type { ContentReview } from "../resources/content/review.js";
import {
  type AcknowledgmentOptions,
  type ApprovalStepOptions,
  approvalStepOf,
  questionText,
} from "../tools/approval/index.js";
import { faceOptions } from "../tools/face-options.js";
import type { ToolClient, ToolName, ToolResult, ToolSelection } from "../tools/index.js";
import { questionOf, STEP_OPTIONS, stepTools, TOOL_OPTIONS } from "./framework-plumbing.js";

export type {
  ApprovalStepOptions,
  PendingReviewStore,
  SignedReview,
} from "../tools/approval/index.js";

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
 * To have a person approve AI-ism matches, build the tools with {@link aiSdkToolsWithApproval},
 * which gives their `toolApproval` too; without it, `acknowledgment` (default `"ask"`) decides
 * (docs/approval.md).
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
  return toolSetOf(client, faceOptions(options, TOOL_OPTIONS));
}

function toolSetOf(client: ToolClient, options: AiSdkToolsOptions): PostlineAiSdkTools {
  const toolSet: PostlineAiSdkTools = {};
  for (const { definition, run } of stepTools(client, "ai-sdk", options)) {
    toolSet[definition.name] = tool({
      description: definition.description,
      // No `validate`: the AI SDK then passes the parsed input through to `execute` as it is.
      inputSchema: jsonSchema<unknown>(
        structuredClone(definition.parameters) as unknown as JSONSchema7,
      ),
      execute: (input: unknown, { abortSignal, toolCallId }) => run(input, abortSignal, toolCallId),
    });
  }
  return toolSet;
}

/** Options of {@link aiSdkToolsWithApproval}: the tools' and their approval's, in one object. */
export interface AiSdkToolsWithApprovalOptions
  extends AiSdkToolsOptions,
    AiSdkToolApprovalOptions {}

/** The tools and their `toolApproval`, built together for one client. */
export interface AiSdkToolsWithApproval {
  /** The `ToolSet` of {@link aiSdkTools}. */
  readonly tools: PostlineAiSdkTools;
  /** The `toolApproval` map for those tools. */
  readonly toolApproval: PostlineToolApproval;
}

/**
 * The Postline tools and their `toolApproval`, from one options object: what to pass to
 * `generateText`, `streamText` or `ToolLoopAgent` to have a person approve AI-ism matches
 * (docs/approval.md). Both share one approval step, so the review a person answers is the one
 * the tool acknowledges.
 *
 * @param client - a `Postline` client.
 * @param options - which tools (`readOnly`, `tools`), `acknowledgment` (default `"ask"`),
 *   `reviews` and `requestStateKey`; an unknown option name is an `InvalidRequestError` naming
 *   the nearest known one.
 *
 * @example
 * ```ts
 * const { tools, toolApproval } = aiSdkToolsWithApproval(client);
 * const result = await generateText({ model, tools, toolApproval, stopWhen: stepCountIs(8), prompt });
 * ```
 */
export function aiSdkToolsWithApproval(
  client: ToolClient,
  options?: AiSdkToolsWithApprovalOptions,
): AiSdkToolsWithApproval {
  const given = faceOptions(options, { ...TOOL_OPTIONS, ...STEP_OPTIONS });
  return { toolApproval: toolApprovalOf(client, given), tools: toolSetOf(client, given) };
}

/** Options of {@link aiSdkToolApproval}. */
export interface AiSdkToolApprovalOptions extends ApprovalStepOptions {}

/** What the AI SDK calls for one tool: the options it passes that we read. */
export type ApprovalFunction = (
  input: unknown,
  options: { readonly toolCallId: string; readonly messages: readonly ModelMessage[] },
) => Promise<ToolApprovalStatus>;

/** The `toolApproval` map of {@link aiSdkToolsWithApproval}, by tool name. */
export interface PostlineToolApproval {
  /** Asks a person before `update_content` approves text with AI-ism matches. */
  update_content?: ApprovalFunction;
  /** Asks a person before `schedule_content` schedules text with AI-ism matches. */
  schedule_content?: ApprovalFunction;
}

/**
 * The `toolApproval` for the tools of {@link aiSdkTools} built for the same client: a call whose
 * text has AI-ism matches becomes a `tool-approval-request` whose `reason` shows the matches and
 * the exact text, and only that text is acknowledged. With `acknowledgment: "model"` nobody is
 * asked.
 *
 * @deprecated Use {@link aiSdkToolsWithApproval}, which builds the tools and this approval
 * from one options object: `const { tools, toolApproval } = aiSdkToolsWithApproval(client)`.
 *
 * @param client - the `Postline` client the tools were built with.
 * @param options - `acknowledgment` (default `"ask"`), `reviews` and `requestStateKey`; an
 *   unknown option name is an `InvalidRequestError` naming the nearest known one.
 */
export function aiSdkToolApproval(
  client: ToolClient,
  options?: AiSdkToolApprovalOptions,
): PostlineToolApproval {
  return toolApprovalOf(client, faceOptions(options, STEP_OPTIONS));
}

function toolApprovalOf(client: ToolClient, options: ApprovalStepOptions): PostlineToolApproval {
  const step = approvalStepOf(client, "ai-sdk", options);
  if (step === undefined) return {};
  const approvalFor =
    (name: string): ApprovalFunction =>
    async (input, { toolCallId, messages }) => {
      // Re-checked as the answer comes back, in a process that never saw the question: let the
      // call go to `execute`, which finds no ticket and asks again instead of acknowledging.
      const answerComing = () => wasAsked(messages, toolCallId);
      const question = await questionOf(step, name, input, toolCallId, { answerComing });
      if (!question.asks) return "not-applicable";
      if (question.review === undefined) return { type: "user-approval" };
      return { type: "user-approval", reason: questionText(question.review) };
    };
  return {
    update_content: approvalFor("update_content"),
    schedule_content: approvalFor("schedule_content"),
  };
}

/** What the person reads: the matches, then the exact text. */
export function approvalReason(review: ContentReview): string {
  return questionText(review);
}

function wasAsked(messages: readonly ModelMessage[], toolCallId: string): boolean {
  return messages.some(
    (message) =>
      message.role === "assistant" &&
      Array.isArray(message.content) &&
      message.content.some(
        (part) => part.type === "tool-approval-request" && part.toolCallId === toolCallId,
      ),
  );
}
