import { delay } from "msw";
import { describe, expect, it } from "vitest";
import { APIUserAbortError, PaginationError } from "../../src/index.js";
import { contentItem } from "../support/fixtures.js";
import { API, HttpResponse, http, makeClient, useServer } from "../support/server.js";

const { server, seen } = useServer();

/** A service holding `total` items, served newest first in pages of the requested size. */
function pagedService(total: number) {
  server.use(
    http.get(`${API}/content`, ({ request }) => {
      const url = new URL(request.url);
      const limit = Number(url.searchParams.get("limit") ?? 20);
      const start = Number(url.searchParams.get("cursor") ?? 0);
      const end = Math.min(start + limit, total);
      const items = Array.from({ length: end - start }, (_, i) =>
        contentItem({ id: `item_${start + i}` }),
      );
      return HttpResponse.json({ items, nextCursor: end < total ? String(end) : null });
    }),
  );
}

describe("LIST-1 iteration follows nextCursor until null", () => {
  it("yields every item in order over many pages, asking for pages of 100", async () => {
    pagedService(250);
    const ids: string[] = [];
    for await (const item of makeClient().content.list({ status: "draft" })) ids.push(item.id);
    expect(ids).toHaveLength(250);
    expect(ids[0]).toBe("item_0");
    expect(ids[249]).toBe("item_249");
    expect(seen.map((r) => r.url.searchParams.get("limit"))).toEqual(["100", "100", "100"]);
    expect(seen.map((r) => r.url.searchParams.get("cursor"))).toEqual([null, "100", "200"]);
    expect(seen.every((r) => r.url.searchParams.get("status") === "draft")).toBe(true);
  });

  it("uses the given limit as the page size", async () => {
    pagedService(7);
    const pages = [];
    for await (const page of makeClient().content.list({ limit: 3 }).pages())
      pages.push(page.items.length);
    expect(pages).toEqual([3, 3, 1]);
  });

  it("pages() yields { items, nextCursor }", async () => {
    pagedService(2);
    const pages = [];
    for await (const page of makeClient().content.list({ limit: 1 }).pages()) pages.push(page);
    expect(pages.map((p) => p.nextCursor)).toEqual(["1", null]);
  });

  it("nothing is requested until iteration starts", () => {
    pagedService(5);
    makeClient().content.list();
    expect(seen).toHaveLength(0);
  });
});

describe("stopping", () => {
  it("break stops fetching: no request after the break", async () => {
    pagedService(500);
    let count = 0;
    for await (const _ of makeClient().content.list({ limit: 10 })) {
      count += 1;
      if (count === 15) break;
    }
    expect(seen).toHaveLength(2);
  });

  it("toArray({ max }) stops at max and requests no page beyond it", async () => {
    pagedService(1000);
    const items = await makeClient().content.list().toArray({ max: 150 });
    expect(items).toHaveLength(150);
    expect(seen).toHaveLength(2);
  });

  it("toArray() without max collects everything", async () => {
    pagedService(120);
    expect(await makeClient().content.list().toArray()).toHaveLength(120);
  });

  it("an AbortSignal cancels the page in flight", async () => {
    server.use(
      http.get(`${API}/content`, async () => {
        await delay(2_000);
        return HttpResponse.json({ items: [], nextCursor: null });
      }),
    );
    const controller = new AbortController();
    const pending = makeClient().content.list({}, { signal: controller.signal }).toArray();
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toBeInstanceOf(APIUserAbortError);
  });
});

describe("LIST-5 a repeated cursor", () => {
  it("throws PaginationError instead of looping", async () => {
    server.use(
      http.get(`${API}/content`, ({ request }) => {
        const cursor = new URL(request.url).searchParams.get("cursor");
        return HttpResponse.json({
          items: [contentItem()],
          nextCursor: cursor === "a" ? "b" : "a",
        });
      }),
    );
    const error = await makeClient()
      .content.list()
      .toArray()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationError);
    expect((error as PaginationError).cursor).toBe("a");
    expect(seen).toHaveLength(3);
  });

  it("a cursor equal to the starting cursor is a repeat too", async () => {
    server.use(
      http.get(`${API}/content`, () => HttpResponse.json({ items: [], nextCursor: "start" })),
    );
    await expect(makeClient().content.list({ cursor: "start" }).toArray()).rejects.toBeInstanceOf(
      PaginationError,
    );
    expect(seen).toHaveLength(1);
  });
});
