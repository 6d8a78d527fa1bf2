/**
 * A tool as `tools/list` describes it, shared by `createMcpServer` and the fake's MCP endpoint.
 * No import from the MCP SDK: the fake reads this file without loading it.
 */
import type { ToolAnnotations } from "../../tools/define-tool.js";
import type { Tool } from "../../tools/tool-list.js";

/**
 * The cache hint of `tools/list` (2026-07-28 `ttlMs` / `cacheScope`): the list depends only on
 * the server's options, so a host may keep it for five minutes; `private`, since the options
 * (read-only, a tool selection) are one host's.
 */
export const TOOL_LIST_CACHE_HINT = { ttlMs: 300_000, cacheScope: "private" } as const;

/** One entry of a `tools/list` result (MCP 2025-06-18 and later). */
export interface McpListedTool {
  [key: string]: unknown;
  name: string;
  title: string;
  description: string;
  inputSchema: { type: "object"; [key: string]: unknown };
  outputSchema: { type: "object"; [key: string]: unknown };
  annotations: ToolAnnotations & { title: string };
}

/**
 * The tool's name, title, description, input and output JSON Schemas, and all four annotations.
 * The title is in `annotations` too: hosts of the 2025-03-26 revision read it only there.
 */
export function listedTool(tool: Tool): McpListedTool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.parameters,
    outputSchema: tool.outputJsonSchema,
    annotations: { title: tool.title, ...tool.annotations },
  };
}
