/**
 * LangChain's `humanInTheLoopMiddleware` for the Postline tools: an approval or schedule of text
 * with AI-ism matches pauses the agent for a person, who approves or rejects (docs/frameworks.md).
 */
import type { ContentReview } from "../resources/content/review.js";
import {
  type AcknowledgmentOptions,
  acknowledgmentModeOf,
} from "../tools/approval/acknowledgment-policy.js";
import { describeMatches } from "../tools/approval/approval-envelopes.js";
import { approvalTarget } from "../tools/approval/approval-target.js";
import {
  type PendingReviewStore,
  registerApprovalStep,
} from "../tools/approval/pending-reviews.js";
import type { ToolClient } from "../tools/index.js";

/** A tool call as the middleware hands it over. */
export interface MiddlewareToolCall {
  /** The tool call's id. */
  readonly id?: string | undefined;
  /** The tool's name. */
  readonly name: string;
  /** The model's arguments. */
  readonly args: Record<string, unknown>;
}

/**
 * One tool's entry of `interruptOn` (LangChain's `InterruptOnConfig`): approve or reject only,
 * since an edit would change the text the person approved.
 */
export interface PostlineInterruptOn {
  /** Always `["approve", "reject"]`. */
  readonly allowedDecisions: ["approve", "reject"];
  /** Interrupts only for text with AI-ism matches (it reads the item). */
  readonly when: (request: { readonly toolCall: MiddlewareToolCall }) => Promise<boolean>;
  /** What the person reads: the matches, then the exact text. */
  readonly description: (toolCall: MiddlewareToolCall) => Promise<string>;
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
   * store when the agent may resume in another process.
   */
  readonly reviews?: PendingReviewStore | undefined;
}

/**
 * The `interruptOn` configuration of LangChain's `humanInTheLoopMiddleware` for the tools of
 * {@link langChainTools} built for the same client. It pauses `update_content` (to `pending`) and
 * `schedule_content` only when the text has AI-ism matches, with the matches and the exact text
 * as the description. Approve runs the call, which acknowledges only that text (re-read just
 * before the write); reject tells the model, and nothing is written. With
 * `acknowledgment: "model"` nothing pauses.
 *
 * @param client - the `Postline` client the tools were built with.
 * @param options - `acknowledgment` (default `"ask"`) and `reviews`.
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
  options: LangChainApprovalOptions = {},
): PostlineInterruptOnConfig {
  if (acknowledgmentModeOf(options) === "model") return {};
  const { reviews } = registerApprovalStep(client, options.reviews);

  /** The review for a call: the one taken when it was first asked, or a fresh one. */
  const reviewOf = async (toolCall: MiddlewareToolCall): Promise<ContentReview | undefined> => {
    const itemId = approvalTarget(toolCall.name, toolCall.args);
    if (itemId === undefined || toolCall.id === undefined) return undefined;
    // The middleware runs again when the agent resumes: the person's review stays the one asked.
    const known = await reviews.get(toolCall.id);
    if (known !== undefined) return known;
    let review: ContentReview;
    try {
      review = await client.content.review(itemId);
    } catch {
      return undefined; // the call itself reports the failure (not_found, ...)
    }
    if (!review.needsAcknowledgment) return undefined;
    await reviews.set(toolCall.id, review);
    return review;
  };
  const entry: PostlineInterruptOn = {
    allowedDecisions: ["approve", "reject"],
    when: async ({ toolCall }) => (await reviewOf(toolCall)) !== undefined,
    description: async (toolCall) => {
      const review = await reviewOf(toolCall);
      return review === undefined
        ? `${toolCall.name} needs no acknowledgment.`
        : `The text of ${review.itemId} matches AI-writing patterns: ` +
            `${describeMatches(review.aiIsmMatches)}. Approve this exact text?\n\n${review.text}`;
    },
  };
  return { update_content: entry, schedule_content: entry };
}
