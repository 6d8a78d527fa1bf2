/**
 * Whether the host of a call can show a person a form: checked here, before anything is asked,
 * so that a host that cannot gets the tool's usual answer rather than the SDK's generic failure.
 */
import type { Server, ServerContext } from "@modelcontextprotocol/server";
import { declaredCapabilities } from "../server/declared-capabilities.js";

/** Form elicitation is `elicitation.form`, or a bare `elicitation: {}` (the 2025-06-18 form). */
export function clientCanElicitForm(server: Server, ctx: ServerContext): boolean {
  const elicitation = declaredCapabilities(server, ctx)?.elicitation;
  if (elicitation === null || typeof elicitation !== "object") return false;
  return "form" in elicitation || !("url" in elicitation);
}
