import { describe, expect, it } from "vitest";
import { GenerationLimitError, InvalidRequestError, ValidationError } from "../../src/index.js";
import { useFake } from "./support/fake-harness.js";

const fake = useFake();
const usage = () => fake.service.workspace().quota().current;
const apiItems = () =>
  fake.service
    .workspace()
    .items()
    .filter((item) => item.source === "api");

describe("§4 POST /content", () => {
  it("CREATE-0 Exactly one of `body` / `prompt`, otherwise 400 `missing_input`", async () => {
    const both = await fake.raw("POST", "/content", {
      body: { body: "a", prompt: "b", channelId: "ch_x_acme" },
    });
    const neither = await fake.raw("POST", "/content", { body: { channelId: "ch_x_acme" } });
    for (const answer of [both, neither]) {
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe("missing_input");
    }
  });

  it("CREATE-1 Either `channelId` or `channelIds` is accepted in both modes", async () => {
    const answers = await Promise.all([
      fake.raw("POST", "/content", { body: { body: "one", channelId: "ch_x_acme" } }),
      fake.raw("POST", "/content", { body: { body: "two", channelIds: ["ch_x_acme"] } }),
      fake.raw("POST", "/content", { body: { prompt: "three", channelId: "ch_x_acme" } }),
      fake.raw("POST", "/content", { body: { prompt: "four", channelIds: ["ch_x_acme"] } }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
  });

  it("CREATE-2 Both `channelId` and `channelIds` → 400 `validation_error`", async () => {
    const answer = await fake.raw("POST", "/content", {
      body: { body: "x", channelId: "ch_x_acme", channelIds: ["ch_x_acme"] },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe("validation_error");
    expect(apiItems()).toHaveLength(0);
  });

  it("CREATE-3 A free draft is one item; `channelIds` with more than one entry is refused, not trimmed", async () => {
    const answer = await fake.raw("POST", "/content", {
      body: { body: "x", channelIds: ["ch_x_acme", "ch_x_olivia"] },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe("validation_error");
    expect(answer.body.error.message).toContain("channelIds");
    expect(apiItems()).toHaveLength(0);
    const one = await fake.client.content.createDraft({
      channelId: "ch_x_acme",
      body: "Just one.",
    });
    expect(one.channelId).toBe("ch_x_acme");
  });

  it("CREATE-4 A generation makes one post per channel; duplicate ids collapse", async () => {
    const result = await fake.client.content.generate({
      channelIds: ["ch_x_acme", "ch_linkedin_olivia", "ch_x_acme"],
      prompt: "why we plan on Mondays",
    });
    expect(result.items.map((item) => item.channelId)).toEqual(["ch_x_acme", "ch_linkedin_olivia"]);
    expect(usage()).toBe(2);
  });

  it("CREATE-5 No channel named → 400 `validation_error`; nothing generated, created or billed; `platform` is not read", async () => {
    const answer = await fake.raw("POST", "/content", { body: { prompt: "hello", platform: "x" } });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe("validation_error");
    expect(usage()).toBe(0);
    expect(apiItems()).toHaveLength(0);
  });

  it("CREATE-6 The refusal lists every connected channel in the message and in `error.channels`; it ends by asking for `channelId` (draft) or `channelIds` (prompt); with none connected the list is empty", async () => {
    const connected = fake.service.defaults.channelIds;
    const draft = await fake.raw("POST", "/content", { body: { body: "hi" } });
    expect(draft.body.error.channels.map((channel: { id: string }) => channel.id)).toEqual(
      connected,
    );
    expect(draft.body.error.channels[0]).toEqual({
      id: "ch_x_acme",
      platform: "x",
      name: "Acme on X",
    });
    for (const id of connected) expect(draft.body.error.message).toContain(id);
    expect(draft.body.error.message).not.toContain("ch_x_retired");
    expect(draft.body.error.message).toMatch(/`channelId`\.$/);
    const prompt = await fake.raw("POST", "/content", { body: { prompt: "hi" } });
    expect(prompt.body.error.message).toMatch(/`channelIds`\.$/);
    for (const id of connected) fake.service.workspace().disconnectChannel(id);
    const none = await fake.raw("POST", "/content", { body: { body: "hi" } });
    expect(none.status).toBe(400);
    expect(none.body.error.channels).toEqual([]);
    expect(none.body.error.message).toMatch(/`channelId`\.$/);
  });

  it("CREATE-5 the SDK refuses a create that names no channel before sending, naming the parameter", async () => {
    const before = fake.service.requests.length;
    const generation = await fake.client.content
      .generate({ channelIds: [], prompt: "hi" })
      .catch((caught) => caught);
    expect(generation).toBeInstanceOf(InvalidRequestError);
    expect(generation.param).toBe("channelIds");
    const draft = await fake.client.content
      .createDraft({ channelId: "", body: "hi" })
      .catch((caught) => caught);
    expect(draft).toBeInstanceOf(InvalidRequestError);
    expect(draft.param).toBe("channelId");
    expect(fake.service.requests.length).toBe(before);
  });

  it("CREATE-7 Every channel is validated before any generation; one unusable → 400 naming it; nothing created or billed", async () => {
    for (const bad of ["ch_x_retired", "ch_nope", fake.service.otherWorkspace!.channelIds[0]!]) {
      const error = await fake.client.content
        .generate({ channelIds: ["ch_x_acme", bad], prompt: "hello" })
        .catch((caught) => caught);
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.message).toContain(bad);
    }
    expect(usage()).toBe(0);
    expect(apiItems()).toHaveLength(0);
  });

  it("CREATE-8 `title` on long-form platforms (a draft without one publishes as `Untitled`); ignored elsewhere", async () => {
    const untitled = await fake.client.content.createDraft({
      channelId: "ch_medium_acme",
      body: "An essay.",
    });
    const titled = await fake.client.content.createDraft({
      channelId: "ch_medium_acme",
      body: "Another.",
      title: "On Mondays",
    });
    const short = await fake.client.content.createDraft({
      channelId: "ch_x_acme",
      body: "A post.",
      title: "Ignored",
    });
    for (const item of [untitled, titled, short])
      await fake.client.content.schedule(item.id, { publishNow: true });
    fake.service.provider.tick();
    const titles = Object.fromEntries(
      fake.service.provider.publications.map((post) => [post.itemId, post.title]),
    );
    expect(titles).toEqual({
      [untitled.id]: "Untitled",
      [titled.id]: "On Mondays",
      [short.id]: null,
    });
    const generated = await fake.client.content.generate({
      channelIds: ["ch_medium_acme"],
      prompt: "calm planning",
    });
    await fake.client.content.schedule(generated.items[0]!.id, { publishNow: true });
    fake.service.provider.tick();
    expect(fake.service.provider.publications.at(-1)?.title).toBe("Calm planning");
  });

  it("CREATE-9 `contentType` is ignored without error", async () => {
    const answer = await fake.raw("POST", "/content", {
      body: { prompt: "hi", channelIds: ["ch_x_acme"], contentType: "video" },
    });
    expect(answer.status).toBe(201);
  });

  it("CREATE-10 Quota exhausted before anything → 403 `generation_limit`", async () => {
    fake.service.setQuota({ limit: 3, used: 3 });
    await expect(
      fake.client.content.generate({ channelIds: ["ch_x_acme"], prompt: "hello" }),
    ).rejects.toBeInstanceOf(GenerationLimitError);
    const raw = await fake.raw("POST", "/content", {
      body: { prompt: "hello", channelIds: ["ch_x_acme"] },
    });
    expect(raw.status).toBe(403);
    expect(raw.body.error.code).toBe("generation_limit");
  });

  it("CREATE-11 Quota exhausted partway → 201 with `items` and `warning`; unlisted channels not billed", async () => {
    fake.service.setQuota({ limit: 5, used: 4 });
    const result = await fake.client.content.generate({
      channelIds: ["ch_x_acme", "ch_linkedin_olivia", "ch_medium_acme"],
      prompt: "hello",
    });
    expect(result.items.map((item) => item.channelId)).toEqual(["ch_x_acme"]);
    expect(result.warning).toMatchObject({
      code: "generation_limit",
      message: expect.any(String),
      unfulfilledChannelIds: ["ch_linkedin_olivia", "ch_medium_acme"],
    });
    expect(usage()).toBe(5);
  });

  it("CREATE-12 A free draft uses no credit and works when the quota is exhausted, and is still scanned", async () => {
    fake.service.setQuota({ limit: 1, used: 1 });
    const item = await fake.client.content.createDraft({
      channelId: "ch_x_olivia",
      body: "Time to delve in.",
    });
    expect(item.aiIsmMatches.map((match) => match.label)).toEqual(["delve"]);
    expect(usage()).toBe(1);
  });

  it('CREATE-13 Response 201 `{ items: [...] }`, each with `source: "api"`', async () => {
    const answer = await fake.raw("POST", "/content", {
      body: { prompt: "hi", channelIds: ["ch_x_acme", "ch_linkedin_olivia"] },
    });
    expect(answer.status).toBe(201);
    expect(Object.keys(answer.body)).toEqual(["items"]);
    expect(answer.body.items.map((item: { source: string }) => item.source)).toEqual([
      "api",
      "api",
    ]);
  });
});
