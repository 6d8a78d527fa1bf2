import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isToolError, type JsonObject, runTool } from "../../src/tools/index.js";
import { type FakeSession, openFakeSession } from "./fake-session.js";

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

  it("a draft whose connection drops after the write never leaves two items, and an error says to list first", async () => {
    session.service.faults.inject({ kind: "dropAfterWrite", method: "POST", path: "/content" });
    const body = "Exports take three seconds now.";
    const result = await runTool(session.client, "create_content_draft", {
      channelId: session.channelIds[0]!,
      body,
    });
    // The SDK either adopts the item the dropped request created, or reports the ambiguity.
    if (isToolError(result)) {
      expect(result.error).toMatchObject({
        code: "connection_error",
        hint: expect.stringMatching(/list_content/),
      });
    } else {
      expect((result.item as JsonObject).content).toBe(body);
    }
    const { items } = (await runTool(session.client, "list_content", { source: "api" })) as {
      items: JsonObject[];
    };
    expect(items.filter((i) => i.content === body)).toHaveLength(1);
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
