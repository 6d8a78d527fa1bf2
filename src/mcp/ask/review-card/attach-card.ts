/**
 * The review card on one server: its resource, and whether a host renders MCP Apps, which decides
 * what `tools/list` and `tools/call` give it. A server that serves no writing tool (read-only) has
 * no card.
 */
import type { McpServer, ServerContext } from "@modelcontextprotocol/server";
import { declaredCapabilities } from "../../server/declared-capabilities.js";
import { MCP_APP_MIME_TYPE, registerReviewCard } from "./card-page.js";

/** Whether the host of a call renders the card. */
export type ShowsCard = (ctx: ServerContext) => boolean;

/** The Apps extension's id (SEP-1865). */
const APPS_EXTENSION = "io.modelcontextprotocol/ui";

/**
 * Serves the card on `mcp` when it serves `update_content`, and answers whether a call's host
 * renders MCP Apps: it declared the Apps extension
 * (`capabilities.extensions["io.modelcontextprotocol/ui"]`) with the app MIME type, where its
 * revision declares capabilities.
 */
export function attachReviewCard(
  mcp: McpServer,
  servedNames: ReadonlySet<string>,
): ShowsCard | undefined {
  if (!servedNames.has("update_content")) return undefined;
  registerReviewCard(mcp);
  return (ctx) => {
    const apps = declaredCapabilities(mcp.server, ctx)?.extensions?.[APPS_EXTENSION];
    return Array.isArray(apps?.mimeTypes) && apps.mimeTypes.includes(MCP_APP_MIME_TYPE);
  };
}
