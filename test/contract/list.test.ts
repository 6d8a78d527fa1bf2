import { describe, expect, it } from "vitest";
import { InvalidRequestError, ValidationError } from "../../src/index.js";
import { useFake } from "./support/fake-harness.js";

const fake = useFake();

async function createDrafts(count: number) {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    ids.push(
      (await fake.client.content.createDraft({ channelId: "ch_x_acme", body: `Post ${index}` })).id,
    );
    fake.service.clock.advance(1_000);
    fake.service.resetRateLimits();
  }
  return ids;
}

describe("§4 GET /content", () => {
  it("LIST-1 Cursor-paginated, newest first; `{ items, nextCursor }`, with `nextCursor: null` at the end", async () => {
    const ids = await createDrafts(5);
    const first = await fake.raw("GET", "/content?source=api&limit=3");
    expect(first.body.items.map((item: { id: string }) => item.id)).toEqual(ids.slice(2).reverse());
    expect(typeof first.body.nextCursor).toBe("string");
    const second = await fake.raw(
      "GET",
      `/content?source=api&limit=3&cursor=${encodeURIComponent(first.body.nextCursor)}`,
    );
    expect(second.body.items.map((item: { id: string }) => item.id)).toEqual(
      ids.slice(0, 2).reverse(),
    );
    expect(second.body.nextCursor).toBeNull();
    const all = await fake.client.content.list({ source: "api", limit: 2 }).toArray();
    expect(all.map((item) => item.id)).toEqual([...ids].reverse());
  });

  it("LIST-2 `status` filter (the seven states or `all`, default `all`)", async () => {
    const [a] = await createDrafts(2);
    await fake.client.content.approve(a!);
    const pending = await fake.client.content.listPage({ status: "pending" });
    expect(pending.items.every((item) => item.status === "pending")).toBe(true);
    expect(pending.items.map((item) => item.id)).toContain(a);
    const everything = await fake.client.content.listPage({ limit: 100 });
    const all = await fake.client.content.listPage({ status: "all", limit: 100 });
    expect(all.items).toEqual(everything.items);
    expect(new Set(everything.items.map((item) => item.status)).size).toBeGreaterThan(1);
    const bad = await fake.raw("GET", "/content?status=archived");
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain("status");
  });

  it("LIST-3 `channelId` and `source` filters", async () => {
    await createDrafts(1);
    await fake.client.content.createDraft({
      channelId: "ch_linkedin_olivia",
      body: "On LinkedIn.",
    });
    const onLinkedIn = await fake.client.content.listPage({ channelId: "ch_linkedin_olivia" });
    expect(onLinkedIn.items.length).toBeGreaterThan(0);
    expect(onLinkedIn.items.every((item) => item.channelId === "ch_linkedin_olivia")).toBe(true);
    const planned = await fake.client.content.listPage({ source: "daily_generation" });
    expect(planned.items.map((item) => item.id).sort()).toEqual([
      "cnt_acme_held",
      "cnt_acme_overdue",
      "cnt_acme_unplaced",
    ]);
  });

  it("LIST-4 `limit` 1..100, default 20; outside the range → 400 `validation_error` naming `limit`", async () => {
    await createDrafts(22);
    expect((await fake.raw("GET", "/content")).body.items).toHaveLength(20);
    expect((await fake.raw("GET", "/content?limit=100")).body.items.length).toBeGreaterThan(20);
    for (const limit of ["0", "101", "abc", "2.5"]) {
      const answer = await fake.raw("GET", `/content?limit=${limit}`);
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe("validation_error");
      expect(answer.body.error.message).toContain("limit");
    }
    const error = await fake.client.content.listPage({ limit: 101 }).catch((caught) => caught);
    expect(error instanceof InvalidRequestError || error instanceof ValidationError).toBe(true);
    expect(error.message).toContain("limit");
  });

  it("LIST-5 `cursor` is opaque: the previous `nextCursor`", async () => {
    await createDrafts(3);
    const page = await fake.client.content.listPage({ limit: 2 });
    expect(page.nextCursor).not.toBeNull();
    const next = await fake.client.content.listPage({ limit: 2, cursor: page.nextCursor! });
    expect(next.items.map((item) => item.id)).not.toContain(page.items[0]!.id);
    const bogus = await fake.raw("GET", "/content?cursor=not-a-cursor");
    expect(bogus.status).toBe(400);
    expect(bogus.body.error.message).toContain("cursor");
  });
});
