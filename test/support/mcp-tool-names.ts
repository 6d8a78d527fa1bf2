/**
 * The tool names the hosted MCP server offers (api-v1.md §4, rule MCP-1), in the contract's
 * order. Written out from the contract, not read from the SDK, so a renamed tool fails the tests.
 */
export const MCP_TOOL_NAMES = [
  "list_content",
  "list_channels",
  "generate_content",
  "create_content_draft",
  "update_content",
  "schedule_content",
] as const;
