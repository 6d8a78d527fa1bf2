/**
 * What the host of a call declared it can do. A 2026-07-28 request declares its capabilities in
 * its own `_meta`; a 2025 connection declared them at `initialize` (a server that saw no
 * `initialize`, as on a stateless 2025 leg, has none).
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  type ClientCapabilities,
  type Server,
  type ServerContext,
} from "@modelcontextprotocol/server";

const FIRST_MODERN_REVISION = "2026-07-28";

/** The capabilities the host of this call declared, by the rule of its protocol revision. */
export function declaredCapabilities(
  server: Server,
  ctx: ServerContext,
): ClientCapabilities | undefined {
  const revision = server.getNegotiatedProtocolVersion();
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const fromRequest = envelope?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined;
  const modern =
    revision === undefined ? fromRequest !== undefined : revision >= FIRST_MODERN_REVISION;
  return modern ? fromRequest : server.getClientCapabilities();
}
