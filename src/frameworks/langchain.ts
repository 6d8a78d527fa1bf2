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
  type JsonObject,
  runTool,
  selectTools,
  type ToolClient,
  type ToolParameters,
  type ToolResult,
  type ToolSelection,
} from "../tools/index.js";
import { withSignal } from "./request-options.js";

/** Which tools {@link langChainTools} returns. */
export type LangChainToolsOptions = ToolSelection;

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
 * @param client - a `Postline` client.
 * @param options - `{ readOnly?, tools? }`: which tools to return (default: all).
 *
 * @example
 * ```ts
 * const model = chatModel.bindTools(langChainTools(client, { readOnly: true }));
 * ```
 */
export function langChainTools(
  client: ToolClient,
  options: LangChainToolsOptions = {},
): DynamicStructuredTool[] {
  return selectTools(options).map((definition) => {
    const name: string = definition.name;
    return tool(
      async (input: unknown, config): Promise<[string, ToolResult]> => {
        const result = await runTool(client, name, input, withSignal(config?.signal));
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
