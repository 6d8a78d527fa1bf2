/**
 * LangChain's `humanInTheLoopMiddleware` for the Postline tools: an approval or schedule of text
 * with AI-ism matches pauses the agent for a person, who approves or rejects (docs/frameworks.md).
 */
import {
  type AcknowledgmentOptions,
  acknowledgmentModeOf,
  type PendingReviewStore,
  questionText,
  registerApprovalStep,
  type SignedReview,
} from "../tools/approval/index.js";
import { faceOptions } from "../tools/face-options.js";
import type { ToolClient } from "../tools/index.js";

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

/** The `interruptOn` configuration {@link langChainApproval} returns, by tool name. */
// A type, not an interface: it is given where LangChain expects a record of tool names.
export type PostlineInterruptOnConfig = {
  /** Pauses before `update_content` approves text with AI-ism matches. */
  update_content?: PostlineInterruptOn;
  /** Pauses before `schedule_content` schedules text with AI-ism matches. */
  schedule_content?: PostlineInterruptOn;
};

/** Options of {@link langChainApproval}. */
export interface LangChainApprovalOptions extends AcknowledgmentOptions {
  /**
   * Where a review waits for the person's answer (default: this process's memory). Give a shared
   * store when the agent may resume in another process, and a shared `requestStateKey`.
   */
  readonly reviews?: PendingReviewStore | undefined;
  /**
   * The HMAC key (at least 32 bytes) that signs each review kept for an answer. Default: a random
   * key per process, so a resume in another process asks again.
   */
  readonly requestStateKey?: string | Uint8Array | undefined;
}

/**
 * The `interruptOn` configuration of LangChain's `humanInTheLoopMiddleware` for the tools of
 * {@link langChainTools} built for the same client. It pauses `update_content` (to `pending`) and
 * `schedule_content` only when the text has AI-ism matches, with the matches and the exact text
 * as the description. Approve runs the call, which acknowledges only that text (re-read just
 * before the write); reject tells the model, and nothing is written. With
 * `acknowledgment: "model"` nothing pauses. The review shown is kept, signed, in `reviews`: a
 * resume that finds no valid one for the call (another process without the shared store and key,
 * an edited store) never takes a fresh read for the person's answer; the call asks again.
 *
 * @param client - the `Postline` client the tools were built with.
 * @param options - `acknowledgment` (default `"ask"`), `reviews` and `requestStateKey`; an
 *   unknown option name is an `InvalidRequestError` naming the nearest known one.
 *
 * @example
 * ```ts
 * import { createAgent, humanInTheLoopMiddleware } from "langchain";
 * import { MemorySaver } from "@langchain/langgraph";
 *
 * const agent = createAgent({
 *   model,
 *   tools: langChainTools(client),
 *   middleware: [humanInTheLoopMiddleware({ interruptOn: langChainApproval(client) })],
 *   checkpointer: new MemorySaver(),
 * });
 * ```
 */
export function langChainApproval(
  client: ToolClient,
  options?: LangChainApprovalOptions,
): PostlineInterruptOnConfig {
  const given = faceOptions(options, {
    acknowledgment: true,
    reviews: true,
    requestStateKey: true,
  });
  if (acknowledgmentModeOf(given) === "model") return {};
  const step = registerApprovalStep(client, "langchain", {
    store: given.reviews,
    key: given.requestStateKey,
  });

  /**
   * Whether the call is asked about, and the review kept for it. The middleware runs again when
   * the agent resumes: then only the review kept when the question was asked counts, and a fresh
   * read decides whether the call still pauses but is never kept as the person's approval.
   */
  const questionOf = async (
    toolCall: MiddlewareToolCall,
    runtime: MiddlewareRuntime | undefined,
  ): Promise<{ readonly asks: boolean; readonly review?: SignedReview | undefined }> => {
    const callId = toolCall.id;
    const asked = { kind: "step", callId, ticket: undefined } as const;
    const decoded = await step.gate.decode(toolCall.name, toolCall.args, asked);
    if (!decoded.ok || decoded.call.itemId === undefined || callId === undefined) {
      return { asks: false };
    }
    const known = await step.reviews.get(callId);
    if (known !== undefined) return { asks: true, review: known };
    const review = await step.gate.ask(decoded.call, { scope: "step", callId });
    if (review === undefined) return { asks: false };
    if (!isResuming(runtime)) await step.reviews.set(callId, review);
    return { asks: true, review };
  };
  const entry: PostlineInterruptOn = {
    allowedDecisions: ["approve", "reject"],
    when: async ({ toolCall, runtime }) => (await questionOf(toolCall, runtime)).asks,
    description: async (toolCall, _state, runtime) => {
      const { review } = await questionOf(toolCall, runtime);
      return review === undefined
        ? `${toolCall.name} needs no acknowledgment.`
        : questionText(review);
    },
  };
  return { update_content: entry, schedule_content: entry };
}

/**
 * Whether the middleware runs again to apply a person's answer (LangGraph's `Command({ resume })`):
 * the resume values LangGraph's `interrupt()` reads from the task's scratchpad.
 */
function isResuming(runtime: MiddlewareRuntime | undefined): boolean {
  const scratchpad = runtime?.configurable?.__pregel_scratchpad as
    | { readonly resume?: unknown; readonly nullResume?: unknown }
    | undefined;
  return (
    (Array.isArray(scratchpad?.resume) && scratchpad.resume.length > 0) ||
    scratchpad?.nullResume !== undefined
  );
}
