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
import { type FunctionTool, ModelBehaviorError, tool } from "@openai/agents";
import { resultRedactorOf } from "../core/result-redactor.js";
import {
  type AcknowledgmentOptions,
  acknowledgmentModeOf,
  createGate,
  type Gate,
} from "../tools/approval/index.js";
import { faceOptions } from "../tools/face-options.js";
import {
  selectTools,
  type ToolClient,
  type ToolSelection,
  toStrictParameters,
} from "../tools/index.js";
import { runThroughGate } from "../tools/run-tool.js";
import { needsApprovalFor, proofOfCall } from "./openai-agents-approval.js";
import { withSignal } from "./request-options.js";

export {
  type ApprovalDescription,
  describeApproval,
  REVIEWS_KEY,
} from "./openai-agents-approval.js";

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
 * validated, so a model's bad input reaches `runTool`, and the model reads our envelope
 * (`validation_error` with `error.channels`, or `acknowledgmentRequired` with `aiIsmMatches`) as
 * the tool's output, in JSON text. The run's abort signal stops the SDK calls a tool makes.
 *
 * Unless `acknowledgment` is `"model"`, `update_content` and `schedule_content` have a
 * `needsApproval` that reads the item: text with AI-ism matches interrupts the run, and the review
 * is kept in the run context (under `postlineReviews`, so the context must be an object), so it
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
  const given = faceOptions(options, {
    readOnly: true,
    tools: true,
    acknowledgment: true,
    requestStateKey: true,
  });
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
        const proof = proofOfCall(gate, runContext, toolCallId);
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
 * The envelope for arguments the Agents SDK refused to parse; other errors keep its wording.
 * Arguments that `runTool` still decodes (a byte-order mark) run under the tool's own gate, with
 * no ticket: no person approved them, so they never carry an acknowledgment.
 */
async function refusalOf(gate: Gate, name: string, error: unknown): Promise<unknown> {
  if (error instanceof ModelBehaviorError) {
    // The raw arguments, unless the SDK was told not to keep tool data.
    const input = (error as { toolInvocation?: { input?: unknown } }).toolInvocation?.input;
    if (typeof input === "string") {
      const proof = proofOfCall(gate, undefined, undefined);
      return runThroughGate(gate, name, input, undefined, { proof });
    }
    const message = `The input to ${name} is not valid JSON`;
    return { error: { code: "validation_error", message, param: "(input)" } };
  }
  const detail = error instanceof Error ? error.message : String(error);
  const message = `An error occurred while running the tool: ${detail}`;
  return { error: { code: "client_error", message: resultRedactorOf(gate.client)(message) } };
}
