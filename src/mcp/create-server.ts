import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { InvalidRequestError } from "../core/errors/local-errors.js";
import { toolError } from "../tools/envelope.js";
import { runTool } from "../tools/run-tool.js";
import type { ToolClient } from "../tools/tool-client.js";
import { selectTools, type ToolSelection } from "../tools/tool-selection.js";
import { VERSION } from "../version.js";
import { callResultOf } from "./call-result.js";
import { listedTool } from "./tool-listing.js";

/** Options of {@link createMcpServer}. */
export interface McpServerOptions extends ToolSelection {
  /** The `Postline` client the tools call (its key, base URL, pacing and retries apply). */
  readonly client: ToolClient;
}

const INSTRUCTIONS =
  "Tools for a Postline workspace's social content. Call list_channels first: every create " +
  "needs a channel id. A failed call answers the service's error envelope " +
  "{ error: { code, message, ... } }; its message says what to change, and error.channels or " +
  "error.aiIsmMatches give what to change it to.";

/**
 * An MCP server (the MCP SDK's low-level `Server`) serving the tools of `@postline/sdk/tools`
 * with their annotations, ready for any MCP transport (stdio, Streamable HTTP, in-memory).
 *
 * Every tool has a `title`, an `outputSchema` generated from the zod schema of its result, and
 * all four annotations. Results and failures take the hosted endpoint's shapes (api-v1.md §7): a
 * result is `structuredContent` plus one text item that is exactly its JSON; a credential failure is a JSON-RPC error whose `error.data.code` is the
 * service's code; a rate-limit refusal is a JSON-RPC error with `error.data.retryAfterSeconds`;
 * every other failure is an `isError` result whose text is the error envelope. An unknown tool, or
 * one the options leave out, answers `unknown_tool`.
 *
 * @param options - the client, and which tools to serve (`readOnly`, `tools`).
 * @throws InvalidRequestError naming `client` when it is not a client, and the `TypeError` of
 * `selectTools` naming `options.tools` for a name no tool has or a writing tool with `readOnly`.
 *
 * @example
 * ```ts
 * import { Postline } from "@postline/sdk";
 * import { createMcpServer } from "@postline/sdk/mcp";
 * import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
 *
 * const server = createMcpServer({ client: new Postline(), readOnly: true });
 * await server.connect(new StdioServerTransport());
 * ```
 */
export function createMcpServer(options: McpServerOptions): Server {
  if (options === null || typeof options !== "object" || !isToolClient(options.client)) {
    throw new InvalidRequestError("client", "createMcpServer needs `client`, a Postline client");
  }
  const { client } = options;
  const served = selectTools(options);
  const servedNames = new Set<string>(served.map((tool) => tool.name));
  const server = new Server(
    { name: "postline", title: "Postline", version: VERSION },
    { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: served.map(listedTool),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: input } = request.params;
    if (!servedNames.has(name)) {
      return callResultOf(
        toolError(
          "unknown_tool",
          `No tool is named "${name}" here. Available tools: ${[...servedNames].join(", ")}.`,
        ),
      );
    }
    return callResultOf(await runTool(client, name, input ?? {}, { signal: extra.signal }));
  });
  return server;
}

function isToolClient(value: unknown): value is ToolClient {
  return (
    value !== null &&
    typeof value === "object" &&
    "content" in value &&
    "channels" in value &&
    "brand" in value
  );
}
