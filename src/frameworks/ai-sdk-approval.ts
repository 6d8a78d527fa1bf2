/**
 * The AI SDK's `toolApproval` for the Postline tools: an approval or schedule of text with AI-ism
 * matches becomes a `tool-approval-request` a person answers (docs/approval.md).
 */
import type { ModelMessage, ToolApprovalStatus } from "ai";
import type { ContentReview } from "../resources/content/review.js";
import {
  type AcknowledgmentOptions,
  acknowledgmentModeOf,
  type PendingReviewStore,
  questionText,
  registerApprovalStep,
} from "../tools/approval/index.js";
import { faceOptions } from "../tools/face-options.js";
import type { ToolClient } from "../tools/index.js";

/** Options of {@link aiSdkToolApproval}. */
export interface AiSdkToolApprovalOptions extends AcknowledgmentOptions {
  /**
   * Where a review waits for the person's answer (default: this process's memory). Give a shared
   * store when another server instance may receive the answer; without the review, the call asks
   * again.
   */
  readonly reviews?: PendingReviewStore | undefined;
  /**
   * The HMAC key (at least 32 bytes) that signs each review kept for an answer. Default: a random
   * key per process, so an answer reaching another process asks again. Give the same key to every
   * process that shares `reviews`.
   */
  readonly requestStateKey?: string | Uint8Array | undefined;
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
 * @param options - `acknowledgment` (default `"ask"`), `reviews` and `requestStateKey`; an
 *   unknown option name is an `InvalidRequestError` naming the nearest known one.
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
  options?: AiSdkToolApprovalOptions,
): PostlineToolApproval {
  const given = faceOptions(options, {
    acknowledgment: true,
    reviews: true,
    requestStateKey: true,
  });
  const mode = acknowledgmentModeOf(given);
  if (mode === "model") return {};
  const step = registerApprovalStep(client, "ai-sdk", {
    store: given.reviews,
    key: given.requestStateKey,
  });
  const approvalFor =
    (name: string): ApprovalFunction =>
    async (input, { toolCallId, messages }) => {
      // The input as the tool will run it: a model's JSON text is decoded here too.
      const asked = { kind: "step", callId: toolCallId, ticket: undefined } as const;
      const decoded = await step.gate.decode(name, input, asked);
      if (!decoded.ok || decoded.call.itemId === undefined) return "not-applicable";
      const known = await step.reviews.get(toolCallId);
      if (known !== undefined) return { type: "user-approval", reason: questionText(known) };
      // Re-checked as the answer comes back, in a process that never saw the question: let the
      // call go to `execute`, which finds no ticket and asks again instead of acknowledging.
      if (wasAsked(messages, toolCallId)) return { type: "user-approval" };
      const review = await step.gate.ask(decoded.call, { scope: "step", callId: toolCallId });
      if (review === undefined) return "not-applicable";
      await step.reviews.set(toolCallId, review);
      return { type: "user-approval", reason: questionText(review) };
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
