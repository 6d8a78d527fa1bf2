/**
 * `@postline/sdk/openai-agents`: the Postline tools as function tools for the OpenAI Agents SDK
 * (`@openai/agents`).
 *
 * @example
 * ```ts
 * import { Agent, run } from "@openai/agents";
 * import { Postline } from "@postline/sdk";
 * import { openAIAgentsTools } from "@postline/sdk/openai-agents";
 *
 * const agent = new Agent({
 *   name: "Social drafts",
 *   instructions: "Draft posts for the connected channels.",
 *   tools: openAIAgentsTools(new Postline()),
 * });
 * const result = await run(agent, "Draft a LinkedIn post about our export speed.");
 * ```
 *
 * @packageDocumentation
 */
import {
  type FunctionTool,
  ModelBehaviorError,
  type RunContext,
  type RunToolApprovalItem,
  tool,
} from "@openai/agents";
import { InvalidRequestError } from "../core/errors/local-errors.js";
import { entryOf } from "../core/map-entry.js";
import { resultRedactorOf } from "../core/result-redactor.js";
import type { AiIsmMatch } from "../schemas/index.js";
import {
  type AcknowledgmentOptions,
  acknowledgmentModeOf,
  createGate,
  describeMatches,
  type Gate,
  NO_PROOF,
  type Proof,
  type SignedReview,
} from "../tools/approval/index.js";
import { toolError } from "../tools/envelope.js";
import { faceOptions } from "../tools/face-options.js";
import {
  selectTools,
  type ToolClient,
  type ToolSelection,
  toStrictParameters,
} from "../tools/index.js";
import { runThroughGate, withSignal } from "../tools/run-tool.js";
import { questionOf, TOOL_OPTIONS } from "./framework-plumbing.js";

/** A tool's strict JSON Schema, in the shape the Agents SDK's `tool()` takes. */
export interface StrictObjectSchema {
  /** Always `"object"`. */
  type: "object";
  /** Each parameter's JSON Schema. */
  properties: Record<string, Record<string, unknown>>;
  /** Every parameter: strict mode requires them all, optional ones are nullable. */
  required: string[];
  /** Always `false`. */
  additionalProperties: false;
}

/** A Postline tool as the Agents SDK's function tool, with a strict JSON Schema. */
export type PostlineAgentsTool = FunctionTool<unknown, StrictObjectSchema, unknown>;

/** Which tools {@link openAIAgentsTools} returns, and who may acknowledge AI-ism matches. */
export interface OpenAIAgentsToolsOptions extends ToolSelection, AcknowledgmentOptions {
  /**
   * The HMAC key (at least 32 bytes) that signs the reviews kept in the run context. Default: a
   * random key per process, so a `RunState` restored in another process asks again. Give the same
   * key to every process that may resume a run.
   */
  readonly requestStateKey?: string | Uint8Array | undefined;
}

/**
 * The Postline tools as Agents SDK function tools, built with `tool()` from `@openai/agents`, in
 * strict mode: each schema lists every property as required, optional ones nullable, and
 * `runTool` reads `null` as "not given". A JSON Schema given to `tool()` is parsed but not
 * validated: a model's bad input reaches `runTool`. The model reads our envelope
 * (`validation_error` with `error.channels`, or `acknowledgmentRequired` with `aiIsmMatches`) as
 * the tool's output, in JSON text. The run's abort signal stops the SDK calls a tool makes.
 *
 * Unless `acknowledgment` is `"model"`, `update_content` and `schedule_content` have a
 * `needsApproval` that reads the item: text with AI-ism matches interrupts the run. The review is
 * kept in the run context under `postlineReviews` (so the context must be an object), where it
 * survives `RunState` serialisation. {@link describeApproval} gives what to show. An approved
 * call acknowledges only that text; a text edited meanwhile makes the model call again, which
 * interrupts again (docs/frameworks.md).
 *
 * @param client - a `Postline` client.
 * @param options - `{ readOnly?, tools?, acknowledgment?, requestStateKey? }`: which tools to
 *   return (default: all); an unknown option name is an `InvalidRequestError` naming the nearest
 *   known one.
 *
 * @example
 * ```ts
 * const agent = new Agent({ name: "Reader", tools: openAIAgentsTools(client, { readOnly: true }) });
 * ```
 */
