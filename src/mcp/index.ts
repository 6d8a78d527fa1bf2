/**
 * `@postline/sdk/mcp`: the agent tools of `@postline/sdk/tools` served over MCP, and failures
 * from an MCP endpoint as the SDK's typed errors. Built on the official
 * `@modelcontextprotocol/sdk`, an optional peer dependency that only this subpath loads.
 *
 * @example
 * ```ts
 * import { Postline } from "@postline/sdk";
 * import { createMcpServer } from "@postline/sdk/mcp";
 * import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
 *
 * await createMcpServer({ client: new Postline() }).connect(new StdioServerTransport());
 * ```
 *
 * @packageDocumentation
 */
export type { McpCallResult } from "./call-result.js";
export {
  createMcpServer,
  MCP_DEFAULT_MAX_WAIT_MS,
  type McpServerOptions,
} from "./create-server.js";
export { errorFromMcp, type McpJsonRpcError, type McpToolResult } from "./error-from-mcp.js";
export { MCP_REFUSAL_CODES } from "./json-rpc-codes.js";
