import type { RequestOptions } from "../core/request-options.js";
import { resultRedactorOf } from "../core/result-redactor.js";
import {
  acknowledgmentModeOf,
  type ConfirmOptions,
  confirmOf,
} from "./approval/acknowledgment-policy.js";
import { createGate, type Gate, NO_PROOF, type Proof } from "./approval/gate.js";
import { withChannelChoices } from "./channel-choices.js";
import type { DecodedToolCall, DecodeOutcome } from "./decode-tool-call.js";
import type { ToolResult } from "./envelope.js";
import { faceOptions } from "./face-options.js";
import { toJsonSafe } from "./json-safe.js";
import type { ToolClient } from "./tool-client.js";
import type { ToolInput, ToolName } from "./tool-list.js";
import { inToolSpan, type ToolCallContext } from "./tool-span.js";

/**
 * What `runTool` accepts as input for a tool name: the tool's own input type (or its JSON text)
 * when the name is known at compile time, anything when it comes from a model at run time.
 */
export type InputFor<Name extends string> = [Name] extends [ToolName]
  ? ToolInput<Name> | string
  : unknown;

/**
 * Options of {@link runTool}: the SDK's per-call options, who may acknowledge AI-ism matches
 * (`acknowledgment`), and `confirm` to ask a person (docs/approval.md).
 */
export interface RunToolOptions extends RequestOptions, ConfirmOptions {}

/**
 * Runs one tool call a model asked for: validates `input` against the tool's schema, calls the
 * SDK, and resolves to plain JSON (no `Date`, no class instances, no `undefined`, never the API
 * token) ready to hand back to the model.
 *
 * A failure resolves to the envelope the MCP endpoint uses, `{ error: { code, message, ... } }`,
 * keeping every extra field of the service's envelope (`acknowledgmentRequired`, `aiIsmMatches`,
 * `channels`, ...) and `retryAfterSeconds` on `rate_limited`. Input the schema refuses, and
 * requests the SDK refuses locally, give `validation_error` with `param`; transport failures give
 * `connection_error` or `timeout`; an unknown tool name gives `unknown_tool`. An approval whose
 * planned time has passed resolves to `{ item, plannedTimePassed: true, hint }`.
 *
 * `runTool` rejects only when `options.signal` aborts the call (`APIUserAbortError`), or on an
 * error that is not the SDK's.
 *
 * @param client - a `Postline` client.
 * @param name - the tool name the model called.
 * @param input - the model's arguments: an object, or its JSON text.
 * @param options - per-call SDK options passed to every request the tool makes (`signal`, ...);
 *   `acknowledgment` (`"ask"`, `"human"` or `"model"`, default `"ask"`) and `confirm` decide who
 *   acknowledges AI-ism matches when `update_content` approves or `schedule_content` schedules.
 *   With `confirm`, the person is shown the exact text and matches, and only their answer
 *   acknowledges; the model's own `acknowledgeAiIsms` is ignored.
 *
 * @example
 * ```ts
 * const result = await runTool(client, "list_channels", {});
 * if (isToolError(result)) console.warn(result.error.message);
 * // A person decides on AI-ism matches:
 * await runTool(client, "update_content", { id, status: "pending" }, {
 *   confirm: async (review) => askPerson(review.text, review.aiIsmMatches),
 * });
 * ```
 */
export async function runTool<Name extends ToolName | (string & {})>(
  client: ToolClient,
  name: Name,
  input: InputFor<Name>,
  options?: RunToolOptions,
): Promise<ToolResult> {
  const { acknowledgment, confirm, ...requestOptions } = faceOptions(options, RUN_TOOL_OPTIONS);
  const gate = confirmingGate(client, { acknowledgment, confirm });
  return runThroughGate(gate, name, input, requestOptions);
}

/** The gate of a face whose own options say who acknowledges: `acknowledgment` and `confirm`. */
export function confirmingGate(client: ToolClient, options: ConfirmOptions): Gate {
  return createGate({ client, mode: acknowledgmentModeOf(options), confirm: confirmOf(options) });
}

/** The SDK options for a tool call a framework or runner started: its abort signal, if any. */
export function withSignal(signal: AbortSignal | null | undefined): RequestOptions | undefined {
  return signal === null || signal === undefined ? undefined : { signal };
}

/** What a face knows of one call besides its name and input. */
export interface GatedRun {
  /** What the face's approval step left for the call. */
  readonly proof?: Proof | undefined;
  /** The framework's tool call id, the trace context its `execute_tool` span starts in. */
  readonly context?: ToolCallContext | undefined;
  /** The call, when the face decoded it already with the same proof. */
  readonly decoded?: DecodedToolCall | undefined;
}

/**
 * {@link runTool} under a face's gate: decodes the call once (unless the face did), answers a
 * refusal of its input, and hands the decoded call to the gate, in the `execute_tool` span.
 */
export function runThroughGate(
  gate: Gate,
  name: string,
  input: unknown,
  options: RequestOptions | undefined,
  { proof = NO_PROOF, context = {}, decoded }: GatedRun = {},
): Promise<ToolResult> {
  const { client } = gate;
  return inToolSpan(client, name, context, options, async (traced) => {
    const outcome: DecodeOutcome =
      decoded === undefined ? await gate.decode(name, input, proof) : { ok: true, call: decoded };
    if (outcome.ok) return gate.run(outcome.call, proof, traced);
    const channelParam = outcome.tool?.channelParam;
    const refusal =
      channelParam === undefined || outcome.failure.error.code !== "validation_error"
        ? outcome.failure
        : await withChannelChoices(client, channelParam, outcome.failure, traced);
    // A refusal of the input alone holds nothing from the network, and leaves the client alone.
    return refusal === outcome.failure
      ? toJsonSafe(refusal)
      : toJsonSafe(refusal, resultRedactorOf(client));
  });
}

const RUN_TOOL_OPTIONS = {
  signal: true,
  timeout: true,
  maxWaitMs: true,
  onRateLimitWait: true,
  maxRetries: true,
  headers: true,
  acknowledgment: true,
  confirm: true,
} satisfies Record<keyof RunToolOptions, true>;
