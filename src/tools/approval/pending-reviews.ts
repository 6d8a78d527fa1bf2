/**
 * The reviews a person was asked about, kept from the moment a framework's approval step asks
 * until the approved call runs, each with its signed ticket: the call acknowledges only against
 * the review the person saw, for that very call.
 */
import { entryOf } from "../../core/map-entry.js";
import type { ToolClient } from "../tool-client.js";
import { type AcknowledgmentOptions, acknowledgmentModeOf } from "./acknowledgment-policy.js";
import type { SignedReview } from "./approval-ticket.js";
import { createGate, type Gate, NO_PROOF, type Proof } from "./gate.js";

/**
 * Where asked-about reviews wait for their answer, by tool call id. The default is this
 * process's memory; give a shared store when the answer may reach another process (several
 * server instances behind one chat), with a shared `requestStateKey`: each review carries a
 * ticket signed with that key. Without a review whose ticket verifies, a call asks again: it
 * never acknowledges blind.
 */
export interface PendingReviewStore {
  /** The review asked about for a tool call, if known. */
  get(toolCallId: string): SignedReview | undefined | Promise<SignedReview | undefined>;
  /** Keeps the review asked about for a tool call. */
  set(toolCallId: string, review: SignedReview): void | Promise<void>;
  /** Forgets it once the call ran. */
  delete(toolCallId: string): void | Promise<void>;
}

/** Reviews kept in memory at most; the oldest leaves first. */
const MEMORY_CAP = 1_000;

/** A {@link PendingReviewStore} in this process's memory, holding at most 1,000 reviews. */
function memoryReviewStore(): PendingReviewStore {
  const reviews = new Map<string, SignedReview>();
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

/** The frameworks whose approval step meets its tools through the client. */
export type ApprovalFace = "ai-sdk" | "langchain";

/** A framework's approval step for one client: where its reviews wait, and its gate. */
interface ApprovalStep {
  readonly reviews: PendingReviewStore;
  readonly gate: Gate;
}

// By client, then by framework: one framework's approval never changes another's tools.
const steps = new WeakMap<object, Map<ApprovalFace, ApprovalStep>>();

/** The options of a framework's approval step (the AI SDK's, LangChain's). */
export interface ApprovalStepOptions extends AcknowledgmentOptions {
  /**
   * Where a review waits for the person's answer (default: this process's memory). Give a shared
   * store when the answer may reach another process (another server instance, or an agent
   * resuming elsewhere), with the same `requestStateKey`; without the review, the call asks again.
   */
  readonly reviews?: PendingReviewStore | undefined;
  /**
   * The HMAC key (at least 32 bytes) that signs each review kept for an answer. Default: a random
   * key per process, so an answer reaching another process asks again. Give the same key to every
   * process that shares `reviews`.
   */
  readonly requestStateKey?: string | Uint8Array | undefined;
}

/**
 * The approval step of `face` for `client`, from the step's options as the face checked them, or
 * `undefined` under `"model"`: nobody is asked. The tools and the approval configuration built
 * for the same client share it (they are built apart, and meet here); a given store or key
 * replaces the current step's.
 */
export function approvalStepOf(
  client: ToolClient,
  face: ApprovalFace,
  options: ApprovalStepOptions,
): ApprovalStep | undefined {
  if (acknowledgmentModeOf(options) === "model") return undefined;
  const byFace = entryOf(steps, client, () => new Map<ApprovalFace, ApprovalStep>());
  const current = byFace.get(face);
  const { reviews, requestStateKey: key } = options;
  const step = {
    reviews: reviews ?? current?.reviews ?? memoryReviewStore(),
    gate:
      key === undefined && current !== undefined
        ? current.gate
        : createGate({ client, mode: "ask", key }),
  };
  byFace.set(face, step);
  return step;
}

/**
 * The gate and proof of one call of a face's tools. With a registered approval step (and a mode
 * other than `"model"`): the step's gate, and the review kept for the call id, taken out of the
 * store (a review acknowledges one call only), unchecked: the gate verifies its ticket against
 * the decoded call. Without one nobody can be asked: the tools' own gate, with no proof.
 */
export async function stepOf(
  own: Gate,
  face: ApprovalFace,
  toolCallId: string | undefined,
): Promise<{ readonly gate: Gate; readonly proof: Proof }> {
  const step = steps.get(own.client)?.get(face);
  if (step === undefined || own.mode === "model") return { gate: own, proof: NO_PROOF };
  const ticket = toolCallId === undefined ? undefined : await step.reviews.get(toolCallId);
  if (ticket !== undefined && toolCallId !== undefined) await step.reviews.delete(toolCallId);
  return { gate: step.gate, proof: { kind: "step", callId: toolCallId, ticket } };
}
