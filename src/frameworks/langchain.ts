/**
 * `@postline/sdk/langchain`: the Postline tools as LangChain structured tools
 * (`@langchain/core`), for a chat model's `bindTools`, LangGraph's `ToolNode` or `createAgent`.
 *
 * @example
 * ```ts
 * import { Postline } from "@postline/sdk";
 * import { langChainTools } from "@postline/sdk/langchain";
 *
 * const tools = langChainTools(new Postline());
 * const model = chatModel.bindTools(tools);
 * ```
 *
 * @packageDocumentation
 */
import { type DynamicStructuredTool, tool } from "@langchain/core/tools";
import type { z } from "zod";
import {
  type AcknowledgmentOptions,
  type ApprovalStepOptions,
  approvalStepOf,
  questionText,
} from "../tools/approval/index.js";
import { faceOptions } from "../tools/face-options.js";
import type { JsonObject, ToolClient, ToolParameters, ToolSelection } from "../tools/index.js";
import { questionOf, STEP_OPTIONS, stepTools, TOOL_OPTIONS } from "./framework-plumbing.js";

export type {
  ApprovalStepOptions,
  PendingReviewStore,
  SignedReview,
} from "../tools/approval/index.js";

/** Which tools {@link langChainTools} returns, and who may acknowledge AI-ism matches. */
export interface LangChainToolsOptions extends ToolSelection, AcknowledgmentOptions {}

/**
 * A Standard Schema that shows a model the tool's real JSON Schema (through Standard JSON
 * Schema, which LangChain reads when it binds tools) and accepts any input, so LangChain raises no
 * `ToolInputParsingException` of its own and `runTool` answers bad input with our envelope.
 */
interface AdvertisedSchema {
  readonly "~standard": z.core.ZodStandardSchemaWithJSON<z.ZodType<JsonObject, unknown>>;
}

function advertise(parameters: ToolParameters): AdvertisedSchema {
  const schema = () => structuredClone(parameters) as Record<string, unknown>;
  return {
    "~standard": {
      version: 1,
      vendor: "postline",
      validate: (value) => ({ value: value as JsonObject }),
      jsonSchema: { input: schema, output: schema },
    },
  };
}

/**
 * The Postline tools as LangChain tools, built with `tool()` from `@langchain/core/tools`. Each
 * advertises its JSON Schema but lets LangChain validate nothing, so a model that leaves out
 * `channelId` reads our `validation_error` with `error.channels` rather than "Received tool input
 * did not match expected schema". The tool message's content is the result as JSON text, and its
 * `artifact` is the same result as an object. The run's abort signal stops the SDK calls.
 *
 * To have a person approve AI-ism matches, build the tools with
 * {@link langChainToolsWithApproval}, which gives the `interruptOn` of `humanInTheLoopMiddleware`
 * too; without it, `acknowledgment` (default `"ask"`) decides (docs/approval.md).
 *
 * @param client - a `Postline` client.
 * @param options - `{ readOnly?, tools?, acknowledgment? }`: which tools to return (default: all);
 *   an unknown option name is an `InvalidRequestError` naming the nearest known one.
 *
 * @example
 * ```ts
 * const model = chatModel.bindTools(langChainTools(client, { readOnly: true }));
 * ```
 */
export function langChainTools(
  client: ToolClient,
  options?: LangChainToolsOptions,
): DynamicStructuredTool[] {
  return toolsOf(client, faceOptions(options, TOOL_OPTIONS));
}

function toolsOf(client: ToolClient, options: LangChainToolsOptions): DynamicStructuredTool[] {
  return stepTools(client, "langchain", options).map(({ definition, run }) =>
    tool(
      async (input: unknown, config) => {
        const result = await run(input, config?.signal, config?.toolCall?.id);
        return [JSON.stringify(result), result];
      },
      {
        name: definition.name,
        description: definition.description,
        // Typed as a JSON Schema object so `tool()` builds a structured tool; LangChain reads the
        // Standard Schema marker at run time.
        schema: advertise(definition.parameters) as unknown as Record<string, unknown>,
        responseFormat: "content_and_artifact",
      },
    ),
  );
}

/** Options of {@link langChainToolsWithApproval}: the tools' and their approval's, in one object. */
export interface LangChainToolsWithApprovalOptions
  extends LangChainToolsOptions,
    LangChainApprovalOptions {}

/** The tools and the `interruptOn` of their approval, built together for one client. */
export interface LangChainToolsWithApproval {
  /** The tools of {@link langChainTools}. */
  readonly tools: DynamicStructuredTool[];
  /** The `interruptOn` of `humanInTheLoopMiddleware` for those tools. */
  readonly interruptOn: PostlineInterruptOnConfig;
}

/**
 * The Postline tools and the `interruptOn` configuration of LangChain's
 * `humanInTheLoopMiddleware`, from one options object: the agent pauses for a person before
 * `update_content` approves or `schedule_content` schedules text with AI-ism matches
 * (docs/frameworks.md). Both share one approval step, so the review a person answers is the one
 * the tool acknowledges.
 *
 * @param client - a `Postline` client.
 * @param options - which tools (`readOnly`, `tools`), `acknowledgment` (default `"ask"`),
 *   `reviews` and `requestStateKey`; an unknown option name is an `InvalidRequestError` naming
 *   the nearest known one.
 *
 * @example
 * ```ts
 * const { tools, interruptOn } = langChainToolsWithApproval(client);
 * const agent = createAgent({
 *   model,
 *   tools,
 *   middleware: [humanInTheLoopMiddleware({ interruptOn })],
 *   checkpointer: new MemorySaver(),
 * });
 * ```
 */
