import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isToolError, type JsonObject, runTool } from "../../src/tools/index.js";
import { type FakeSession, openFakeSession } from "../support/fake-session.js";
import { runAsModel } from "./support/run-as-model.js";

let session: FakeSession;
beforeEach(() => {
  session = openFakeSession();
});
afterEach(() => session.close());

// "delve" is one of the fake's AI-writing patterns.
const AI_ISM_TEXT = "Let's delve into how exports got faster: three seconds for 50k rows.";

async function draftOn(platform: string, body: string): Promise<string> {
  const { channels } = (await runTool(session.client, "list_channels", { platform })) as {
    channels: JsonObject[];
  };
  const channelId = String(channels.find((c) => c.isActive !== false)?.id);
  const created = await runTool(session.client, "create_content_draft", { channelId, body });
  if (isToolError(created)) throw new Error(JSON.stringify(created));
  return String((created.item as JsonObject).id);
}

/** How many `POST /content` requests reached the fake. */
function countPosts(): number {
  return session.service.requests.filter((r) => r.method === "POST" && r.path === "/content")
    .length;
}

function byId(channels: unknown): JsonObject[] {
  return [...(channels as JsonObject[])].sort((a, b) => String(a.id).localeCompare(String(b.id)));
}

describe("MCP-2 the tools answer with the service's error envelope", () => {
  it("MCP-2 approving AI-ism text keeps acknowledgmentRequired and aiIsmMatches, as the API answers", async () => {
    const id = await draftOn("linkedin", AI_ISM_TEXT);
    const result = await runTool(session.client, "update_content", { id, status: "pending" });
    const raw = await session.rawRequest("PATCH", `/content/${id}`, { status: "pending" });
    expect(raw.status).toBe(409);
    expect(result).toEqual(raw.body);
    expect(result).toMatchObject({
      error: {
        code: "validation_error",
        acknowledgmentRequired: true,
        aiIsmMatches: [expect.objectContaining({ label: "delve" })],
      },
    });

    const acknowledged = await runTool(session.client, "update_content", {
      id,
      status: "pending",
      acknowledgeAiIsms: true,
    });
    expect(isToolError(acknowledged)).toBe(false);
  });

  it("MCP-2 schedule_content of AI-ism text is refused the same way until acknowledged", async () => {
    const id = await draftOn("linkedin", AI_ISM_TEXT);
    const refused = await runTool(session.client, "schedule_content", { id, publishNow: true });
    expect(refused).toMatchObject({
      error: { acknowledgmentRequired: true, aiIsmMatches: expect.any(Array) },
    });
    const scheduled = await runTool(session.client, "schedule_content", {
      id,
      publishNow: true,
      acknowledgeAiIsms: true,
    });
    expect(scheduled).toMatchObject({ item: { id, status: "scheduled" } });
  });

  it("MCP-2 a draft without a channel lists the same channels as the service's refusal, sending no create", async () => {
    const raw = await session.rawRequest("POST", "/content", { body: "No channel named." });
    expect(raw.status).toBe(400);
    const serviceChannels = (raw.body as { error: { channels: unknown } }).error.channels;
    const postsBefore = countPosts();

    const result = await runAsModel(session.client, "create_content_draft", {
      body: "No channel named.",
    });
    expect(result).toMatchObject({ error: { code: "validation_error", param: "channelId" } });
    if (!isToolError(result)) throw new Error("expected a refusal");
    expect(byId(result.error.channels)).toEqual(byId(serviceChannels));
    expect(result.error.message).toMatch(/channelId\.$/);
    expect(countPosts()).toBe(postsBefore);
  });

  it("MCP-2 generate_content without channelIds lists the channels and ends asking for channelIds", async () => {
    const result = await runAsModel(session.client, "generate_content", { prompt: "Exports" });
    if (!isToolError(result)) throw new Error("expected a refusal");
    expect(result.error.param).toBe("channelIds");
    expect(
      byId(result.error.channels)
        .map((c) => c.id)
        .sort(),
    ).toEqual([...session.channelIds].sort());
    expect(result.error.message).toMatch(/channelIds\.$/);
    expect(countPosts()).toBe(0);
  });

  it("MCP-2 a refusal by the service passes through whole (a disconnected channel)", async () => {
    const { channels } = (await runTool(session.client, "list_channels", {})) as {
      channels: JsonObject[];
    };
    const disconnected = channels.find((c) => !session.channelIds.includes(String(c.id)));
    if (!disconnected) throw new Error("the fake seeds a disconnected channel");
    const input = { channelId: String(disconnected.id), body: "On a disconnected channel." };
    const result = await runTool(session.client, "create_content_draft", input);
    const raw = await session.rawRequest("POST", "/content", input);
    expect(raw.status).toBe(400);
    expect(result).toEqual(raw.body);
  });

  it("MCP-2 a not_found keeps the service's code and message", async () => {
    const result = await runTool(session.client, "get_content", { id: "c_missing" });
    const raw = await session.rawRequest("GET", "/content/c_missing");
    expect(raw.status).toBe(404);
    expect(result).toEqual(raw.body);
  });

  it("MCP-2 the create limit answers rate_limited with retryAfterSeconds", async () => {
    const channelId = session.channelIds[0]!;
    for (let n = 1; n <= 10; n++) {
      const created = await runTool(session.client, "create_content_draft", {
        channelId,
        body: `Post number ${n}.`,
      });
      expect(isToolError(created), `create ${n}`).toBe(false);
    }
    const limited = await runTool(session.client, "create_content_draft", {
      channelId,
      body: "Post number 11.",
    });
    expect(limited).toMatchObject({
      error: {
        code: "rate_limited",
        message: expect.any(String),
        retryAfterSeconds: expect.any(Number),
      },
    });
    if (!isToolError(limited)) throw new Error("expected a refusal");
    expect(limited.error.retryAfterSeconds).toBeGreaterThan(0);
    expect(limited.error.message).toContain(String(limited.error.retryAfterSeconds));
  });

  it("no result or error of any tool contains the API token", async () => {
    const id = await draftOn("linkedin", AI_ISM_TEXT);
    const outputs = [
      await runTool(session.client, "list_channels", {}),
      await runTool(session.client, "list_content", {}),
      await runTool(session.client, "get_content", { id }),
      await runTool(session.client, "update_content", { id, status: "pending" }),
      await runTool(session.client, "schedule_content", {
        id,
        publishNow: true,
        acknowledgeAiIsms: true,
      }),
      await runTool(session.client, "get_brand", {}),
      await runTool(session.client, "get_schedule", {}),
      await runTool(session.client, "get_stats", {}),
      await runAsModel(session.client, "create_content_draft", { body: "x" }),
      await runTool(session.client, "delete_content", { id: "c_missing" }),
      await runTool(session.client, "nope", {}),
    ];
    const text = JSON.stringify(outputs);
    expect(text).not.toContain(session.apiKey);
    expect(text).not.toMatch(/_(live|test)_[A-Za-z0-9]{8,}/);
  });
});