export function openAIAgentsTools(
  client: ToolClient,
  options?: OpenAIAgentsToolsOptions,
): PostlineAgentsTool[] {
  const given = faceOptions(options, { ...TOOL_OPTIONS, requestStateKey: true });
  const mode = acknowledgmentModeOf(given);
  const gate = createGate({ client, mode, key: given.requestStateKey });
  return selectTools(given).map((definition) => {
    const name: string = definition.name;
    const asks = mode !== "model" && definition.gated;
    return tool({
      name,
      description: definition.description,
      parameters: toStrictParameters(definition.parameters) as unknown as StrictObjectSchema,
      strict: true,
      ...(asks ? { needsApproval: needsApprovalFor(gate, name) } : {}),
      execute: async (input, runContext, details) => {
        const toolCallId = details?.toolCall?.callId;
        const proof = proofOfCall(gate, runContext?.context, toolCallId);
        const options = withSignal(details?.signal);
        const context = { toolCallId };
        return JSON.stringify(await runThroughGate(gate, name, input, options, { proof, context }));
      },
      // Arguments the SDK could not parse (not JSON) never reach `execute`: answer them with our
      // envelope too, instead of the SDK's generic "An error occurred".
      errorFunction: async (_context, error) => JSON.stringify(await refusalOf(gate, name, error)),
    });
  });
}

/**
 * The envelope for arguments the Agents SDK refused to parse. Arguments `runTool` still decodes (a
 * byte-order mark) run with no ticket: no person approved them.
 */
async function refusalOf(gate: Gate, name: string, error: unknown): Promise<unknown> {
  if (error instanceof ModelBehaviorError) {
    // The raw arguments, unless the SDK was told not to keep tool data.
    const input = (error as { toolInvocation?: { input?: unknown } }).toolInvocation?.input;
    if (typeof input === "string") {
      return runThroughGate(gate, name, input, undefined, { proof: proofOfCall(gate, undefined) });
    }
    return toolError("validation_error", `The input to ${name} is not valid JSON`, {
      param: "(input)",
    });
  }
  const detail = error instanceof Error ? error.message : String(error);
  const message = `An error occurred while running the tool: ${detail}`;
  return toolError("client_error", resultRedactorOf(gate.client)(message));
}

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
 * The review asked about is kept, signed, in the run context for this call, where it survives
 * `RunState` serialisation: evaluated again after a restore, the review the person saw stays the
 * one asked. A person who already answered for this call, about a review this state no longer
 * holds, never saw a review read now: none is kept, and the call asks again.
 */
function needsApprovalFor(gate: Gate, name: string) {
  return async (runContext: RunContext, input: unknown, callId?: string): Promise<boolean> => {
    if (callId === undefined) return false; // then no ticket: the call asks again if it must
    const reviews = {
      get: (toolCallId: string) => reviewsIn(runContext.context, { create: true })?.[toolCallId],
      set: (toolCallId: string, review: SignedReview) => {
        const inContext = reviewsIn(runContext.context);
        if (inContext !== undefined) inContext[toolCallId] = review;
        entryOf(seen, runContext, () => new Map<string, SignedReview>()).set(toolCallId, review);
      },
    };
    const answerComing = () => runContext.isToolApproved({ toolName: name, callId }) !== undefined;
    return (await questionOf({ gate, reviews }, name, input, callId, { answerComing })).asks;
  };
}

/** The person's part in a call that runs: the ticket kept for it, taken out of the context. */
function proofOfCall(gate: Gate, context: unknown, callId?: string): Proof {
  if (gate.mode === "model") return NO_PROOF;
  const reviews = reviewsIn(context);
  const ticket = callId === undefined ? undefined : reviews?.[callId];
  if (callId !== undefined && reviews !== undefined) delete reviews[callId];
  return { kind: "step", callId, ticket };
}

/**
 * What to show a person for an interruption of a Postline tool: the exact text and its matches,
 * read from `from` (`result.state`, a restored `RunState`, or the context object; required).
 * `undefined` for another tool's interruption, or when no review of this call is known: reject
 * it, and the model calls again.
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
  const runContext = runContextOf(from) as { context?: unknown };
  if (runContext.context !== undefined && !(REVIEWS_KEY in runContext)) return runContext.context;
  return runContext;
}

/** The reviews asked about in a run, by tool call id. */
type Reviews = Record<string, SignedReview>;

/** The reviews kept in `context`, put there first when `create` says so. */
function reviewsIn(context: unknown, { create = false } = {}): Reviews | undefined {
  if (context === null || typeof context !== "object") return undefined;
  const holder = context as Record<string, unknown>;
  const reviews = holder[REVIEWS_KEY];
  if (reviews !== null && typeof reviews === "object") return reviews as Reviews;
  if (!create) return undefined;
  const fresh: Reviews = {};
  holder[REVIEWS_KEY] = fresh;
  return fresh;
}
