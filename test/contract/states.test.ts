import { describe, expect, it } from "vitest";
import {
  AcknowledgmentRequiredError,
  PlannedTimePassedError,
  PublishedImmutableError,
  PublishFailedError,
  ValidationError,
} from "../../src/index.js";
import { useFake } from "./support/fake-harness.js";

const fake = useFake();
const SUNDAY_EVENING = "2026-10-11T18:00:00.000Z";
const draft = (body = "A plain post.", channelId = "ch_x_acme") =>
  fake.client.content.createDraft({ channelId, body });

describe("§3 States and transitions", () => {
  it("STATE-1 draft + PATCH `pending` with a connected channel and no AI-ism match → pending, added to the week's plan, queued at the planned time ahead", async () => {
    const item = await draft();
    const approved = await fake.client.content.approve(item.id);
    expect(approved.status).toBe("pending");
    expect(approved.scheduledAt).toBe("2026-10-05T09:00:00.000Z");
    expect(
      fake.service
        .workspace()
        .plan()
        .entries.map((entry) => entry.itemId),
    ).toContain(item.id);
    fake.service.clock.advance(2 * 3_600_000);
    expect(fake.service.provider.tick()).toContain(item.id);
  });

  it("STATE-1 an acknowledged AI-ism text is approved too", async () => {
    const item = await draft("Let us delve in.", "ch_x_olivia");
    const approved = await fake.client.content.approve(item.id, { acknowledgeAiIsms: true });
    expect(approved.status).toBe("pending");
  });

  it("STATE-2 Same, but the planned time has passed → pending, nothing queued, `plannedTimePassed: true`", async () => {
    fake.service.clock.set(SUNDAY_EVENING);
    const item = await draft();
    const answer = await fake.raw("PATCH", `/content/${item.id}`, { body: { status: "pending" } });
    expect(answer.status).toBe(200);
    expect(answer.body.plannedTimePassed).toBe(true);
    expect(answer.body.item.status).toBe("pending");
    expect("scheduledAt" in answer.body.item).toBe(false);
    const other = await draft("Another one.");
    const error = await fake.client.content.approve(other.id).catch((caught) => caught);
    expect(error).toBeInstanceOf(PlannedTimePassedError);
    expect(error.item.status).toBe("pending");
  });

  it("STATE-3 draft + PATCH `pending` with no channel → 400 `validation_error`, nothing written (text edit included)", async () => {
    const before = fake.service.item("cnt_acme_held");
    const answer = await fake.raw("PATCH", "/content/cnt_acme_held", {
      body: { status: "pending", content: "Edited." },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe("validation_error");
    expect(answer.body.error.message).toMatch(/no channel yet/);
    expect(fake.service.item("cnt_acme_held")).toEqual(before);
  });

  it("STATE-4 draft + PATCH `pending` on a disconnected channel → 400 `validation_error`, nothing written", async () => {
    const item = await draft();
    fake.service.workspace().disconnectChannel("ch_x_acme");
    const error = await fake.client.content
      .update(item.id, { status: "pending", content: "Changed." })
      .catch((caught) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toMatch(/disconnected/);
    expect(fake.service.item(item.id)).toMatchObject({ status: "draft", content: "A plain post." });
  });

  it("STATE-5 draft + PATCH `pending` on AI-ism text without acknowledgment → 409, `acknowledgmentRequired: true`", async () => {
    const item = await draft("Let us delve in.", "ch_x_olivia");
    const answer = await fake.raw("PATCH", `/content/${item.id}`, { body: { status: "pending" } });
    expect(answer.status).toBe(409);
    expect(answer.body.error.acknowledgmentRequired).toBe(true);
    await expect(fake.client.content.approve(item.id)).rejects.toBeInstanceOf(
      AcknowledgmentRequiredError,
    );
    expect(fake.service.item(item.id)?.status).toBe("draft");
  });

  it("STATE-6 pending + PATCH `draft` → draft (un-approve)", async () => {
    const item = await draft();
    await fake.client.content.approve(item.id);
    const back = await fake.client.content.unapprove(item.id);
    expect(back.status).toBe("draft");
    expect(back.scheduledAt).toBeUndefined();
    expect(
      fake.service
        .workspace()
        .plan()
        .entries.map((entry) => entry.itemId),
    ).not.toContain(item.id);
  });

  it("STATE-7 draft/pending + PATCH `cancelled` (optional `rejectionReason`) → cancelled", async () => {
    const first = await draft();
    const second = await draft("Second.");
    await fake.client.content.approve(second.id);
    expect((await fake.client.content.reject(first.id, { reason: "Off topic" })).status).toBe(
      "cancelled",
    );
    expect((await fake.client.content.reject(second.id)).status).toBe("cancelled");
  });

  it("STATE-7 `rejectionReason` goes only with `cancelled`: with another status or none → 400 `validation_error` naming it, nothing written", async () => {
    const item = await draft();
    for (const body of [
      { status: "pending", rejectionReason: "Off topic" },
      { content: "Edited.", rejectionReason: "Off topic" },
    ]) {
      const answer = await fake.raw("PATCH", `/content/${item.id}`, { body });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({
        code: "validation_error",
        param: "rejectionReason",
      });
    }
    expect(fake.service.item(item.id)).toMatchObject({ status: "draft", content: "A plain post." });
  });

  it("STATE-8 PATCH with any other status (including `published`) → 400 `invalid_status_transition`, unchanged", async () => {
    const item = await draft();
    // "Any other value": strings, and values that are not strings at all.
    for (const status of ["published", "scheduled", "failed", "bogus", 1, true, null, ["draft"]]) {
      const answer = await fake.raw("PATCH", `/content/${item.id}`, { body: { status } });
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe("invalid_status_transition");
    }
    // The SDK refuses the same statuses before sending anything.
    fake.service.clearRequests();
    await expect(
      fake.client.content.update(item.id, { status: "published" as never }),
    ).rejects.toMatchObject({ name: "InvalidRequestError", param: "status" });
    expect(fake.service.requests).toHaveLength(0);
    expect(fake.service.item(item.id)?.status).toBe("draft");
  });

  it("STATE-9 draft/pending + POST schedule → scheduled, approving first if needed", async () => {
    const fromDraft = await draft();
    const fromPending = await draft("Approved first.");
    await fake.client.content.approve(fromPending.id);
    const at = "2026-10-06T12:00:00.000Z";
    expect((await fake.client.content.schedule(fromDraft.id, { scheduledAt: at })).status).toBe(
      "scheduled",
    );
    expect((await fake.client.content.schedule(fromPending.id, { scheduledAt: at })).status).toBe(
      "scheduled",
    );
  });

  it("STATE-10 Provider rejects the schedule → item `failed`, 502 `publish_failed`", async () => {
    const item = await draft();
    fake.service.provider.rejectSchedules();
    await expect(
      fake.client.content.schedule(item.id, { publishNow: true }),
    ).rejects.toBeInstanceOf(PublishFailedError);
    expect(fake.service.item(item.id)?.status).toBe("failed");
  });

  it("STATE-11 published + PATCH content/channelId or DELETE → 409 `published_immutable`", async () => {
    const id = "cnt_acme_published";
    await expect(fake.client.content.update(id, { content: "New" })).rejects.toBeInstanceOf(
      PublishedImmutableError,
    );
    await expect(
      fake.client.content.update(id, { channelId: "ch_linkedin_olivia" }),
    ).rejects.toBeInstanceOf(PublishedImmutableError);
    await expect(fake.client.content.delete(id)).rejects.toBeInstanceOf(PublishedImmutableError);
    expect(fake.service.item(id)?.status).toBe("published");
  });

  it("STATE-12 Any non-published + DELETE → removed, after a best-effort cancel of a scheduled external post", async () => {
    const scheduled = await draft();
    await fake.client.content.schedule(scheduled.id, { scheduledAt: "2026-10-06T12:00:00.000Z" });
    const plain = await draft("Plain.");
    await fake.client.content.delete(scheduled.id);
    await fake.client.content.delete(plain.id);
    expect(fake.service.item(scheduled.id)).toBeUndefined();
    expect(fake.service.item(plain.id)).toBeUndefined();
    expect(fake.service.provider.cancellations).toEqual([scheduled.id]);
  });

  it("STATE-13 Publish succeeds → published, with `publishedAt` and, where given, `publishedUrl`", async () => {
    const item = await draft();
    await fake.client.content.schedule(item.id, { publishNow: true });
    fake.service.provider.tick();
    const published = await fake.client.content.get(item.id);
    expect(published.status).toBe("published");
    expect(published.publishedAt).toBe("2026-10-05T07:00:00.000Z");
    expect(published.publishedUrl).toMatch(/^https:\/\/x\.com\/acme\/status\/\d+$/);
    fake.service.provider.givesPublishedUrls = false;
    const quiet = await draft("No URL.");
    await fake.client.content.schedule(quiet.id, { publishNow: true });
    fake.service.provider.tick();
    const raw = (await fake.raw("GET", `/content/${quiet.id}`)).body.item;
    expect(raw.status).toBe("published");
    expect("publishedUrl" in raw).toBe(false);
  });

  it("STATE-14 Channel assignment to an item whose plan slot had no channel: a held draft of an auto-approval voice is approved (as the calling key); an approved item is queued at the slot's planned time", async () => {
    const held = await fake.client.content.update("cnt_acme_held", { channelId: "ch_x_acme" });
    expect(held.status).toBe("pending");
    expect(held.scheduledAt).toBe("2026-10-07T07:00:00.000Z");
    const unplaced = await fake.client.content.update("cnt_acme_unplaced", {
      channelId: "ch_x_acme",
    });
    expect(unplaced.status).toBe("pending");
    expect(unplaced.scheduledAt).toBe("2026-10-08T07:00:00.000Z");
  });

  it("STATE-14 a held draft whose text fails the auto-approval checks stays a draft", async () => {
    fake.service.workspace().addItem({
      id: "cnt_held_ai",
      channelId: null,
      platform: "x",
      voice: "brand",
      status: "draft",
      source: "daily_generation",
      content: "We delve into planning.",
      plannedAt: "2026-10-07T09:00:00.000Z",
      heldForChannel: true,
    });
    const item = await fake.client.content.update("cnt_held_ai", { channelId: "ch_x_acme" });
    expect(item.status).toBe("draft");
  });

  it("STATE-15 Same, with the planned time passed → stays approved, `plannedTimePassed: true`", async () => {
    const answer = await fake.raw("PATCH", "/content/cnt_acme_overdue", {
      body: { channelId: "ch_x_acme" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.plannedTimePassed).toBe(true);
    expect(answer.body.item.status).toBe("pending");
    expect("scheduledAt" in answer.body.item).toBe(false);
    fake.service.workspace().addItem({
      id: "cnt_overdue_2",
      channelId: null,
      platform: "x",
      status: "pending",
      source: "daily_generation",
      content: "Late.",
      plannedAt: "2026-10-05T06:00:00.000Z",
    });
    await expect(
      fake.client.content.update("cnt_overdue_2", { channelId: "ch_x_acme" }),
    ).rejects.toBeInstanceOf(PlannedTimePassedError);
  });

  it('STATE-16 Same, with `status: "draft"` in the call → un-approve first, then move as a draft, and nothing is queued', async () => {
    const moved = await fake.client.content.update("cnt_acme_unplaced", {
      channelId: "ch_x_acme",
      status: "draft",
    });
    expect(moved.status).toBe("draft");
    expect(moved.channelId).toBe("ch_x_acme");
    expect(moved.scheduledAt).toBeUndefined();
    const held = await fake.client.content.update("cnt_acme_held", {
      channelId: "ch_x_acme",
      status: "draft",
    });
    expect(held.status).toBe("draft");
  });
});
