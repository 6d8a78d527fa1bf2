import type { RequestOptions } from "../core/request-options.js";
import { resultRedactorOf } from "../core/result-redactor.js";
import {
  acknowledgmentModeOf,
  type ConfirmOptions,
  confirmOf,
} from "./approval/acknowledgment-policy.js";
import { callThroughGate, type PersonGate, personDecides } from "./approval/gated-call.js";
import { withChannelChoices } from "./channel-choices.js";
import { type DecodedToolCall, decodeToolCall } from "./decode-tool-call.js";
import type { ToolResult } from "./envelope.js";
import { resultOfError } from "./error-result.js";
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
  const gate: PersonGate = {
    mode: acknowledgmentModeOf({ acknowledgment }),
    confirm: confirmOf({ confirm }),
  };
  return runToolThroughGate(client, name, input, requestOptions, gate);
}

/**
 * {@link runTool} with the person's gate given, and what the host knows of the call (the
 * framework's tool call id, the trace context its `execute_tool` span starts in): what the
 * framework adapters call.
 */
export function runToolThroughGate(
  client: ToolClient,
  name: string,
  input: unknown,
  options: RequestOptions | undefined,
  gate: PersonGate,
  call: ToolCallContext = {},
): Promise<ToolResult> {
  return inToolSpan(client, name, call, options, (traced) =>
    runChecked(client, name, input, traced, gate),
  );
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

async function runChecked(
  client: ToolClient,
  name: string,
  input: unknown,
  options: RequestOptions | undefined,
  gate: PersonGate,
): Promise<ToolResult> {
  const decoded = await decodeToolCall(name, input, { stripAcknowledgment: personDecides(gate) });
  if (!decoded.ok) {
    const channelParam = decoded.tool?.channelParam;
    const refusal =
      channelParam === undefined || decoded.failure.error.code !== "validation_error"
        ? decoded.failure
        : await withChannelChoices(client, channelParam, decoded.failure, options);
    // A refusal of the input alone holds nothing from the network, and leaves the client alone.
    return refusal === decoded.failure
      ? toJsonSafe(refusal)
      : toJsonSafe(refusal, resultRedactorOf(client));
  }
  return runDecoded(client, decoded.call, options, gate);
}

/**
 * Runs a call already decoded by {@link decodeToolCall} (with the strip policy of `gate`): what
 * a face that decoded the call at its entry hands over, so the call runs the value it checked.
 */
export function runDecodedThroughGate(
  client: ToolClient,
  call: DecodedToolCall,
  options: RequestOptions | undefined,
  gate: PersonGate,
  context: ToolCallContext = {},
): Promise<ToolResult> {
  return inToolSpan(client, call.name, context, options, (traced) =>
    runDecoded(client, call, traced, gate),
  );
}

async function runDecoded(
  client: ToolClient,
  call: DecodedToolCall,
  options: RequestOptions | undefined,
  gate: PersonGate,
): Promise<ToolResult> {
  // Results are scrubbed with the client's own key, not only by pattern: a server may echo it.
  const redact = resultRedactorOf(client);
  const { itemId } = call;
  if (itemId !== undefined && gate.mode !== "model") {
    return callThroughGate(client, { ...call, itemId }, options, gate, redact);
  }
  try {
    return toJsonSafe(await call.tool.call(client, call.input, options), redact);
  } catch (error) {
    return resultOfError(error, redact);
  }
}
