import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isToolError, type JsonObject, runTool } from "../../src/tools/index.js";
import { type FakeSession, openFakeSession } from "../support/fake-session.js";
import { runAsModel } from "./support/run-as-model.js";

let session: FakeSession;
beforeEach(() => {
  session = openFakeSession();
});
afterEach(() => session.close());

// Items of the fake's default seed: planning-made x posts whose plan slot has no channel yet.
const HELD_DRAFT = "cnt_acme_held";
const OVERDUE_APPROVED = "cnt_acme_overdue";

async function connectedChannelOn(platform: string): Promise<string> {
  const { channels } = (await runTool(session.client, "list_channels", { platform })) as {
    channels: JsonObject[];
  };
  const channel = channels.find((c) => c.isActive === true);
  if (!channel) throw new Error(`the fake seeds a connected ${platform} channel`);
  return String(channel.id);
}

describe("update_content and schedule_content through the approval rules", () => {
  it("PATCH-2 approving an item without a channel is refused; naming channelId in the same call approves it", async () => {
    const refused = await runTool(session.client, "update_content", {
      id: HELD_DRAFT,
      status: "pending",
    });
    expect(refused).toMatchObject({
      error: { code: "validation_error", message: expect.stringMatching(/channel/i) },
    });

    const channelId = await connectedChannelOn("x");
    const approved = await runTool(session.client, "update_content", {
      id: HELD_DRAFT,
      channelId,
      status: "pending",
    });
    if (isToolError(approved)) throw new Error(JSON.stringify(approved));
    expect(approved.item).toMatchObject({ id: HELD_DRAFT, channelId, status: "pending" });
  });

  it("STATE-15 a channel for an approved item whose planned time passed gives plannedTimePassed, the saved item and a hint; schedule_content then queues it", async () => {
    const channelId = await connectedChannelOn("x");
    const moved = await runTool(session.client, "update_content", {
      id: OVERDUE_APPROVED,
      channelId,
    });
    expect(moved).toEqual({
      item: expect.objectContaining({ id: OVERDUE_APPROVED, channelId, status: "pending" }),
      plannedTimePassed: true,
      hint: expect.stringMatching(/schedule_content/),
    });
    expect((moved as { item: JsonObject }).item).not.toHaveProperty("scheduledAt");

    const scheduled = await runTool(session.client, "schedule_content", {
      id: OVERDUE_APPROVED,
      publishNow: true,
    });
    expect(scheduled).toMatchObject({ item: { id: OVERDUE_APPROVED, status: "scheduled" } });
  });

  it("a status PATCH does not accept (published) is refused before anything is sent", async () => {
    session.service.clearRequests();
    const result = await runAsModel(session.client, "update_content", {
      id: HELD_DRAFT,
      status: "published",
    });
    expect(result).toMatchObject({ error: { code: "validation_error", param: "status" } });
    expect(session.service.requests).toHaveLength(0);
  });
});
