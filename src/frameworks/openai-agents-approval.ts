/**
 * The OpenAI Agents SDK's `needsApproval` for the Postline tools: an approval or schedule of text
 * with AI-ism matches interrupts the run, and the review the person is shown is kept in the run
 * context, so it survives `RunState` serialisation (docs/frameworks.md).
 */
import type { RunContext, RunToolApprovalItem } from "@openai/agents";
import { InvalidRequestError } from "../core/errors/local-errors.js";
import type { AiIsmMatch } from "../schemas/index.js";
import {
  describeMatches,
  type Gate,
  NO_PROOF,
  type Proof,
  type SignedReview,
} from "../tools/approval/index.js";

/** The key of the run context under which the reviews asked about wait, by tool call id. */
export const REVIEWS_KEY = "postlineReviews";

/** What {@link describeApproval} gives the app to show the person. */
export interface ApprovalDescription {
  /** The tool that asks: `update_content` or `schedule_content`. */
  readonly toolName: string;
  /** The tool call's id. */
  readonly callId: string;
  /** The item to approve or schedule. */
  readonly itemId: string;
  /** The exact text the person approves. */
  readonly text: string;
  /** The AI-writing patterns found in it. */
  readonly aiIsmMatches: readonly AiIsmMatch[];
  /** SHA-256 of `text`. */
  readonly textDigest: string;
  /** One line to show: the matches. */
  readonly message: string;
}

// Reviews asked about, by run, for `describeApproval` when the run's context is not an object:
// never shared between runs or clients, where the same call id may name another call.
const seen = new WeakMap<object, Map<string, SignedReview>>();

/**
 * The tool's `needsApproval`: decodes the call as it will run, reads the review and keeps it,
 * signed for this call, in the run context.
 */
export function needsApprovalFor(gate: Gate, name: string) {
  return async (runContext: RunContext, input: unknown, callId?: string): Promise<boolean> => {
    if (callId === undefined) return false; // then no ticket: the call asks again if it must
    const decoded = await gate.decode(name, input, proofOfCall(gate, undefined, callId));
    if (!decoded.ok || decoded.call.itemId === undefined) return false;
    const reviews = reviewsIn(runContext.context, { create: true });
    // Evaluated again after a restored RunState: the review the person saw stays the one asked.
    if (reviews?.[callId] !== undefined) return true;
    // A person already answered for this call, about a review this state no longer holds: a
    // review read now was never shown, so none is kept, and the call asks again.
    if (runContext.isToolApproved({ toolName: name, callId }) !== undefined) return true;
    const review = await gate.ask(decoded.call, { scope: "step", callId });
    if (review === undefined) return false;
    if (reviews !== undefined) reviews[callId] = review;
    const ofRun = seen.get(runContext) ?? new Map<string, SignedReview>();
    ofRun.set(callId, review);
    seen.set(runContext, ofRun);
    return true;
  };
}

/** The person's part in a call that runs: the ticket kept for it, taken out of the context. */
export function proofOfCall(
  gate: Gate,
  runContext: RunContext | undefined,
  callId: string | undefined,
): Proof {
  if (gate.mode === "model") return NO_PROOF;
  const reviews = reviewsIn(runContext?.context);
  const ticket = callId === undefined ? undefined : reviews?.[callId];
  if (callId !== undefined && reviews !== undefined) delete reviews[callId];
  return { kind: "step", callId, ticket };
}

/**
 * What to show a person for an interruption of a Postline tool: the exact text and its matches,
 * read from the run's context (pass `result.state`, a restored `RunState`, or the context
 * object: required, and a missing one is an `InvalidRequestError` naming `from`), or from this
 * run's memory. `undefined` for another tool's interruption, and where no
 * review of this call is known (the person then cannot be shown the text: reject, and the model
 * is asked to call again).
 *
 * @example
 * ```ts
 * for (const interruption of result.interruptions) {
 *   const shown = describeApproval(interruption, result.state);
 *   if (shown && (await askPerson(shown.text, shown.aiIsmMatches))) result.state.approve(interruption);
 *   else result.state.reject(interruption);
 * }
 * result = await runner.run(agent, result.state);
 * ```
 */
export function describeApproval(
  interruption: RunToolApprovalItem,
  from: unknown,
): ApprovalDescription | undefined {
  if (from === undefined || from === null) {
    throw new InvalidRequestError(
      "from",
      "describeApproval needs the run's state: pass result.state, a restored RunState or the context",
    );
  }
  const raw = interruption.rawItem as { callId?: unknown };
  const callId = typeof raw.callId === "string" ? raw.callId : undefined;
  const toolName = interruption.name;
  if (callId === undefined || toolName === undefined) return undefined;
  const review = reviewsIn(contextOf(from))?.[callId] ?? seen.get(runContextOf(from))?.get(callId);
  if (review === undefined) return undefined;
  return {
    toolName,
    callId,
    itemId: review.itemId,
    text: review.text,
    aiIsmMatches: review.aiIsmMatches,
    textDigest: review.textDigest,
    message: `The text of ${review.itemId} matches AI-writing patterns: ${describeMatches(review.aiIsmMatches)}.`,
  };
}

/** The RunContext inside a RunState or a RunResult, or itself. */
function runContextOf(from: unknown): object {
  if (from === null || typeof from !== "object") return {};
  const value = from as { state?: unknown; _context?: unknown };
  if (value.state !== undefined) return runContextOf(value.state);
  if (value._context !== null && typeof value._context === "object") return value._context;
  return from;
}

/** The user's context object inside a RunState, a RunResult or a RunContext, or itself. */
function contextOf(from: unknown): unknown {
  if (from === null || typeof from !== "object") return undefined;
  const value = from as { state?: unknown; _context?: { context?: unknown }; context?: unknown };
  if (value.state !== undefined) return contextOf(value.state);
  if (value._context !== undefined) return value._context.context;
  if (value.context !== undefined && !(REVIEWS_KEY in value)) return value.context;
  return from;
}

/** The reviews in a run context object, created on demand when `create`. */
function reviewsIn(
  context: unknown,
  { create = false }: { readonly create?: boolean } = {},
): Record<string, SignedReview> | undefined {
  if (context === null || typeof context !== "object") return undefined;
  const holder = context as Record<string, unknown>;
  const reviews = holder[REVIEWS_KEY];
  if (reviews !== null && typeof reviews === "object")
    return reviews as Record<string, SignedReview>;
  if (!create) return undefined;
  const fresh: Record<string, SignedReview> = {};
  holder[REVIEWS_KEY] = fresh;
  return fresh;
}
