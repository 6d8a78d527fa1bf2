/**
 * The acknowledgment gate asked of the person through MCP, with the official clients of both
 * revisions over Streamable HTTP (the endpoint `postline mcp --http` serves, in process): the
 * v2 client answers `input_required`, the v1 client answers `elicitation/create`.
 */
import { createMcpHandler } from "@modelcontextprotocol/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMcpServer, type McpServerOptions } from "../../src/mcp/index.js";
import { createMcpHttpEndpoint } from "../../src/mcp/transport/http-endpoint.js";
import {
  acknowledgedWrites,
  EDITED_TEXT,
  FLAGGED_TEXT,
  flaggedDraft,
  statusOf,
  writesTo,
} from "../approval/support/acknowledgments.js";
import { type FakeSession, openFakeSession } from "../support/fake-session.js";
import { connectClient, REVISIONS, type Revision } from "./support/clients.js";
import {
  connectElicitingClient,
  type ElicitingClient,
  type Person,
} from "./support/eliciting-clients.js";
import { inProcessFetch } from "./support/in-memory-client.js";

let session: FakeSession;
const open: { close(): Promise<void> }[] = [];
beforeEach(() => {
  session = openFakeSession();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
  session.close();
});

function target(options: Partial<McpServerOptions> = {}) {
  const endpoint = createMcpHttpEndpoint(() =>
    createMcpServer({ client: session.client, ...options }),
  );
  return { url: "http://127.0.0.1/mcp", fetch: inProcessFetch(endpoint) };
}

async function host(
  revision: Revision,
  person: Person,
  options: Partial<McpServerOptions> = {},
): Promise<ElicitingClient> {
  const client = await connectElicitingClient(revision, target(options), person);
  open.push(client);
  return client;
}

const approve: Person = async () => ({ action: "accept", content: { approve: true } });
const decline: Person = async () => ({ action: "decline" });

function envelopeOf(result: { content?: unknown }): { error?: Record<string, unknown> } {
  const [item] = result.content as { text: string }[];
  return JSON.parse(item?.text ?? "{}");
}

