/**
 * The review card as a host that renders MCP Apps meets it, with the official v2 client in both
 * revisions against createMcpServer (through the endpoint `postline mcp --http` serves, in
 * process): the
 * card's tools and resource, a gated call answered `awaiting_review` with nothing sent, the token
 * only in `_meta`, and a decision through the app-only tool.
 */

import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { getToolUiResourceUri } from "@modelcontextprotocol/ext-apps/app-bridge";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMcpServer, type McpServerOptions } from "../../src/mcp/index.js";
import { createMcpHttpEndpoint } from "../../src/mcp/transport/http-endpoint.js";
import { tools } from "../../src/tools/index.js";
import {
  FLAGGED_TEXT,
  flaggedDraft,
  statusOf,
  writesTo,
} from "../approval/support/acknowledgments.js";
import { type FakeSession, openFakeSession } from "../support/fake-session.js";
import { REVISIONS, type Revision } from "./support/clients.js";
import { inProcessFetch } from "./support/in-memory-client.js";

const APPS = { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } };
const TOKEN_KEY = "io.postline/reviewToken";

let session: FakeSession;
const open: Client[] = [];
beforeEach(() => {
  session = openFakeSession();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
  session.close();
});

async function host(
  revision: Revision,
  apps: boolean,
  options: Partial<McpServerOptions> = {},
  endpoint = createMcpHttpEndpoint(() => createMcpServer({ client: session.client, ...options })),
) {
  const client = new Client(
    { name: "review-card-test", version: "1.0.0" },
    {
      versionNegotiation: { mode: revision === "2025-11-25" ? "legacy" : { pin: revision } },
      capabilities: apps ? { extensions: APPS } : {},
    },
  );
  open.push(client);
  await client.connect(
    new StreamableHTTPClientTransport(new URL("http://127.0.0.1/mcp"), {
      fetch: inProcessFetch(endpoint),
    }),
  );
  return client;
}

/** A tool result's JSON text, which carries the envelope of a failed call. */
function textOf(result: { content?: unknown }): unknown {
  const [first] = result.content as { type: string; text: string }[];
  return JSON.parse(first?.text ?? "null");
}

