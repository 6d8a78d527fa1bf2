/**
 * What the host of a call declared it can do. A 2026-07-28 request declares its capabilities in
 * its own `_meta`; a 2025 connection declared them at `initialize` (a server that saw no
 * `initialize`, as on a stateless 2025 leg, has none). Whether it can show a person a form is
 * checked here, before anything is asked, so that a host that cannot gets the tool's usual answer
 * rather than the SDK's generic failure.
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

/** Form elicitation is `elicitation.form`, or a bare `elicitation: {}` (the 2025-06-18 form). */
export function clientCanElicitForm(server: Server, ctx: ServerContext): boolean {
  const elicitation = declaredCapabilities(server, ctx)?.elicitation;
  if (elicitation === null || typeof elicitation !== "object") return false;
  return "form" in elicitation || !("url" in elicitation);
}
