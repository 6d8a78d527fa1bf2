/**
 * MCP's `arguments` is an object by protocol: a host that sends a gated call's arguments as JSON
 * text (once or twice encoded, with a byte-order mark) gets no write that acknowledges, in either
 * revision, and the person still decides the object form.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMcpServer } from "../../src/mcp/index.js";
import { createMcpHttpEndpoint } from "../../src/mcp/transport/http-endpoint.js";
import {
  acknowledgedWrites,
  encodingsOf,
  flaggedDraft,
  statusOf,
} from "../approval/support/acknowledgments.js";
import { type FakeSession, openFakeSession } from "../support/fake-session.js";
import { REVISIONS } from "./support/clients.js";
import { connectElicitingClient, type ElicitingClient } from "./support/eliciting-clients.js";
import { inProcessFetch } from "./support/in-memory-client.js";

let session: FakeSession;
const open: ElicitingClient[] = [];
beforeEach(() => {
  session = openFakeSession();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
  session.close();
});

describe.each(REVISIONS)("PATCH-3 a gated call's arguments in every encoding, %s", (revision) => {
  it("nothing acknowledges unless the person approved the text shown", async () => {
    const endpoint = createMcpHttpEndpoint(() => createMcpServer({ client: session.client }));
    const target = { url: "http://127.0.0.1/mcp", fetch: inProcessFetch(endpoint) };
    const mcp = await connectElicitingClient(revision, target, async () => ({ action: "decline" }));
    open.push(mcp);
    for (const [label] of encodingsOf({})) {
      const draft = await flaggedDraft(session);
      const input = { id: draft.id, status: "pending", acknowledgeAiIsms: true };
      const encoded = encodingsOf(input).find(([name]) => name === label)?.[1];
      // A host's own client may refuse a string before sending it: either way nothing is written.
      await mcp.callTool("update_content", encoded as never).catch(() => undefined);
      expect({ label, acknowledged: acknowledgedWrites(session, draft.id) }).toEqual({
        label,
        acknowledged: 0,
      });
      expect(await statusOf(session, draft.id)).toBe("draft");
    }
    // The object form reached the person, who declined.
    expect(mcp.forms.length).toBeGreaterThanOrEqual(1);
  });
});
