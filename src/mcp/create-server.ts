import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { InvalidRequestError } from "../core/errors/local-errors.js";
import { checkMaxWait } from "../core/pacing/wait-bound.js";
import { toolError } from "../tools/envelope.js";
import { runTool } from "../tools/run-tool.js";
import type { ToolClient } from "../tools/tool-client.js";
import { selectTools, type ToolSelection } from "../tools/tool-selection.js";
import { VERSION } from "../version.js";
import { callResultOf } from "./call-result.js";
import { listedTool } from "./tool-listing.js";
import { WaitProgress } from "./wait-progress.js";

/**
 * How long a tool call waits for a rate-limit slot by default: MCP hosts give a tool about 60 s,
 * so a longer wait answers `rate_limited` with `retryAfterSeconds` at once instead.
 */
export const MCP_DEFAULT_MAX_WAIT_MS = 45_000;

/** Options of {@link createMcpServer}. */
export interface McpServerOptions extends ToolSelection {
  /** The `Postline` client the tools call (its key, base URL, pacing and retries apply). */
  readonly client: ToolClient;
  /**
   * How long a tool call may wait for a rate-limit slot, in milliseconds. Default 45 000: under
   * the minute an MCP host gives a tool. A wait known to be longer answers `rate_limited` with
   * `retryAfterSeconds` at once, so the model can plan (docs/retries.md).
   */
  readonly maxWaitMs?: number | undefined;
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
 * A tool call waits for a rate-limit slot at most `maxWaitMs` (45 s by default); while it waits,
 * a host that sent a `progressToken` gets progress notifications, and the host's cancellation
 * ends the wait at once.
 *
 * @param options - the client, which tools to serve (`readOnly`, `tools`), and `maxWaitMs`.
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
  const maxWaitMs = options.maxWaitMs ?? MCP_DEFAULT_MAX_WAIT_MS;
  checkMaxWait(maxWaitMs);
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
    // The host's cancellation is the signal: it ends a wait for a slot at once.
    const callOptions = { signal: extra.signal, maxWaitMs };
    const progressToken = request.params._meta?.progressToken;
    if (progressToken === undefined) {
      return callResultOf(await runTool(client, name, input ?? {}, callOptions));
    }
    const progress = new WaitProgress((update) =>
      extra.sendNotification({
        method: "notifications/progress",
        params: { progressToken, ...update },
      }),
    );
    try {
      const { onRateLimitWait } = progress;
      return callResultOf(
        await runTool(client, name, input ?? {}, { ...callOptions, onRateLimitWait }),
      );
    } finally {
      progress.end();
    }
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
