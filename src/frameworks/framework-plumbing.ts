/**
 * What the faces share: the names of their options, tools that run through the face's approval
 * step (`stepOf`), and one way to ask about a call (`questionOf`).
 */
import {
  type AcknowledgmentOptions,
  acknowledgmentModeOf,
  createGate,
  type Gate,
  type PendingReviewStore,
  type SignedReview,
  stepOf,
} from "../tools/approval/index.js";
import { selectTools, type ToolClient, type ToolSelection } from "../tools/index.js";
import { runThroughGate, withSignal } from "../tools/run-tool.js";

// In the order a refusal of an unknown option lists them.
export const TOOL_OPTIONS = { readOnly: true, tools: true, acknowledgment: true } as const;
export const STEP_OPTIONS = { acknowledgment: true, reviews: true, requestStateKey: true } as const;

/**
 * The tools the checked `options` select for `face`. A call's proof is the review its approval
 * step kept for the call id; without a step, the tools' own gate under `acknowledgment` decides.
 */
export function stepTools(
  client: ToolClient,
  face: Parameters<typeof stepOf>[1],
  options: ToolSelection & AcknowledgmentOptions,
) {
  const own = createGate({ client, mode: acknowledgmentModeOf(options) });
  return selectTools(options).map((definition) => ({
    definition,
    run: async (input: unknown, signal?: AbortSignal, toolCallId?: string) => {
      const { gate, proof } = await stepOf(own, face, toolCallId);
      const context = { toolCallId };
      return runThroughGate(gate, definition.name, input, withSignal(signal), { proof, context });
    },
  }));
}

export type StepQuestion =
  | { readonly asks: false }
  | { readonly asks: true; readonly review?: SignedReview | undefined };

/**
 * Whether the call needs the person, and the review to show. A review kept in `step.reviews` for
 * the call id is the one asked; else a fresh read asks, kept for the answer unless `keep` is
 * false. `answerComing` tells whether the person's answer to an earlier question is on its way
 * back, to a process that never saw it: then nothing is read, and the call goes on, finds no
 * ticket and asks again.
 */
export async function questionOf(
  step: { readonly gate: Gate; readonly reviews: Pick<PendingReviewStore, "get" | "set"> },
  name: string,
  input: unknown,
  callId: string | undefined,
  { keep = true, answerComing }: { keep?: boolean; answerComing?: () => boolean } = {},
): Promise<StepQuestion> {
  const decoded = await step.gate.decode(name, input, { kind: "step", callId, ticket: undefined });
  if (!decoded.ok || decoded.call.itemId === undefined || callId === undefined) {
    return { asks: false };
  }
  const known = await step.reviews.get(callId);
  if (known !== undefined) return { asks: true, review: known };
  if (answerComing?.()) return { asks: true };
  const review = await step.gate.ask(decoded.call, { scope: "step", callId });
  if (review === undefined) return { asks: false };
  if (keep) await step.reviews.set(callId, review);
  return { asks: true, review };
}
