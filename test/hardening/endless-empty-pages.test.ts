/**
 * A service that answers empty pages, each with a new `nextCursor`, never reaches the end, and a
 * fresh cursor never repeats: the list stops after a documented number of them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_EMPTY_PAGES_IN_A_ROW } from "../../src/core/pagination.js";
import { PaginationError, Postline } from "../../src/index.js";
import { contentItem } from "../support/fixtures.js";

/** Past this, the stub ends the list itself, so a missing bound fails the test instead of hanging it. */
const STUB_GIVES_UP_AFTER = 1_000;
const BOUND = 10; // docs/pagination.md

/**
 * A client on a `fetch` stub that answers `GET /content` with pages shaped by `itemsOnPage`
 * (called with the page's index), each with a cursor never seen before, until `endAfter` pages.
 */
function clientOnPages(
  itemsOnPage: (index: number) => number = () => 0,
  endAfter = STUB_GIVES_UP_AFTER,
) {
  const requests: URL[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    requests.push(url);
    const index = requests.length - 1;
    const items = Array.from({ length: itemsOnPage(index) }, (_, n) =>
      contentItem({ id: `item_${index}_${n}` }),
    );
    const nextCursor = requests.length >= endAfter ? null : `cursor_${index}`;
    return Response.json({ items, nextCursor });
  };
  const client = new Postline({
    apiKey: "pl_test_emptypagesabcdefghijklmnop",
    baseURL: "https://api.postline.test",
    rateLimit: false,
    maxRetries: 0,
    fetch,
  });
  return { client, requests };
}

describe("empty pages, each with a fresh cursor", () => {
  it("the bound is the one docs/pagination.md states", () => {
    expect(MAX_EMPTY_PAGES_IN_A_ROW).toBe(BOUND);
    const guide = readFileSync(join(import.meta.dirname, "../../docs/pagination.md"), "utf8");
    expect(guide.replace(/\s+/g, " ")).toContain(`${BOUND} empty pages in a row`);
  });

  it("for await stops with PaginationError after the bound of empty pages in a row", async () => {
    const { client, requests } = clientOnPages();
    const seen: unknown[] = [];
    const run = async () => {
      for await (const item of client.content.list()) seen.push(item);
    };
    const error = await run().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(PaginationError);
    expect((error as PaginationError).message).toContain(`${BOUND} empty pages in a row`);
    expect((error as PaginationError).cursor).toBe(`cursor_${BOUND - 1}`);
    expect(requests).toHaveLength(BOUND);
    expect(seen).toEqual([]);
  });

  it(".pages() yields each empty page, then stops with PaginationError", async () => {
    const { client, requests } = clientOnPages();
    let pages = 0;
    const run = async () => {
      for await (const _page of client.content.list().pages()) pages += 1;
    };
    await expect(run()).rejects.toBeInstanceOf(PaginationError);
    expect(pages).toBe(BOUND);
    expect(requests).toHaveLength(BOUND);
  });

  it("toArray({ max: 5 }) stops with PaginationError instead of waiting for five items", async () => {
    const { client, requests } = clientOnPages();
    await expect(client.content.list().toArray({ max: 5 })).rejects.toBeInstanceOf(PaginationError);
    expect(requests).toHaveLength(BOUND);
  });

  it("a page with items starts the count again: sparse pages are followed to the end", async () => {
    // Nine empty pages, then one item, over and over: never ten empty in a row.
    const { client, requests } = clientOnPages((index) => (index % BOUND === BOUND - 1 ? 1 : 0));
    const items = await client.content.list().toArray();
    expect(requests).toHaveLength(STUB_GIVES_UP_AFTER);
    expect(items).toHaveLength(STUB_GIVES_UP_AFTER / BOUND);
  });

  it("one empty page fewer than the bound, then the end, is an ordinary empty list", async () => {
    const { client, requests } = clientOnPages(() => 0, BOUND - 1);
    expect(await client.content.list().toArray()).toEqual([]);
    expect(requests).toHaveLength(BOUND - 1);
  });
});
