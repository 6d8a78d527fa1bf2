import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  BrandResponseSchema,
  ChannelSchema,
  ContentItemSchema,
  ContentPageSchema,
  CreateContentResponseSchema,
  ScheduleResponseSchema,
  StatsSchema,
} from "../../src/schemas/index.js";
import { isToolError, type JsonObject, runTool, type ToolResult } from "../../src/tools/index.js";
import { type FakeSession, openFakeSession } from "../support/fake-session.js";

let session: FakeSession;
beforeEach(() => {
  session = openFakeSession();
});
afterEach(() => session.close());

/** Runs a tool and checks what every result must be: plain JSON without the token. */
async function call(name: string, input: unknown): Promise<ToolResult> {
  const result = await runTool(session.client, name, input);
  expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  expect(JSON.stringify(result)).not.toContain(session.apiKey);
  return result;
}

async function succeed(name: string, input: unknown): Promise<JsonObject> {
  const result = await call(name, input);
  if (isToolError(result)) throw new Error(`${name} failed: ${JSON.stringify(result.error)}`);
  return result;
}

async function connectedChannel(platform: string): Promise<string> {
  const { channels } = await succeed("list_channels", { platform });
  const channel = (channels as JsonObject[]).find((c) => c.isActive !== false);
  if (!channel) throw new Error(`the fake has no connected ${platform} channel`);
  return String(channel.id);
}

describe("every tool round-trips against the contract fake", () => {
  it("list_channels lists channels the SDK schema accepts, filtered by platform", async () => {
    const { channels } = await succeed("list_channels", {});
    expect((channels as unknown[]).length).toBeGreaterThanOrEqual(2);
    for (const channel of channels as unknown[]) ChannelSchema.parse(channel);
    const { channels: onX } = await succeed("list_channels", { platform: "x" });
    expect((onX as JsonObject[]).every((c) => c.platform === "x")).toBe(true);
  });

  it("create_content_draft, get_content, update_content, list_content and delete_content", async () => {
    const channelId = await connectedChannel("linkedin");
    const created = await succeed("create_content_draft", {
      channelId,
      body: "Exports are faster: a 50k-row CSV now downloads in three seconds.",
      topic: "exports",
    });
    const item = ContentItemSchema.parse(created.item);
    expect(item).toMatchObject({ status: "draft", source: "api", channelId });

    const read = await succeed("get_content", { id: item.id });
    expect(read.item).toEqual(created.item);

    const edited = await succeed("update_content", {
      id: item.id,
      content: "Exports: 3 s for 50k rows.",
    });
    expect(ContentItemSchema.parse(edited.item).content).toBe("Exports: 3 s for 50k rows.");

    const page = await succeed("list_content", {
      status: "draft",
      channelId,
      source: "api",
      limit: 5,
    });
    const parsed = ContentPageSchema.parse(page);
    expect(parsed.items.map((i) => i.id)).toContain(item.id);

    const rejected = await succeed("update_content", {
      id: item.id,
      status: "cancelled",
      rejectionReason: "off-topic",
    });
    expect(ContentItemSchema.parse(rejected.item).status).toBe("cancelled");

    expect(await succeed("delete_content", { id: item.id })).toEqual({
      deleted: true,
      id: item.id,
    });
    expect(await call("get_content", { id: item.id })).toMatchObject({
      error: { code: "not_found" },
    });
  });

  it("list_content pages with nextCursor", async () => {
    const channelId = await connectedChannel("x");
    for (const n of [1, 2, 3]) {
      await succeed("create_content_draft", { channelId, body: `Release note number ${n}.` });
    }
    const first = ContentPageSchema.parse(
      await succeed("list_content", { status: "all", limit: 2 }),
    );
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = ContentPageSchema.parse(
      await succeed("list_content", { limit: 2, cursor: first.nextCursor }),
    );
    const ids = [...first.items, ...second.items].map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("generate_content writes one item per channel", async () => {
    const channelIds = [await connectedChannel("x"), await connectedChannel("linkedin")];
    const result = CreateContentResponseSchema.parse(
      await succeed("generate_content", { channelIds, prompt: "Our export speed-up" }),
    );
    expect(result.items.map((i) => i.channelId).sort()).toEqual([...channelIds].sort());
    expect(result.items.every((i) => i.source === "api")).toBe(true);
  });

  it("schedule_content approves and schedules a draft", async () => {
    const channelId = await connectedChannel("linkedin");
    const created = await succeed("create_content_draft", {
      channelId,
      body: "Three-second exports.",
    });
    const id = String((created.item as JsonObject).id);
    const scheduled = await succeed("schedule_content", { id, publishNow: true });
    expect(ContentItemSchema.parse(scheduled.item)).toMatchObject({ id, status: "scheduled" });
  });

  it("schedule_content sends a scheduledAt with an offset as the same instant", async () => {
    const channelId = await connectedChannel("linkedin");
    const created = await succeed("create_content_draft", {
      channelId,
      body: "Scheduled for later.",
    });
    const id = String((created.item as JsonObject).id);
    const at = new Date(Date.now() + 3 * 24 * 3600_000);
    at.setUTCMinutes(0, 0, 0);
    // The same instant, written as wall-clock time at +02:00.
    const withOffset = `${new Date(at.getTime() + 2 * 3600_000).toISOString().slice(0, 19)}+02:00`;
    const expected = at.getTime();
    const scheduled = await succeed("schedule_content", { id, scheduledAt: withOffset });
    const item = ContentItemSchema.parse(scheduled.item);
    expect(item.status).toBe("scheduled");
    expect(new Date(item.scheduledAt!).getTime()).toBe(expected);
  });

  it("get_brand, get_schedule and get_stats read the workspace", async () => {
    BrandResponseSchema.parse(await succeed("get_brand", {}));
    ScheduleResponseSchema.parse(await succeed("get_schedule", {}));
    const stats = StatsSchema.parse(await succeed("get_stats", { days: 7 }));
    expect(stats.windowDays).toBe(7);
    expect(StatsSchema.parse(await succeed("get_stats", {})).windowDays).toBe(30);
  });
});

describe("generate_content and the generation quota", () => {
  it("CREATE-11 a quota that runs out partway is a result with items and warning.unfulfilledChannelIds", async () => {
    const channelIds = [await connectedChannel("x"), await connectedChannel("linkedin")];
    session.service.setQuota({ limit: 10, used: 9 });
    const result = CreateContentResponseSchema.parse(
      await succeed("generate_content", { channelIds, prompt: "Export speed" }),
    );
    expect(result.items).toHaveLength(1);
    expect(result.warning).toMatchObject({ code: "generation_limit" });
    const unfulfilled = result.warning?.unfulfilledChannelIds ?? [];
    expect([...unfulfilled, ...result.items.map((i) => i.channelId)].sort()).toEqual(
      [...channelIds].sort(),
    );
  });

  it("CREATE-12 with the quota used up, generate_content is refused and create_content_draft still works", async () => {
    const channelId = await connectedChannel("x");
    session.service.setQuota({ limit: 10, used: 10 });
    expect(await call("generate_content", { channelIds: [channelId], prompt: "p" })).toMatchObject({
      error: { code: "generation_limit" },
    });
    const draft = await succeed("create_content_draft", { channelId, body: "Written by hand." });
    expect(ContentItemSchema.parse(draft.item).status).toBe("draft");
  });
});
