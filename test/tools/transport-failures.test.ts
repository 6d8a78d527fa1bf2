import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isToolError, type JsonObject, runTool } from "../../src/tools/index.js";
import { type FakeSession, openFakeSession } from "../support/fake-session.js";

let session: FakeSession;
beforeEach(() => {
  session = openFakeSession();
});
afterEach(() => session.close());

function posts(): number {
  return session.service.requests.filter((r) => r.method === "POST" && r.path === "/content")
    .length;
}

describe("runTool reports transport failures as envelopes", () => {
  it("a generation whose connection drops after the write is a connection_error telling the model to list before re-creating", async () => {
    session.service.faults.inject({ kind: "dropAfterWrite", method: "POST", path: "/content" });
    const result = await runTool(session.client, "generate_content", {
      channelIds: [session.channelIds[0]!],
      prompt: "Export speed",
    });
    expect(result).toMatchObject({
      error: { code: "connection_error", hint: expect.stringMatching(/list_content/) },
    });
    // The SDK did not resend the ambiguous write.
    expect(posts()).toBe(1);
  });

  it("a draft whose connection drops after the write is reconciled: the model gets the one item made", async () => {
    session.service.faults.inject({ kind: "dropAfterWrite", method: "POST", path: "/content" });
    const body = "Exports take three seconds now.";
    const result = await runTool(session.client, "create_content_draft", {
      channelId: session.channelIds[0]!,
      body,
    });
    expect(isToolError(result)).toBe(false);
    expect((result as { item: JsonObject }).item.content).toBe(body);
    expect(posts()).toBe(1);
    const { items } = (await runTool(session.client, "list_content", { source: "api" })) as {
      items: JsonObject[];
    };
    expect(items.filter((i) => i.content === body)).toHaveLength(1);
  });

  it("a draft whose create drops and whose check fails is ambiguous_create, saying an item may exist", async () => {
    session.service.faults.inject({ kind: "dropAfterWrite", method: "POST", path: "/content" });
    session.service.faults.inject({
      kind: "status",
      status: 500,
      method: "GET",
      path: "/content",
      always: true,
      body: { error: { code: "internal_error", message: "down" } },
    });
    const result = await runTool(session.client, "create_content_draft", {
      channelId: session.channelIds[0]!,
      body: "Reports export as CSV now.",
    });
    expect(result).toMatchObject({
      error: {
        code: "ambiguous_create",
        outcome: "unknown",
        unresolvedChannelIds: [session.channelIds[0]],
        items: [],
      },
    });
    expect(posts()).toBe(1);
  });

  it("a refused connection on a read is a connection_error without the write hint", async () => {
    session.service.faults.inject({ kind: "refuseBeforeWrite", method: "GET", path: "/stats" });
    const result = await runTool(session.client, "get_stats", {});
    expect(result).toMatchObject({ error: { code: "connection_error" } });
    expect(result).not.toHaveProperty("error.hint");
  });

  it("an HTML error page from a proxy is unexpected_response, naming the status", async () => {
    session.service.faults.inject({ kind: "html", status: 502, method: "GET", path: "/brand" });
    const result = await runTool(session.client, "get_brand", {});
    expect(result).toEqual({
      error: { code: "unexpected_response", message: expect.stringContaining("502") },
    });
  });
});
