/**
 * The review card on one server: its resource, and what `tools/list` and `tools/call` give a host
 * that renders MCP Apps. A server that serves no writing tool (read-only) has no card.
 */
import type { McpServer, Server, ServerContext } from "@modelcontextprotocol/server";
import type { Gate } from "../../../tools/approval/index.js";
import type { McpCallResult } from "../../server/call-result.js";
import { declaredCapabilities } from "../../server/declared-capabilities.js";
import type { McpToolCall } from "../../server/tool-call.js";
import type { McpListedTool } from "../../server/tool-listing.js";
import { MCP_APP_MIME_TYPE, registerReviewCard } from "./card-page.js";
import { cardAnswer, cardListing } from "./card-tools.js";

/** The card's two hooks into the server's tool handlers. */
export interface ReviewCard {
  /** The tool list this host sees. */
  listing(listing: readonly McpListedTool[], ctx: ServerContext): readonly McpListedTool[];
  /** Whether this call's host renders the card. */
  shown(ctx: ServerContext): boolean;
  /** The card's answer to this call, or `undefined` to run the tool as usual. */
  answer(call: McpToolCall, ctx: ServerContext): Promise<McpCallResult | undefined>;
}

export function attachReviewCard(
  mcp: McpServer,
  setup: {
    readonly gate: Gate;
    readonly servedNames: ReadonlySet<string>;
    readonly maxWaitMs: number;
  },
): ReviewCard | undefined {
  if (!setup.servedNames.has("update_content")) return undefined;
  registerReviewCard(mcp);
  const { gate, maxWaitMs } = setup;
  return {
    shown: (ctx) => hostShowsApps(mcp.server, ctx),
    listing: (listing, ctx) => (hostShowsApps(mcp.server, ctx) ? cardListing(listing) : listing),
    answer: async (call, ctx) => {
      if (!hostShowsApps(mcp.server, ctx)) return undefined;
      return cardAnswer(call.name, call.input ?? {}, {
        gate,
        options: { signal: call.signal, maxWaitMs },
      });
    },
  };
}

/** The Apps extension's id (SEP-1865). */
const APPS_EXTENSION = "io.modelcontextprotocol/ui";

/**
 * Whether this call's host renders MCP Apps: it declared the Apps extension
 * (`capabilities.extensions["io.modelcontextprotocol/ui"]`) with the app MIME type, where its
 * revision declares capabilities.
 */
function hostShowsApps(server: Server, ctx: ServerContext): boolean {
  const declared = declaredCapabilities(server, ctx) as
    | { extensions?: Record<string, unknown> }
    | undefined;
  const apps = declared?.extensions?.[APPS_EXTENSION] as { mimeTypes?: unknown } | undefined;
  return Array.isArray(apps?.mimeTypes) && apps.mimeTypes.includes(MCP_APP_MIME_TYPE);
}
