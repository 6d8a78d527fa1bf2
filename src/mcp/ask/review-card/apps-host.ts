/**
 * Whether the host of a call renders MCP Apps: it declared the Apps extension
 * (`capabilities.extensions["io.modelcontextprotocol/ui"]`) with the app MIME type, where its
 * revision declares capabilities (`../declared-capabilities.ts`).
 */
import type { Server, ServerContext } from "@modelcontextprotocol/server";
import { declaredCapabilities } from "../../server/declared-capabilities.js";
import { MCP_APP_MIME_TYPE } from "./card-page.js";

/** The Apps extension's id (SEP-1865). */
const APPS_EXTENSION = "io.modelcontextprotocol/ui";

/** Whether this call's host declared the Apps extension with the app MIME type. */
export function hostShowsApps(server: Server, ctx: ServerContext): boolean {
  const declared = declaredCapabilities(server, ctx) as
    | { extensions?: Record<string, unknown> }
    | undefined;
  const apps = declared?.extensions?.[APPS_EXTENSION] as { mimeTypes?: unknown } | undefined;
  return Array.isArray(apps?.mimeTypes) && apps.mimeTypes.includes(MCP_APP_MIME_TYPE);
}