describe.each(REVISIONS)("the person decides through MCP, %s", (revision) => {
  it("PATCH-3 approve: the form shows the exact text and matches; the item is pending and one PATCH carried acknowledgeAiIsms", async () => {
    const draft = await flaggedDraft(session);
    const mcp = await host(revision, approve);
    const result = await mcp.callTool("update_content", { id: draft.id, status: "pending" });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ item: { id: draft.id, status: "pending" } });
    expect(mcp.forms).toHaveLength(1);
    expect(mcp.forms[0]?.message).toContain(FLAGGED_TEXT);
    expect(mcp.forms[0]?.message).toContain('delve ("delve"), tapestry ("tapestry")');
    expect(mcp.forms[0]?.requestedSchema).toMatchObject({
      properties: { approve: { type: "boolean" } },
    });
    expect(await statusOf(session, draft.id)).toBe("pending");
    expect(writesTo(session, draft.id)).toEqual([{ method: "PATCH", acknowledged: true }]);
  });

  it("PATCH-3 decline: the item stays a draft, nothing is acknowledged, and the model is told the user did not approve", async () => {
    const draft = await flaggedDraft(session);
    const mcp = await host(revision, decline);
    // The model tries to acknowledge on its own: a person can be asked, so only they decide.
    const result = await mcp.callTool("schedule_content", {
      id: draft.id,
      publishNow: true,
      acknowledgeAiIsms: true,
    });
    expect(result.isError).toBe(true);
    expect(envelopeOf(result).error).toMatchObject({
      code: "approval_declined",
      message: expect.stringMatching(/did not approve/),
      itemId: draft.id,
    });
    expect(await statusOf(session, draft.id)).toBe("draft");
    expect(writesTo(session, draft.id)).toEqual([]);
  });

  it("PATCH-3 an unticked approve box is a decline", async () => {
    const draft = await flaggedDraft(session);
    const mcp = await host(revision, async () => ({
      action: "accept",
      content: { approve: false },
    }));
    const result = await mcp.callTool("update_content", { id: draft.id, status: "pending" });
    expect(envelopeOf(result).error).toMatchObject({ code: "approval_declined" });
    expect(acknowledgedWrites(session, draft.id)).toBe(0);
  });

  it("PATCH-3 a text edited while the person decides is asked again, never acknowledged blind", async () => {
    const draft = await flaggedDraft(session);
    const mcp = await host(revision, async (form) => {
      // Someone edits the text while the first form is open; the person approves each form.
      if (form.message.includes(FLAGGED_TEXT))
        await session.client.content.update(draft.id, { content: EDITED_TEXT });
      return { action: "accept", content: { approve: true } };
    });
    const result = await mcp.callTool("update_content", { id: draft.id, status: "pending" });
    expect(result.structuredContent).toMatchObject({ item: { status: "pending" } });
    expect(mcp.forms.map((form) => form.message.includes(EDITED_TEXT))).toEqual([false, true]);
    expect(writesTo(session, draft.id)).toEqual([
      { method: "PATCH", acknowledged: false, content: EDITED_TEXT },
      { method: "PATCH", acknowledged: true },
    ]);
  });

  it('PATCH-3 mode "model": nobody is asked; the model acknowledges as the service allows', async () => {
    const draft = await flaggedDraft(session);
    const mcp = await host(revision, approve, { acknowledgment: "model" });
    const refused = await mcp.callTool("update_content", { id: draft.id, status: "pending" });
    expect(envelopeOf(refused).error).toMatchObject({ acknowledgmentRequired: true });
    const result = await mcp.callTool("update_content", {
      id: draft.id,
      status: "pending",
      acknowledgeAiIsms: true,
    });
    expect(result.structuredContent).toMatchObject({ item: { status: "pending" } });
    expect(mcp.forms).toEqual([]);
    expect(acknowledgedWrites(session, draft.id)).toBe(1);
  });

  it('PATCH-3 mode "human": a host that can ask, asks; one that cannot tells the model to ask its user and ignores its acknowledgeAiIsms', async () => {
    const draft = await flaggedDraft(session);
    const asking = await host(revision, decline, { acknowledgment: "human" });
    await asking.callTool("update_content", { id: draft.id, status: "pending" });
    expect(asking.forms).toHaveLength(1);
    const mute = await connectClient(revision, target({ acknowledgment: "human" }));
    open.push(mute);
    const result = await mute.callTool({
      name: "update_content",
      arguments: { id: draft.id, status: "pending", acknowledgeAiIsms: true },
    });
    expect(envelopeOf(result).error).toMatchObject({
      code: "validation_error",
      acknowledgmentRequired: true,
      askUser: true,
    });
    expect(JSON.stringify(result)).not.toMatch(/acknowledgeAiIsms/);
    expect(await statusOf(session, draft.id)).toBe("draft");
    expect(acknowledgedWrites(session, draft.id)).toBe(0);
  });

  it("PATCH-3 mode \"ask\", a host that cannot elicit: today's structured 409 envelope, not the SDK's failure", async () => {
    const draft = await flaggedDraft(session);
    const mute = await connectClient(revision, target());
    open.push(mute);
    const result = await mute.callTool({
      name: "update_content",
      arguments: { id: draft.id, status: "pending" },
    });
    expect(result.isError).toBe(true);
    expect(envelopeOf(result).error).toMatchObject({
      code: "validation_error",
      acknowledgmentRequired: true,
      aiIsmMatches: [{ label: "delve" }, { label: "tapestry" }],
    });
    expect(await statusOf(session, draft.id)).toBe("draft");
  });
});

describe("a 2025 host on a stateless HTTP leg (createMcpHandler's legacy fallback)", () => {
  it("PATCH-3 cannot be asked even though it declared elicitation: the 409 envelope, not the SDK's failure", async () => {
    const draft = await flaggedDraft(session);
    const handler = createMcpHandler(() => createMcpServer({ client: session.client }), {
      legacy: "stateless",
    });
    const url = "http://127.0.0.1/mcp";
    const mcp = await connectElicitingClient(
      "2025-11-25",
      { url, fetch: (input, init) => handler.fetch(new Request(input, init)) },
      approve,
    );
    open.push(mcp, handler);
    const result = await mcp.callTool("update_content", { id: draft.id, status: "pending" });
    expect(envelopeOf(result).error).toMatchObject({
      code: "validation_error",
      acknowledgmentRequired: true,
      aiIsmMatches: [{ label: "delve" }, { label: "tapestry" }],
    });
    expect(mcp.forms).toEqual([]);
    expect(await statusOf(session, draft.id)).toBe("draft");
  });
});
