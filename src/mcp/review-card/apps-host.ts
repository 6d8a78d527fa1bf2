/**
 * Whether the host of a call renders MCP Apps: it declared the Apps extension
 * (`capabilities.extensions["io.modelcontextprotocol/ui"]`) with the app MIME type. Read like
 * `../client-can-elicit.ts` reads elicitation: a 2026-07-28 request declares its capabilities in
 * its own `_meta`, a 2025 connection at `initialize`.
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  type ClientCapabilities,
  type Server,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { MCP_APP_MIME_TYPE } from "./card-page.js";

/** The Apps extension's id (SEP-1865). */
const APPS_EXTENSION = "io.modelcontextprotocol/ui";
const FIRST_MODERN_REVISION = "2026-07-28";

export function hostShowsApps(server: Server, ctx: ServerContext): boolean {
  const revision = server.getNegotiatedProtocolVersion();
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const fromRequest = envelope?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined;
  const modern =
    revision === undefined ? fromRequest !== undefined : revision >= FIRST_MODERN_REVISION;
  const declared = modern ? fromRequest : server.getClientCapabilities();
  const extensions = (declared as { extensions?: Record<string, unknown> } | undefined)?.extensions;
  const apps = extensions?.[APPS_EXTENSION] as { mimeTypes?: unknown } | undefined;
  return Array.isArray(apps?.mimeTypes) && apps.mimeTypes.includes(MCP_APP_MIME_TYPE);
}
