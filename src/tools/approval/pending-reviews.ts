/**
 * The reviews a person was asked about, kept from the moment a framework's approval step asks
 * until the approved call runs: the call acknowledges only against the review the person saw.
 */
import type { ContentReview } from "../../resources/content/review.js";
import type { AcknowledgmentMode } from "./acknowledgment-policy.js";
import { approvalTarget } from "./approval-target.js";
import type { PersonGate } from "./gated-call.js";

/**
 * Where asked-about reviews wait for their answer, by tool call id. The default is this
 * process's memory; give a shared store when the answer may reach another process (several
 * server instances behind one chat). Without the review, a call asks again: it never acknowledges
 * blind.
 */
export interface PendingReviewStore {
  /** The review asked about for a tool call, if known. */
  get(toolCallId: string): ContentReview | undefined | Promise<ContentReview | undefined>;
  /** Keeps the review asked about for a tool call. */
  set(toolCallId: string, review: ContentReview): void | Promise<void>;
  /** Forgets it once the call ran. */
  delete(toolCallId: string): void | Promise<void>;
}

/** Reviews kept in memory at most; the oldest leaves first. */
const MEMORY_CAP = 1_000;

/** A {@link PendingReviewStore} in this process's memory, holding at most 1,000 reviews. */
export function memoryReviewStore(): PendingReviewStore {
  const reviews = new Map<string, ContentReview>();
  return {
    get: (toolCallId) => reviews.get(toolCallId),
    set: (toolCallId, review) => {
      reviews.delete(toolCallId);
      reviews.set(toolCallId, review);
      // Unanswered questions (a closed chat) must not pile up: the oldest goes first.
      if (reviews.size > MEMORY_CAP) reviews.delete(reviews.keys().next().value as string);
    },
    delete: (toolCallId) => {
      reviews.delete(toolCallId);
    },
  };
}

/** A framework's approval step for one client: its mode and where its reviews wait. */
export interface ApprovalStep {
  readonly reviews: PendingReviewStore;
}

const steps = new WeakMap<object, ApprovalStep>();

/**
 * The approval step registered for `client`, shared by the tools and the approval configuration
 * built for the same client (they are built apart, and meet here).
 */
function approvalStepOf(client: object): ApprovalStep | undefined {
  return steps.get(client);
}

/** Registers (or keeps) the approval step of `client`; a given store replaces the current one. */
export function registerApprovalStep(client: object, store?: PendingReviewStore): ApprovalStep {
  const current = steps.get(client);
  if (current !== undefined && store === undefined) return current;
  const step = { reviews: store ?? memoryReviewStore() };
  steps.set(client, step);
  return step;
}

/**
 * The person's part in one call of a face with an approval step: the review they approved,
 * taken out of the store (a review acknowledges one call only). Without a registered step, or
 * for a call the gate does not apply to, nobody can be asked.
 */
export async function gateOfStep(
  client: object,
  mode: AcknowledgmentMode,
  toolName: string,
  input: unknown,
  toolCallId: string | undefined,
): Promise<PersonGate> {
  const step = approvalStepOf(client);
  if (step === undefined || mode === "model" || approvalTarget(toolName, input) === undefined) {
    return { mode };
  }
  const approved = toolCallId === undefined ? undefined : await step.reviews.get(toolCallId);
  if (approved !== undefined && toolCallId !== undefined) await step.reviews.delete(toolCallId);
  return { mode, approvalStep: { approved } };
}
