import { describe, expect, it } from "vitest";
import { InvalidRequestError, ValidationError } from "../../src/index.js";
import { useFake } from "./support/fake-harness.js";

const fake = useFake();
const CHANNEL_FIELDS = [
  "id",
  "platform",
  "provider",
  "displayName",
  "handle",
  "accountType",
  "subscriptionTier",
  "isDefault",
  "isActive",
  "connectedAt",
];

describe("§4 Reads", () => {
  it("CHANNELS-1 `{ channels: [...] }` with the §2.2 fields; `platform` filters", async () => {
    const answer = await fake.raw("GET", "/channels");
    expect(Object.keys(answer.body)).toEqual(["channels"]);
    for (const channel of answer.body.channels)
      expect(Object.keys(channel).sort()).toEqual([...CHANNEL_FIELDS].sort());
    expect(answer.body.channels.find((c: { id: string }) => c.id === "ch_x_retired").isActive).toBe(
      false,
    );
    const xOnly = await fake.client.channels.list({ platform: "x" });
    expect(xOnly.map((channel) => channel.id)).toEqual([
      "ch_x_acme",
      "ch_x_olivia",
      "ch_x_retired",
    ]);
  });

  it("BRANDGET-1 `{ profile }`", async () => {
    const answer = await fake.raw("GET", "/brand");
    expect(Object.keys(answer.body)).toEqual(["profile"]);
    expect((await fake.client.brand.get())?.name).toBe("Acme Studio");
  });

  it("SCHEDGET-1 `{ config, slots }`; other methods → 405", async () => {
    const answer = await fake.raw("GET", "/schedule");
    expect(Object.keys(answer.body).sort()).toEqual(["config", "slots"]);
    const read = await fake.client.schedule.get();
    expect(read.slots.length).toBeGreaterThan(0);
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const refused = await fake.raw(method, "/schedule", { body: {} });
      expect(refused.status).toBe(405);
      expect(refused.body.error.code).toEqual(expect.any(String));
    }
  });

  it("STATS-1 `days` 1..365, default 30; outside → 400 `validation_error`", async () => {
    expect((await fake.client.stats.get()).windowDays).toBe(30);
    expect((await fake.client.stats.get({ days: 365 })).windowDays).toBe(365);
    for (const days of ["0", "366", "x"]) {
      const answer = await fake.raw("GET", `/stats?days=${days}`);
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe("validation_error");
      expect(answer.body.error.message).toContain("days");
    }
    const error = await fake.client.stats.get({ days: 0 }).catch((caught) => caught);
    expect(error instanceof InvalidRequestError || error instanceof ValidationError).toBe(true);
  });

  it("STATS-2 Response has `windowDays`, `channelBalance`, `pipeline`, `aiIsm` (rate is a fraction), `usage`", async () => {
    await fake.client.content.createDraft({ channelId: "ch_x_olivia", body: "We delve." });
    await fake.client.content.createDraft({ channelId: "ch_x_olivia", body: "Plain." });
    await fake.client.content.generate({ channelIds: ["ch_x_acme"], prompt: "tips" });
    const stats = await fake.client.stats.get({ days: 7 });
    expect(stats.windowDays).toBe(7);
    expect(stats.pipeline.total).toBe(7);
    expect(stats.pipeline.sourceMix).toEqual({ manual: 1, daily_generation: 3, api: 3 });
    expect(stats.aiIsm).toEqual({ flagged: 1, total: 7, rate: 1 / 7 });
    expect(stats.channelBalance.find((row) => row.channelId === "ch_x_olivia")).toMatchObject({
      counts: { draft: 2 },
      total: 2,
    });
    expect(stats.usage).toMatchObject({ current: 1, limit: 100, plan: "growth" });
  });
});
