import { describe, expect, it } from "vitest";
import { NotFoundError } from "../../src/index.js";
import { useFake } from "./support/fake-harness.js";

const fake = useFake();

describe("§1 Conventions", () => {
  it("CONV-1 JSON in and out; camelCase fields; ISO-8601 UTC timestamps", async () => {
    const answer = await fake.raw("POST", "/content", {
      body: { body: "Plain words.", channelId: "ch_x_acme" },
    });
    expect(answer.headers.get("content-type")).toMatch(/application\/json/);
    const item = answer.body.items[0];
    for (const key of Object.keys(item)) expect(key).toMatch(/^[a-z][a-zA-Z]*$/);
    expect(item.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
  });

  it("CONV-2 Every failure is `{ error: { code, message } }`; extra detail only inside `error`", async () => {
    const answer = await fake.raw("POST", "/content", { body: { body: "No channel." } });
    expect(Object.keys(answer.body)).toEqual(["error"]);
    expect(answer.body.error).toMatchObject({
      code: "validation_error",
      message: expect.any(String),
    });
    expect(answer.body.error.channels).toBeInstanceOf(Array);
  });

  it("CONV-3 No idempotency keys: a retried create makes a second item", async () => {
    const input = { channelId: "ch_x_acme", body: "Same text twice." };
    const first = await fake.client.content.createDraft(input);
    const second = await fake.client.content.createDraft(input);
    expect(second.id).not.toBe(first.id);
    const mine = await fake.client.content.listPage({ source: "api" });
    expect(mine.items.filter((item) => item.content === input.body)).toHaveLength(2);
  });

  it("CONV-4 Another workspace's resources answer 404 `not_found`; lists hold only the key's workspace", async () => {
    const other = fake.service.otherWorkspace!;
    const foreignItem = other.contentIds[0]!;
    await expect(fake.client.content.get(foreignItem)).rejects.toBeInstanceOf(NotFoundError);
    const answer = await fake.raw("GET", `/content/${foreignItem}`);
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe("not_found");
    const all = await fake.client.content.list().toArray();
    expect(all.map((item) => item.id)).not.toContain(foreignItem);
    const channels = await fake.client.channels.list();
    expect(channels.map((channel) => channel.id)).not.toContain(other.channelIds[0]);
  });
});
