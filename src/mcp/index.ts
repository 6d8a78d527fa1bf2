/**
 * `@postline/sdk/mcp`: the agent tools of `@postline/sdk/tools` served over MCP, and failures
 * from an MCP endpoint as the SDK's typed errors. Built on the official MCP TypeScript SDK v2,
 * `@modelcontextprotocol/server`, an optional peer dependency that only this subpath loads; one
 * server serves clients of both protocol revisions (2025-11-25 and 2026-07-28).
 *
 * @example
 * ```ts
 * import { Postline } from "@postline/sdk";
 * import { createMcpServer } from "@postline/sdk/mcp";
 * import { serveStdio } from "@modelcontextprotocol/server/stdio";
 *
 * const client = new Postline();
 * serveStdio(() => createMcpServer({ client }));
 * ```
 *
 * @packageDocumentation
 */

export type { SpentTickets } from "../tools/approval/index.js";
export { errorFromMcp, type McpJsonRpcError, type McpToolResult } from "./error-from-mcp.js";
export type { McpCallResult } from "./server/call-result.js";
export {
  createMcpServer,
  MCP_DEFAULT_MAX_WAIT_MS,
  type McpServerOptions,
} from "./server/create-server.js";
export { MCP_REFUSAL_CODES } from "./server/json-rpc-codes.js";
