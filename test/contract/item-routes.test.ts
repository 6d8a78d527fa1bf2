import { describe, expect, it } from "vitest";
import {
  AcknowledgmentRequiredError,
  NotFoundError,
  PublishedImmutableError,
  ValidationError,
} from "../../src/index.js";
import { useFake } from "./support/fake-harness.js";

const fake = useFake();
const draft = (body = "A plain post.", channelId = "ch_x_acme") =>
  fake.client.content.createDraft({ channelId, body });

describe("§4 GET / PATCH / DELETE /content/:id", () => {
  it("GET-1 One item; unknown or foreign id → 404 `not_found`", async () => {
    const item = await draft();
    expect((await fake.client.content.get(item.id)).id).toBe(item.id);
    await expect(fake.client.content.get("cnt_missing")).rejects.toBeInstanceOf(NotFoundError);
    const foreign = await fake.raw("GET", `/content/${fake.service.otherWorkspace!.contentIds[0]}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("not_found");
  });

  it("PATCH-0 `content` and `channelId` only on draft/pending; on published → 409 `published_immutable`", async () => {
    const pending = await draft();
    await fake.client.content.approve(pending.id);
    expect(
      (await fake.client.content.update(pending.id, { content: "Edited while pending." })).content,
    ).toBe("Edited while pending.");
    const answer = await fake.raw("PATCH", "/content/cnt_acme_published", {
      body: { content: "Nope" },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe("published_immutable");
    await expect(
      fake.client.content.update("cnt_acme_published", { content: "Nope" }),
    ).rejects.toBeInstanceOf(PublishedImmutableError);
  });

  it("PATCH-1 `channelId` failures → 400 `validation_error` stating: not found (also empty or malformed), disconnected, or wrong platform; nothing written", async () => {
    const item = await draft();
    const cases: [string, RegExp][] = [
      ["ch_nope", /not found in this workspace/],
      [fake.service.otherWorkspace!.channelIds[0]!, /not found in this workspace/],
      [" ", /not found in this workspace/],
      ["ch_x_retired", /disconnected/],
      ["ch_linkedin_olivia", /must match the content's platform/],
    ];
    for (const [channelId, message] of cases) {
      const answer = await fake.raw("PATCH", `/content/${item.id}`, {
        body: { channelId, content: "Changed." },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe("validation_error");
      expect(answer.body.error.message).toMatch(message);
    }
    await expect(
      fake.client.content.update(item.id, { channelId: "ch_x_retired" }),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(fake.service.item(item.id)).toMatchObject({
      channelId: "ch_x_acme",
      content: "A plain post.",
    });
    expect(
      (await fake.client.content.update(item.id, { channelId: "ch_x_olivia" })).channelId,
    ).toBe("ch_x_olivia");
  });

  it("PATCH-2 Approving needs a connected channel: none → 400 (no channel yet); disconnected → 400 (disconnected); nothing written; the check reads the channel the item will have after the call", async () => {
    const none = await fake.raw("PATCH", "/content/cnt_acme_held", {
      body: { status: "pending", content: "x" },
    });
    expect(none.body.error.message).toMatch(/no channel yet/);
    const item = await draft();
    fake.service.workspace().disconnectChannel("ch_x_acme");
    const disconnected = await fake.raw("PATCH", `/content/${item.id}`, {
      body: { status: "pending" },
    });
    expect(disconnected.status).toBe(400);
    expect(disconnected.body.error.message).toMatch(/disconnected/);
    const moved = await fake.client.content.approve(item.id, { channelId: "ch_x_olivia" });
    expect(moved).toMatchObject({ status: "pending", channelId: "ch_x_olivia" });
    const assigned = await fake.client.content.update("cnt_acme_held", {
      status: "pending",
      channelId: "ch_x_olivia",
    });
    expect(assigned.status).toBe("pending");
  });

  it("PATCH-3 Approving AI-ism text without acknowledgment → 409 with `acknowledgmentRequired` and `aiIsmMatches`; fresh scan; allowlisted labels do not count; acknowledgment binds to the exact text", async () => {
    const item = await draft("A real game-changer for teams.", "ch_x_olivia");
    const answer = await fake.raw("PATCH", `/content/${item.id}`, { body: { status: "pending" } });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatchObject({
      code: "validation_error",
      acknowledgmentRequired: true,
      aiIsmMatches: [{ label: "game-changer", match: "game-changer" }],
    });
    const error = await fake.client.content.approve(item.id).catch((caught) => caught);
    expect(error).toBeInstanceOf(AcknowledgmentRequiredError);
    // The brand voice allowlists game-changer: moving to a brand channel clears the gate.
    expect((await fake.client.content.approve(item.id, { channelId: "ch_x_acme" })).status).toBe(
      "pending",
    );
    // Fresh scan: a workspace allowlist added after creation counts at transition time.
    const later = await draft("Time to delve.", "ch_x_olivia");
    fake.service.workspace().configure({ aiIsmAllowlist: ["delve"] });
    expect((await fake.client.content.approve(later.id)).status).toBe("pending");
    // Bound to the exact text: an edit after approval asks again at the next transition.
    fake.service.workspace().configure({ aiIsmAllowlist: [] });
    const bound = await draft("We delve.", "ch_x_olivia");
    await fake.client.content.approve(bound.id, { acknowledgeAiIsms: true });
    await fake.client.content.update(bound.id, { content: "We delve again." });
    await expect(
      fake.client.content.schedule(bound.id, { publishNow: true }),
    ).rejects.toBeInstanceOf(AcknowledgmentRequiredError);
  });

  it("PATCH-4 Approval whose plan time has passed → `plannedTimePassed: true` beside the item", async () => {
    fake.service.clock.set("2026-10-11T23:00:00.000Z");
    const item = await draft();
    const answer = await fake.raw("PATCH", `/content/${item.id}`, { body: { status: "pending" } });
    expect(Object.keys(answer.body).sort()).toEqual(["item", "plannedTimePassed"]);
    expect(answer.body.plannedTimePassed).toBe(true);
  });

  it("PATCH-5 Approving adds the item to the week's plan (counts toward the weekly target)", async () => {
    const first = await draft("One.");
    const second = await draft("Two.");
    const before = fake.service.workspace().plan().entries.length;
    const a = await fake.client.content.approve(first.id);
    const b = await fake.client.content.approve(second.id);
    expect(fake.service.workspace().plan().entries.length).toBe(before + 2);
    // Each approval takes the next free slot of the week.
    expect(a.scheduledAt).toBe("2026-10-05T09:00:00.000Z");
    expect(b.scheduledAt).toBe("2026-10-05T17:00:00.000Z");
  });

  it("DELETE-1 Removes any non-published item; published → 409 `published_immutable`", async () => {
    const item = await draft();
    await fake.client.content.reject(item.id);
    await fake.client.content.delete(item.id);
    await expect(fake.client.content.get(item.id)).rejects.toBeInstanceOf(NotFoundError);
    const answer = await fake.raw("DELETE", "/content/cnt_acme_published");
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe("published_immutable");
  });
});
