/**
 * `@postline/sdk/langchain`: the Postline tools as LangChain structured tools
 * (`@langchain/core`), for a chat model's `bindTools`, LangGraph's `ToolNode` or `createAgent`.
 *
 * @example
 * ```ts
 * import { Postline } from "@postline/sdk";
 * import { langChainTools } from "@postline/sdk/langchain";
 *
 * const tools = langChainTools(new Postline());
 * const model = chatModel.bindTools(tools);
 * ```
 *
 * @packageDocumentation
 */
import { type DynamicStructuredTool, tool } from "@langchain/core/tools";
import {
  type AcknowledgmentOptions,
  acknowledgmentModeOf,
  createGate,
  stepOf,
} from "../tools/approval/index.js";
import { faceOptions } from "../tools/face-options.js";
import {
  type JsonObject,
  selectTools,
  type ToolClient,
  type ToolParameters,
  type ToolResult,
  type ToolSelection,
} from "../tools/index.js";
import { runThroughGate } from "../tools/run-tool.js";
import { withSignal } from "./request-options.js";

export type { PendingReviewStore, SignedReview } from "../tools/approval/index.js";
export {
  type LangChainApprovalOptions,
  langChainApproval,
  type MiddlewareRuntime,
  type MiddlewareToolCall,
  type PostlineInterruptOn,
  type PostlineInterruptOnConfig,
} from "./langchain-approval.js";

/** Which tools {@link langChainTools} returns, and who may acknowledge AI-ism matches. */
export interface LangChainToolsOptions extends ToolSelection, AcknowledgmentOptions {}

/**
 * A Standard Schema that shows a model the tool's real JSON Schema (through Standard JSON
 * Schema, which LangChain reads when it binds tools) and accepts any input, so LangChain raises no
 * `ToolInputParsingException` of its own and `runTool` answers bad input with our envelope.
 */
interface AdvertisedSchema {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: "postline";
    readonly validate: (value: unknown) => { readonly value: JsonObject };
    readonly jsonSchema: {
      readonly input: () => Record<string, unknown>;
      readonly output: () => Record<string, unknown>;
    };
  };
}

function advertise(parameters: ToolParameters): AdvertisedSchema {
  const schema = () => structuredClone(parameters) as Record<string, unknown>;
  return {
    "~standard": {
      version: 1,
      vendor: "postline",
      validate: (value) => ({ value: value as JsonObject }),
      jsonSchema: { input: schema, output: schema },
    },
  };
}

/**
 * The Postline tools as LangChain tools, built with `tool()` from `@langchain/core/tools`. Each
 * advertises its JSON Schema but lets LangChain validate nothing, so a model that leaves out
 * `channelId` reads our `validation_error` with `error.channels` rather than "Received tool input
 * did not match expected schema". The tool message's content is the result as JSON text, and its
 * `artifact` is the same result as an object. The run's abort signal stops the SDK calls.
 *
 * Give `humanInTheLoopMiddleware` the `interruptOn` of {@link langChainApproval} for the same
 * client to have a person approve AI-ism matches; without it, `acknowledgment` (default `"ask"`)
 * decides (docs/approval.md).
 *
 * @param client - a `Postline` client.
 * @param options - `{ readOnly?, tools?, acknowledgment? }`: which tools to return (default: all);
 *   an unknown option name is an `InvalidRequestError` naming the nearest known one.
 *
 * @example
 * ```ts
 * const model = chatModel.bindTools(langChainTools(client, { readOnly: true }));
 * ```
 */
export function langChainTools(
  client: ToolClient,
  options?: LangChainToolsOptions,
): DynamicStructuredTool[] {
  const given = faceOptions(options, { readOnly: true, tools: true, acknowledgment: true });
  const own = createGate({ client, mode: acknowledgmentModeOf(given) });
  return selectTools(given).map((definition) => {
    const name: string = definition.name;
    return tool(
      async (input: unknown, config): Promise<[string, ToolResult]> => {
        const toolCallId = config?.toolCall?.id;
        const { gate, proof } = await stepOf(own, "langchain", toolCallId);
        const context = { toolCallId };
        const options = withSignal(config?.signal);
        const result = await runThroughGate(gate, name, input, options, { proof, context });
        return [JSON.stringify(result), result];
      },
      {
        name,
        description: definition.description,
        // Typed as a JSON Schema object so `tool()` builds a structured tool; LangChain reads the
        // Standard Schema marker at run time.
        schema: advertise(definition.parameters) as unknown as Record<string, unknown>,
        responseFormat: "content_and_artifact",
      },
    );
  });
}