describe.each(REVISIONS)("the review card, %s", (revision) => {
  it("a server that does not serve schedule_content answers it unknown_tool, and the card cannot schedule through it (failed before: awaiting_review, then a scheduled item)", async () => {
    const draft = await flaggedDraft(session);
    const client = await host(revision, true, { tools: ["update_content", "get_content"] });
    const unserved = await client.callTool({
      name: "schedule_content",
      arguments: { id: draft.id, publishNow: true },
    });
    expect(unserved.isError).toBe(true);
    expect(textOf(unserved)).toMatchObject({ error: { code: "unknown_tool" } });

    const shown = await client.callTool({
      name: "update_content",
      arguments: { id: draft.id, status: "pending" },
    });
    const reviewToken = (shown._meta as Record<string, unknown>)[TOKEN_KEY];
    const decided = await client.callTool({
      name: "decide_review",
      arguments: { itemId: draft.id, reviewToken, decision: "schedule", publishNow: true },
    });
    expect(textOf(decided)).toMatchObject({
      error: { code: "validation_error", param: "decision" },
    });
    expect(writesTo(session, draft.id)).toEqual([]);
    expect(await statusOf(session, draft.id)).toBe("draft");
  });

  it("a host that renders Apps lists review_content and the app-only decide_review", async () => {
    const listed = (await (await host(revision, true)).listTools()).tools;
    const names = listed.map((tool) => tool.name);
    expect(names).toEqual([...tools.map((tool) => tool.name), "review_content", "decide_review"]);
    const decide = listed.find((tool) => tool.name === "decide_review");
    expect(decide?._meta).toEqual({
      ui: { resourceUri: "ui://postline/review", visibility: ["app"] },
    });
    const update = listed.find((tool) => tool.name === "update_content");
    expect(JSON.stringify(update?.outputSchema)).toContain("awaiting_review");
  });

  it("a host that renders Apps finds the card linked from update_content, schedule_content and review_content", async () => {
    const listed = (await (await host(revision, true)).listTools()).tools;
    const linked = listed.filter((tool) => getToolUiResourceUri(tool) === "ui://postline/review");
    expect(linked.map((tool) => tool.name)).toEqual([
      "update_content",
      "schedule_content",
      "review_content",
      "decide_review",
    ]);
  });

  it("a host without the extension finds no tool linked to a UI", async () => {
    const listed = (await (await host(revision, false)).listTools()).tools;
    expect(listed.filter((tool) => tool._meta !== undefined)).toEqual([]);
  });

  it("a host without the extension sees no change: no card tools, review_content is unknown", async () => {
    const client = await host(revision, false);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(tools.map((tool) => tool.name));
    const result = await client.callTool({ name: "review_content", arguments: { id: "x" } });
    expect(JSON.parse((result.content as { text: string }[])[0]!.text).error.code).toBe(
      "unknown_tool",
    );
  });

  it("PATCH-3 a gated call answers awaiting_review with the card at once, sends nothing, and keeps the token out of the text", async () => {
    const draft = await flaggedDraft(session);
    const client = await host(revision, true);
    const result = await client.callTool({
      name: "update_content",
      arguments: { id: draft.id, status: "pending" },
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      status: "awaiting_review",
      itemId: draft.id,
      text: FLAGGED_TEXT,
      aiIsmMatches: expect.arrayContaining([expect.objectContaining({ label: "delve" })]),
    });
    expect(String((result.structuredContent as { message: string }).message)).toMatch(
      /Do not call/,
    );
    expect(result._meta).toMatchObject({ ui: { resourceUri: "ui://postline/review" } });
    const token = (result._meta as Record<string, unknown>)[TOKEN_KEY];
    expect(token).toEqual(expect.any(String));
    expect(JSON.stringify(result.content)).not.toContain(String(token));
    expect(writesTo(session, draft.id)).toEqual([]);
    expect(await statusOf(session, draft.id)).toBe("draft");

    const decided = await client.callTool({
      name: "decide_review",
      arguments: { itemId: draft.id, reviewToken: token, decision: "approve" },
    });
    expect(decided.structuredContent).toMatchObject({ status: "approved" });
    expect(writesTo(session, draft.id)).toEqual([{ method: "PATCH", acknowledged: true }]);
  });

  it("PATCH-3 a token that decided once is refused from another request or session of the same endpoint", async () => {
    const draft = await flaggedDraft(session);
    const endpoint = createMcpHttpEndpoint(() => createMcpServer({ client: session.client }));
    const first = await host(revision, true, {}, endpoint);
    const gated = await first.callTool({
      name: "update_content",
      arguments: { id: draft.id, status: "pending" },
    });
    const reviewToken = (gated._meta as Record<string, unknown>)[TOKEN_KEY];
    const decide = { itemId: draft.id, reviewToken, decision: "approve" };
    const decided = await first.callTool({ name: "decide_review", arguments: decide });
    expect(decided.structuredContent).toMatchObject({ status: "approved" });
    // 2026-07-28 makes a server per request, 2025-11-25 one per session: another connection.
    const second = await host(revision, true, {}, endpoint);
    const again = await second.callTool({ name: "decide_review", arguments: decide });
    expect(again.isError).toBe(true);
    const text = (again.content as { text: string }[])[0]?.text ?? "{}";
    expect(JSON.parse(text).error).toMatchObject({ code: "review_refused", reason: "spent" });
    expect(writesTo(session, draft.id)).toEqual([{ method: "PATCH", acknowledged: true }]);
  });

  it("decide_review without the card's token is refused, and nothing is sent", async () => {
    const draft = await flaggedDraft(session);
    const client = await host(revision, true);
    const refused = await client.callTool({
      name: "decide_review",
      arguments: { itemId: draft.id, reviewToken: "copied-from-the-chat", decision: "approve" },
    });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain("review_refused");
    expect(writesTo(session, draft.id)).toEqual([]);
  });

  it("PATCH-3 an approval that brings new text is refused with param content: the person approves text as stored", async () => {
    const draft = await flaggedDraft(session);
    const client = await host(revision, true);
    const plain = "A plain new text about exports.";
    const result = await client.callTool({
      name: "update_content",
      arguments: { id: draft.id, status: "pending", content: plain },
    });
    expect(result.isError).toBe(true);
    const text = (result.content as { text: string }[])[0]?.text ?? "{}";
    expect(JSON.parse(text).error).toMatchObject({ code: "validation_error", param: "content" });
    expect(writesTo(session, draft.id)).toEqual([]);
  });

  it('mode "model" never opens the card: the gate answers as it does today', async () => {
    const draft = await flaggedDraft(session);
    const client = await host(revision, true, { acknowledgment: "model" });
    const result = await client.callTool({
      name: "update_content",
      arguments: { id: draft.id, status: "pending" },
    });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain("acknowledgmentRequired");
  });

  it("serves ui://postline/review: one HTML document, the app MIME type, a CSP with no outside domain", async () => {
    const client = await host(revision, true);
    const { contents } = await client.readResource({ uri: "ui://postline/review" });
    expect(contents).toHaveLength(1);
    const [page] = contents as { mimeType: string; text: string; _meta: unknown }[];
    expect(page!.mimeType).toBe("text/html;profile=mcp-app");
    expect(page!._meta).toMatchObject({ ui: { csp: { connectDomains: [], resourceDomains: [] } } });
    expect(page!.text).toMatch(/^<!doctype html>/);
    // Nothing is fetched by the page itself: no src or href to any other document.
    expect(page!.text).not.toMatch(/<(script|link|img|iframe)[^>]+(src|href)=/i);
  });
});