export function langChainToolsWithApproval(
  client: ToolClient,
  options?: LangChainToolsWithApprovalOptions,
): LangChainToolsWithApproval {
  const given = faceOptions(options, { ...TOOL_OPTIONS, ...STEP_OPTIONS });
  return { interruptOn: interruptOnOf(client, given), tools: toolsOf(client, given) };
}

/** A tool call as the middleware hands it over. */
export interface MiddlewareToolCall {
  /** The tool call's id. */
  readonly id?: string | undefined;
  /** The tool's name. */
  readonly name: string;
  /** The model's arguments (an object, or the JSON text a model sent instead). */
  readonly args: Record<string, unknown> | string;
}

/** What the middleware tells `when` of the run: its configurable, where a resume shows. */
export interface MiddlewareRuntime {
  /** The run's configurable: LangGraph keeps the answers a resume carries there. */
  readonly configurable?: Record<string, unknown> | undefined;
}

/**
 * One tool's entry of `interruptOn` (LangChain's `InterruptOnConfig`): approve or reject only,
 * since an edit would change the text the person approved.
 */
export interface PostlineInterruptOn {
  /** Always `["approve", "reject"]`. */
  readonly allowedDecisions: ["approve", "reject"];
  /** Interrupts only for text with AI-ism matches (it reads the item). */
  readonly when: (request: {
    readonly toolCall: MiddlewareToolCall;
    readonly runtime?: MiddlewareRuntime | undefined;
  }) => Promise<boolean>;
  /** What the person reads: the matches, then the exact text. */
  readonly description: (
    toolCall: MiddlewareToolCall,
    state?: unknown,
    runtime?: MiddlewareRuntime,
  ) => Promise<string>;
}

/** The `interruptOn` configuration of {@link langChainToolsWithApproval}, by tool name. */
// A type, not an interface: it is given where LangChain expects a record of tool names.
export type PostlineInterruptOnConfig = {
  /** Pauses before `update_content` approves text with AI-ism matches. */
  update_content?: PostlineInterruptOn;
  /** Pauses before `schedule_content` schedules text with AI-ism matches. */
  schedule_content?: PostlineInterruptOn;
};

/** Options of {@link langChainApproval}. */
export interface LangChainApprovalOptions extends ApprovalStepOptions {}

/**
 * The `interruptOn` of `humanInTheLoopMiddleware` for the tools of {@link langChainTools} built
 * for the same client: `update_content` and `schedule_content` pause only when the text has
 * AI-ism matches. The review shown is kept, signed, in `reviews`; a resume that finds no valid
 * one for the call never takes a fresh read as the person's answer, and the call asks again.
 *
 * @deprecated Use {@link langChainToolsWithApproval}, which builds the tools and this
 * configuration from one options object: `const { tools, interruptOn } =
 * langChainToolsWithApproval(client)`.
 *
 * @param client - the `Postline` client the tools were built with.
 * @param options - `acknowledgment` (default `"ask"`), `reviews` and `requestStateKey`; an
 *   unknown option name is an `InvalidRequestError` naming the nearest known one.
 */
export function langChainApproval(
  client: ToolClient,
  options?: LangChainApprovalOptions,
): PostlineInterruptOnConfig {
  return interruptOnOf(client, faceOptions(options, STEP_OPTIONS));
}

function interruptOnOf(client: ToolClient, given: ApprovalStepOptions): PostlineInterruptOnConfig {
  const step = approvalStepOf(client, "langchain", given);
  if (step === undefined) return {};
  // The middleware runs again on resume. Then a fresh read may pause the call but is never kept
  // as the person's approval.
  const questionOfCall = (toolCall: MiddlewareToolCall, runtime: MiddlewareRuntime | undefined) =>
    questionOf(step, toolCall.name, toolCall.args, toolCall.id, { keep: !isResuming(runtime) });
  const entry: PostlineInterruptOn = {
    allowedDecisions: ["approve", "reject"],
    when: async ({ toolCall, runtime }) => (await questionOfCall(toolCall, runtime)).asks,
    description: async (toolCall, _state, runtime) => {
      const question = await questionOfCall(toolCall, runtime);
      return question.asks && question.review !== undefined
        ? questionText(question.review)
        : `${toolCall.name} needs no acknowledgment.`;
    },
  };
  return { update_content: entry, schedule_content: entry };
}

/** Whether LangGraph's `Command({ resume })` is applying a person's answer. */
function isResuming(runtime: MiddlewareRuntime | undefined): boolean {
  const { resume, nullResume } = (runtime?.configurable?.__pregel_scratchpad ?? {}) as {
    readonly resume?: unknown;
    readonly nullResume?: unknown;
  };
  return (Array.isArray(resume) && resume.length > 0) || nullResume !== undefined;
}
