/**
 * Under zod's `jitless` (its setting for pages with a strict Content-Security-Policy), neither
 * importing the SDK nor parsing a page of content evaluates code: the `Function` constructor is
 * never called, and the page parses on zod's runtime parser with the same result.
 *
 * @own-process: it imports the SDK for the first time in its worker (vitest.config.ts).
 */

import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { contentItem } from "../support/fixtures.js";

z.config({ jitless: true });
const original = globalThis.Function;
let evaluated = 0;
globalThis.Function = new Proxy(original, {
  construct(target, args, newTarget) {
    evaluated++;
    return Reflect.construct(target, args, newTarget);
  },
  apply(target, self, args) {
    evaluated++;
    return Reflect.apply(target, self, args);
  },
});
afterAll(() => {
  globalThis.Function = original;
  z.config({ jitless: false });
});

describe("z.config({ jitless: true }) before import", () => {
  it("import and parse call the Function constructor 0 times; the result is the same", async () => {
    await import("../../src/index.js");
    const { ContentPageSchema } = await import("../../src/schemas/public.js");
    expect(evaluated).toBe(0);
    const page = { items: [contentItem(), contentItem({ id: "item_2" })], nextCursor: "c2" };
    expect(ContentPageSchema.parse(page)).toEqual(page);
    expect(ContentPageSchema.safeParse({ items: [{ id: 1 }], nextCursor: null }).success).toBe(
      false,
    );
    expect(evaluated).toBe(0);
  });
});
