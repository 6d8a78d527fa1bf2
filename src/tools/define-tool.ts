import type { z } from "zod";
import type { RequestOptions } from "../core/request-options.js";
import type { ChannelParam } from "./channel-choices.js";
import {
  type ToolOutputSchema,
  type ToolParameters,
  toToolOutputSchema,
  toToolParameters,
} from "./json-schema.js";
import type { ToolClient } from "./tool-client.js";

/**
 * Hints for hosts that ask a person before running a tool, named as in the MCP tool annotations.
 */
export interface ToolAnnotations {
  /** The tool only reads. */
  readonly readOnlyHint: boolean;
  /** The tool may remove something or make it public (delete, publish). */
  readonly destructiveHint: boolean;
  /** Calling twice with the same input has no further effect. */
  readonly idempotentHint: boolean;
  /**
   * The tool can reach beyond the workspace: its effect can end up on a social network (approve,
   * schedule, cancel with the publishing provider). Stated on every tool, since MCP hosts take an
   * unset hint as `true`.
   */
  readonly openWorldHint: boolean;
}

/** One agent tool: what a model sees, and the schema its input is checked against. */
export interface ToolDefinition<Name extends string = string, Input extends z.ZodType = z.ZodType> {
  /** The tool's name, as the hosted MCP endpoint names it. */
  readonly name: Name;
  /** A short human-readable name, for the lists and confirmations of MCP hosts. */
  readonly title: string;
  /** Written for a model: what the tool does, when to use it, what it costs. */
  readonly description: string;
  /** The zod schema `runTool` validates the model's input with. */
  readonly inputSchema: Input;
  /** The JSON Schema generated from `inputSchema`, for a model provider's tool list. */
  readonly parameters: ToolParameters;
  /** The zod schema of a successful result (the error envelope is not a result). */
  readonly outputSchema: z.ZodType;
  /** The JSON Schema generated from `outputSchema`: an MCP tool's `outputSchema`. */
  readonly outputJsonSchema: ToolOutputSchema;
  /** Hints about the tool's effects. */
  readonly annotations: ToolAnnotations;
  /**
   * The tool may approve or schedule an item, and so meet the acknowledgment gate: a person may
   * have to accept AI-ism matches first (docs/approval.md).
   */
  readonly gated: boolean;
}

/** Runs a tool against the SDK once its input is valid; may throw the SDK's errors. */
export type ToolCall<Input extends z.ZodType, Given = z.output<Input>> = (
  client: ToolClient,
  input: Given,
  options: RequestOptions | undefined,
) => Promise<unknown>;

/** A tool's public definition and the SDK call behind it, kept apart so only `runTool` calls. */
export interface ToolImplementation<Name extends string, Input extends z.ZodType> {
  readonly definition: ToolDefinition<Name, Input>;
  readonly call: ToolCall<Input>;
  /** The parameter naming the tool's channel, when a refusal for it should list the channels. */
  readonly channelParam?: ChannelParam;
  /** For a gated tool: the item a valid input approves or schedules, or `undefined`. */
  readonly approvedItem?: (input: z.output<Input>) => string | undefined;
}

/** The input without the `undefined` an optional zod field adds to its output type. */
type WithoutUndefined<T> = { [K in keyof T]: Exclude<T[K], undefined> };

/**
 * Builds a tool, generating its JSON Schemas from the zod input and output schemas. `call` gets
 * the input without its `undefined` fields, so it fits the SDK's parameter types under
 * `exactOptionalPropertyTypes` and nothing is sent for a field the model left out.
 */
export function defineTool<const Name extends string, Input extends z.ZodType>(
  spec: Omit<ToolDefinition<Name, Input>, "parameters" | "outputJsonSchema" | "gated">,
  call: ToolCall<Input, WithoutUndefined<z.output<Input>>>,
  behaviour: Pick<ToolImplementation<Name, Input>, "channelParam" | "approvedItem"> = {},
): ToolImplementation<Name, Input> {
  const definition: ToolDefinition<Name, Input> = Object.freeze({
    ...spec,
    parameters: deepFreeze(toToolParameters(spec.inputSchema)),
    outputJsonSchema: deepFreeze(toToolOutputSchema(spec.outputSchema)),
    annotations: Object.freeze({ ...spec.annotations }),
    gated: behaviour.approvedItem !== undefined,
  });
  return {
    definition,
    call: (client, input, options) => call(client, withoutUndefined(input), options),
    ...behaviour,
  };
}

function withoutUndefined<T>(input: T): WithoutUndefined<T> {
  return Object.fromEntries(
    Object.entries(input as object).filter(([, value]) => value !== undefined),
  ) as WithoutUndefined<T>;
}

// The definitions are shared by every caller in the process: nobody may change another's schema.
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object") {
    for (const entry of Object.values(value)) deepFreeze(entry);
    Object.freeze(value);
  }
  return value;
}
