import { describe, expect, it } from "vitest";
import {
  AcknowledgmentRequiredError,
  PublishFailedError,
  ValidationError,
  XUrlCreditRequiredError,
} from "../../src/index.js";
import { useFake } from "./support/fake-harness.js";

const fake = useFake();
const draft = (body = "A plain post.", channelId = "ch_x_acme") =>
  fake.client.content.createDraft({ channelId, body });

describe("§4 POST /content/:id/schedule", () => {
  it("SCHEDULE-1 `{}` uses the planned `scheduledAt`; with none → 400 `validation_error`", async () => {
    const unplanned = await draft();
    const answer = await fake.raw("POST", `/content/${unplanned.id}/schedule`, { body: {} });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe("validation_error");
    await expect(fake.client.content.schedule(unplanned.id)).rejects.toBeInstanceOf(
      ValidationError,
    );
    const approved = await fake.client.content.approve(unplanned.id);
    const scheduled = await fake.client.content.schedule(unplanned.id);
    expect(scheduled).toMatchObject({ status: "scheduled", scheduledAt: approved.scheduledAt });
  });

  it("SCHEDULE-2 `{ scheduledAt }` is snapped to 5 minutes and must be in the future", async () => {
    const item = await draft();
    const snapped = await fake.client.content.schedule(item.id, {
      scheduledAt: new Date("2026-10-06T10:02:13Z"),
    });
    expect(snapped.scheduledAt).toBe("2026-10-06T10:05:00.000Z");
    const other = await draft("Past.");
    const past = await fake.raw("POST", `/content/${other.id}/schedule`, {
      body: { scheduledAt: "2026-10-05T06:59:00Z" },
    });
    expect(past.status).toBe(400);
    expect(past.body.error.message).toContain("scheduledAt");
    expect(fake.service.item(other.id)?.status).toBe("draft");
  });

  it("SCHEDULE-2 a `scheduledAt` whose date does not exist (30 February) → 400, not moved to March", async () => {
    const item = await draft();
    const answer = await fake.raw("POST", `/content/${item.id}/schedule`, {
      body: { scheduledAt: "2031-02-30T09:00:00Z" },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: "validation_error", param: "scheduledAt" });
    expect(fake.service.item(item.id)?.status).toBe("draft");
    const leapDay = await fake.raw("POST", `/content/${item.id}/schedule`, {
      body: { scheduledAt: "2032-02-29T09:00:00+02:00" },
    });
    expect(leapDay.status).toBe(200);
  });

  it("SCHEDULE-3 `{ publishNow: true }` goes out on the next publish tick", async () => {
    const item = await draft();
    await fake.client.content.schedule(item.id, { publishNow: true });
    expect(fake.service.item(item.id)?.status).toBe("scheduled");
    expect(fake.service.provider.tick()).toEqual([item.id]);
    expect(fake.service.item(item.id)?.status).toBe("published");
  });

  it("SCHEDULE-4 AI-ism text needs `acknowledgeAiIsms: true` (the same 409 as PATCH-3)", async () => {
    const item = await draft("We delve.", "ch_x_olivia");
    const answer = await fake.raw("POST", `/content/${item.id}/schedule`, {
      body: { publishNow: true },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatchObject({
      acknowledgmentRequired: true,
      aiIsmMatches: [{ label: "delve", match: "delve" }],
    });
    await expect(
      fake.client.content.schedule(item.id, { publishNow: true }),
    ).rejects.toBeInstanceOf(AcknowledgmentRequiredError);
    const ok = await fake.client.content.schedule(item.id, {
      publishNow: true,
      acknowledgeAiIsms: true,
    });
    expect(ok.status).toBe("scheduled");
  });

  it("SCHEDULE-5 No channel or a disconnected one → 400 `validation_error`", async () => {
    const none = await fake.raw("POST", "/content/cnt_acme_held/schedule", {
      body: { publishNow: true },
    });
    expect(none.status).toBe(400);
    expect(none.body.error.code).toBe("validation_error");
    const item = await draft();
    fake.service.workspace().disconnectChannel("ch_x_acme");
    await expect(
      fake.client.content.schedule(item.id, { publishNow: true }),
    ).rejects.toBeInstanceOf(ValidationError);
  });

  it("SCHEDULE-6 An `x` post with a link and no URL credits → 402 `x_url_credit_required`", async () => {
    fake.service.workspace().setUrlCredits(1);
    const first = await draft("Read https://acme.test/blog");
    await fake.client.content.schedule(first.id, { publishNow: true });
    expect(fake.service.workspace().urlCredits).toBe(0);
    const second = await draft("And https://acme.test/docs");
    const answer = await fake.raw("POST", `/content/${second.id}/schedule`, {
      body: { publishNow: true },
    });
    expect(answer.status).toBe(402);
    expect(answer.body.error.code).toBe("x_url_credit_required");
    await expect(
      fake.client.content.schedule(second.id, { publishNow: true }),
    ).rejects.toBeInstanceOf(XUrlCreditRequiredError);
    const linkedin = await draft("See https://acme.test/docs", "ch_linkedin_olivia");
    expect((await fake.client.content.schedule(linkedin.id, { publishNow: true })).status).toBe(
      "scheduled",
    );
  });

  it("SCHEDULE-7 Provider rejection → 502 `publish_failed`, item `failed`", async () => {
    const item = await draft();
    fake.service.provider.rejectSchedules({ times: 1 });
    const answer = await fake.raw("POST", `/content/${item.id}/schedule`, {
      body: { publishNow: true },
    });
    expect(answer.status).toBe(502);
    expect(answer.body.error.code).toBe("publish_failed");
    expect(fake.service.item(item.id)?.status).toBe("failed");
    const again = await draft("Again.");
    fake.service.provider.rejectSchedules({ times: 1 });
    await expect(
      fake.client.content.schedule(again.id, { publishNow: true }),
    ).rejects.toBeInstanceOf(PublishFailedError);
  });

  it("SCHEDULE-8 Response 200 `{ item }`", async () => {
    const item = await draft();
    const answer = await fake.raw("POST", `/content/${item.id}/schedule`, {
      body: { publishNow: true },
    });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toEqual(["item"]);
    expect(answer.body.item.id).toBe(item.id);
  });
});
