import { describe, expect, it } from "vitest";
import { useFake } from "./support/fake-harness.js";

const fake = useFake();

describe("§2.3 Brand profile", () => {
  it("BRAND-1 `profile` is `null` before onboarding", async () => {
    const other = fake.clientFor(fake.service.otherWorkspace!.apiKey);
    expect(await other.brand.get()).toBeNull();
    fake.service.workspace().setBrand(null);
    expect((await fake.raw("GET", "/brand")).body).toEqual({ profile: null });
  });

  it("BRAND-2 The profile has the §2.3 structure", async () => {
    const { profile } = (await fake.raw("GET", "/brand")).body;
    expect(Object.keys(profile.aboutYou).sort()).toEqual(["brand", "facts", "inYourWords", "you"]);
    expect(Object.keys(profile.aboutYou.you).sort()).toEqual(["facts", "inYourWords"]);
    expect(Object.keys(profile.aboutYou.brand).sort()).toEqual(["facts", "inYourWords"]);
    for (const rule of profile.standingRules)
      expect(Object.keys(rule).sort()).toEqual(["brief", "name", "scope"]);
    expect(Object.keys(profile.voiceConfidence).sort()).toEqual(["pieces", "target", "thin"]);
    expect(profile.excludedTopics).toBeInstanceOf(Array);
    expect("examples" in profile).toBe(true);
  });

  it("BRAND-3 Only confirmed standing rules are served", async () => {
    const profile = await fake.client.brand.get();
    expect(profile?.standingRules.map((rule) => rule.name)).toEqual(["No hype", "First person"]);
  });

  it("BRAND-4 `voiceConfidence.thin` is true when either voice has too little writing", async () => {
    expect((await fake.client.brand.get())?.voiceConfidence.thin).toBe(true);
    const brand = (await import("../../src/testing/fake/model/default-seed.js")).defaultBrand();
    brand.voiceConfidence.pieces = { you: 10, brand: 12 };
    fake.service.workspace().setBrand(brand);
    expect((await fake.client.brand.get())?.voiceConfidence.thin).toBe(false);
    brand.voiceConfidence.pieces = { you: 3, brand: 12 };
    fake.service.workspace().setBrand(brand);
    expect((await fake.client.brand.get())?.voiceConfidence.thin).toBe(true);
  });

  it("BRAND-5 Retired fields `voice`, `terms`, `traits`, `principles`, `industry` are not returned", async () => {
    const { profile } = (await fake.raw("GET", "/brand")).body;
    for (const retired of ["voice", "terms", "traits", "principles", "industry"])
      expect(retired in profile).toBe(false);
  });
});

describe("§2.4 Schedule config and slots", () => {
  it("SCHEDCFG-1 `config` has the listed fields, and each voice has `approvalMode`, `sensitivityKeywords`, `aiIsmAllowlist`", async () => {
    const { config } = (await fake.raw("GET", "/schedule")).body;
    for (const field of [
      "timezone",
      "approvalMode",
      "maxPostsPerDay",
      "minHoursBetween",
      "queueBufferDays",
      "sensitivityKeywords",
      "aiIsmAllowlist",
      "voices",
    ]) {
      expect(field in config, field).toBe(true);
    }
    for (const voice of ["you", "brand"]) {
      for (const field of ["approvalMode", "sensitivityKeywords", "aiIsmAllowlist"])
        expect(field in config.voices[voice]).toBe(true);
    }
  });

  it("SCHEDCFG-2 A voice without its own `approvalMode` reports the workspace one", async () => {
    const { config } = await fake.client.schedule.get();
    expect(config.voices.you.approvalMode).toBe("manual");
    expect(config.voices.brand.approvalMode).toBe("auto");
    fake.service
      .workspace()
      .configure({ approvalMode: "auto", voices: { brand: { approvalMode: "manual" } } });
    const after = await fake.client.schedule.get();
    expect(after.config.voices.you.approvalMode).toBe("auto");
    expect(after.config.voices.brand.approvalMode).toBe("manual");
  });

  it("SCHEDCFG-3 A draft is judged by the shared settings plus those of its channel's voice (keywords, allowlist)", async () => {
    const text = "A game-changer: the acquisition and the layoffs.";
    const brand = await fake.client.content.createDraft({ channelId: "ch_x_acme", body: text });
    const you = await fake.client.content.createDraft({ channelId: "ch_x_olivia", body: text });
    expect(brand.aiIsmMatches).toEqual([]);
    expect(you.aiIsmMatches.map((match) => match.label)).toEqual(["game-changer"]);
    expect(brand.sensitivityReasons).toEqual(["keyword: layoffs", "keyword: acquisition"]);
    expect(you.sensitivityReasons).toEqual(["keyword: layoffs"]);
  });

  it("SCHEDCFG-4 `slots` entries have the listed fields", async () => {
    const { slots } = (await fake.raw("GET", "/schedule")).body;
    expect(slots.length).toBeGreaterThan(0);
    for (const slot of slots) {
      expect(Object.keys(slot).sort()).toEqual(
        [
          "contentType",
          "dayOfWeek",
          "enabled",
          "id",
          "platform",
          "recurrenceType",
          "timeOfDay",
          "topicCategory",
          "weekOfMonth",
        ].sort(),
      );
    }
  });
});
