/**
 * The AI SDK's `toolApproval` for the Postline tools: an approval or schedule of text with AI-ism
 * matches becomes a `tool-approval-request` a person answers (docs/approval.md).
 */
import type { ModelMessage, ToolApprovalStatus } from "ai";
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

/** Options of {@link aiSdkToolApproval}. */
export interface AiSdkToolApprovalOptions extends AcknowledgmentOptions {
  /**
   * Where a review waits for the person's answer (default: this process's memory). Give a shared
   * store when another server instance may receive the answer; without the review, the call asks
   * again.
   */
  readonly reviews?: PendingReviewStore | undefined;
}

/** What the AI SDK calls for one tool: the options it passes that we read. */
export type ApprovalFunction = (
  input: unknown,
  options: { readonly toolCallId: string; readonly messages: readonly ModelMessage[] },
) => Promise<ToolApprovalStatus>;

/** The `toolApproval` map {@link aiSdkToolApproval} returns, by tool name. */
export interface PostlineToolApproval {
  /** Asks a person before `update_content` approves text with AI-ism matches. */
  update_content?: ApprovalFunction;
  /** Asks a person before `schedule_content` schedules text with AI-ism matches. */
  schedule_content?: ApprovalFunction;
}

/**
 * The `toolApproval` for `generateText`, `streamText` or `ToolLoopAgent`, with the tools of
 * {@link aiSdkTools} built for the same client. When `update_content` approves or
 * `schedule_content` schedules an item whose text has AI-ism matches, the call becomes a
 * `tool-approval-request` whose `reason` shows the matches and the exact text. The tool's
 * `execute` then acknowledges only that text, re-read just before the write; a text edited
 * meanwhile tells the model to call again, which asks again. The model's own
 * `acknowledgeAiIsms` is never sent. With `acknowledgment: "model"` nobody is asked.
 *
 * @param client - the `Postline` client the tools were built with.
 * @param options - `acknowledgment` (default `"ask"`) and `reviews`.
 *
 * @example
 * ```ts
 * const result = await generateText({
 *   model,
 *   tools: aiSdkTools(client),
 *   toolApproval: aiSdkToolApproval(client),
 *   stopWhen: stepCountIs(8),
 *   prompt: "Approve the draft about export speed.",
 * });
 * for (const part of result.content) {
 *   if (part.type === "tool-approval-request") console.log(part.reason);
 * }
 * ```
 */
export function aiSdkToolApproval(
  client: ToolClient,
  options: AiSdkToolApprovalOptions = {},
): PostlineToolApproval {
  const mode = acknowledgmentModeOf(options);
  if (mode === "model") return {};
  const { reviews } = registerApprovalStep(client, options.reviews);
  const approvalFor =
    (name: string): ApprovalFunction =>
    async (input, { toolCallId, messages }) => {
      const itemId = approvalTarget(name, input);
      if (itemId === undefined) return "not-applicable";
      const known = await reviews.get(toolCallId);
      if (known !== undefined) return { type: "user-approval", reason: approvalReason(known) };
      // Re-checked as the answer comes back, in a process that never saw the question: let the
      // call go to `execute`, which finds no review and asks again instead of acknowledging.
      if (wasAsked(messages, toolCallId)) return { type: "user-approval" };
      let review: ContentReview;
      try {
        review = await client.content.review(itemId);
      } catch {
        return "not-applicable"; // the call itself reports the failure (not_found, ...)
      }
      if (!review.needsAcknowledgment) return "not-applicable";
      await reviews.set(toolCallId, review);
      return { type: "user-approval", reason: approvalReason(review) };
    };
  return {
    update_content: approvalFor("update_content"),
    schedule_content: approvalFor("schedule_content"),
  };
}

/** What the person reads: the matches, then the exact text. */
export function approvalReason(review: ContentReview): string {
  return (
    `The text of ${review.itemId} matches AI-writing patterns: ` +
    `${describeMatches(review.aiIsmMatches)}. Approve this exact text?\n\n${review.text}`
  );
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
