import { describe, expect, it } from "vitest";
import { ContentItemSchema } from "../../src/schemas/index.js";
import { useFake } from "./support/fake-harness.js";

const fake = useFake();
const ITEM_KEYS = [
  "id",
  "status",
  "platform",
  "channelId",
  "channelName",
  "content",
  "source",
  "createdAt",
  "flagged",
  "sensitive",
  "flagReasons",
  "aiIsmMatches",
  "sensitivityReasons",
  "createdBy",
];
const OPTIONAL_KEYS = ["sourceUrl", "scheduledAt", "publishedAt", "publishedUrl"];

describe("§2.1 Content item", () => {
  it("ITEM-1 Every endpoint that returns an item returns the one shape of the §2.1 table", async () => {
    const created = (
      await fake.raw("POST", "/content", { body: { body: "Shape check.", channelId: "ch_x_acme" } })
    ).body.items[0];
    const fetched = (await fake.raw("GET", `/content/${created.id}`)).body.item;
    const listed = (await fake.raw("GET", "/content?limit=1")).body.items[0];
    const patched = (
      await fake.raw("PATCH", `/content/${created.id}`, { body: { content: "Shape check again." } })
    ).body.item;
    const scheduled = (
      await fake.raw("POST", `/content/${created.id}/schedule`, { body: { publishNow: true } })
    ).body.item;
    for (const item of [created, fetched, listed, patched, scheduled]) {
      ContentItemSchema.parse(item);
      expect(
        Object.keys(item)
          .filter((key) => !OPTIONAL_KEYS.includes(key))
          .sort(),
      ).toEqual([...ITEM_KEYS].sort());
    }
  });

  it("ITEM-2 Optional keys are absent, never null (`sourceUrl`, `scheduledAt`, `publishedAt`, `publishedUrl`)", async () => {
    const item = await fake.client.content.createDraft({
      channelId: "ch_x_acme",
      body: "Fresh draft.",
    });
    const raw = (await fake.raw("GET", `/content/${item.id}`)).body.item;
    for (const key of OPTIONAL_KEYS) expect(key in raw).toBe(false);
  });

  it("ITEM-3 `flagReasons`, `aiIsmMatches`, `sensitivityReasons` are always arrays, empty when none", async () => {
    const item = await fake.client.content.createDraft({
      channelId: "ch_x_acme",
      body: "Nothing to see.",
    });
    expect(item.flagReasons).toEqual([]);
    expect(item.aiIsmMatches).toEqual([]);
    expect(item.sensitivityReasons).toEqual([]);
  });

  it("ITEM-4 `flagged` is true for a length violation only; `flagReasons` holds `length_violation` then", async () => {
    const long = await fake.client.content.createDraft({
      channelId: "ch_x_acme",
      body: "x".repeat(281),
    });
    expect(long.flagged).toBe(true);
    expect(long.flagReasons).toEqual(["length_violation"]);
    const sensitiveAndAiIsh = await fake.client.content.createDraft({
      channelId: "ch_x_acme",
      body: "Let us delve into the layoffs.",
    });
    expect(sensitiveAndAiIsh.flagged).toBe(false);
    expect(sensitiveAndAiIsh.flagReasons).toEqual([]);
  });

  it("ITEM-5 `aiIsmMatches` is reported independently of `flagged`", async () => {
    const item = await fake.client.content.createDraft({
      channelId: "ch_x_olivia",
      body: "We delve deep.",
    });
    expect(item.flagged).toBe(false);
    expect(item.aiIsmMatches).toEqual([{ label: "delve", match: "delve" }]);
  });

  it("ITEM-6 `sensitivityReasons` entries are `keyword: <word>` or `principle: <rule>`; `sensitive` matches", async () => {
    const item = await fake.client.content.createDraft({
      channelId: "ch_linkedin_olivia",
      body: "After the layoffs, get rich with guaranteed returns.",
    });
    expect(item.sensitive).toBe(true);
    expect(item.sensitivityReasons).toEqual([
      "keyword: layoffs",
      "principle: Never promise financial returns",
    ]);
    const calm = await fake.client.content.createDraft({
      channelId: "ch_linkedin_olivia",
      body: "A calm week.",
    });
    expect(calm.sensitive).toBe(false);
  });

  it("ITEM-7 `createdBy.email` appears only for admin-scope keys", async () => {
    const item = await fake.client.content.createDraft({
      channelId: "ch_x_acme",
      body: "Who made me?",
    });
    expect(item.createdBy.email).toBe("olivia@acme.test");
    const writer = fake.service.addKey({ scopes: ["write"] });
    const seen = await fake.clientFor(writer.token).content.get(item.id);
    expect(seen.createdBy).toEqual({ userId: "usr_olivia", fullName: "Olivia Owner" });
  });

  it("ITEM-8 A failed item has status `failed` and no `publishedAt`", async () => {
    const item = await fake.client.content.createDraft({ channelId: "ch_x_acme", body: "Doomed." });
    fake.service.provider.rejectSchedules({ times: 1 });
    await expect(fake.client.content.schedule(item.id, { publishNow: true })).rejects.toMatchObject(
      { status: 502 },
    );
    const raw = (await fake.raw("GET", `/content/${item.id}`)).body.item;
    expect(raw.status).toBe("failed");
    expect("publishedAt" in raw).toBe(false);
  });

  it("ITEM-9 `contentType` is ignored on input and absent from responses", async () => {
    const answer = await fake.raw("POST", "/content", {
      body: { body: "Typed.", channelId: "ch_x_acme", contentType: "thread" },
    });
    expect(answer.status).toBe(201);
    expect("contentType" in answer.body.items[0]).toBe(false);
    const fetched = await fake.raw("GET", `/content/${answer.body.items[0].id}`);
    expect("contentType" in fetched.body.item).toBe(false);
  });

  it("ITEM-10 Editing re-runs the AI-ism, keyword and length scans on the saved text", async () => {
    const item = await fake.client.content.createDraft({
      channelId: "ch_x_olivia",
      body: "Plain text.",
    });
    const edited = await fake.client.content.update(item.id, {
      content: "We delve into the lawsuit.",
    });
    expect(edited.aiIsmMatches.map((match) => match.label)).toEqual(["delve"]);
    expect(edited.sensitivityReasons).toEqual(["keyword: lawsuit"]);
    const cleaned = await fake.client.content.update(item.id, { content: "Plain again." });
    expect(cleaned.aiIsmMatches).toEqual([]);
    expect(cleaned.sensitive).toBe(false);
    const acme = await fake.client.content.createDraft({ channelId: "ch_x_acme", body: "Short." });
    const tooLong = await fake.client.content.update(acme.id, { content: "y".repeat(300) });
    expect(tooLong.flagReasons).toEqual(["length_violation"]);
  });

  it('ITEM-11 Items created through the API carry `source: "api"`', async () => {
    const draft = await fake.client.content.createDraft({ channelId: "ch_x_acme", body: "Mine." });
    const generated = await fake.client.content.generate({
      channelIds: ["ch_linkedin_olivia"],
      prompt: "a tip",
    });
    expect(draft.source).toBe("api");
    expect(generated.items.map((item) => item.source)).toEqual(["api"]);
  });
});
