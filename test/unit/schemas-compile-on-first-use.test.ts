/**
 * Importing the SDK compiles no code: the content schemas are compiled by zod on their first
 * parse, not at import. Counted with a spy on the `Function` constructor, which zod's compiler
 * uses (zod's own `allowsEval` probe, an empty `new Function("")`, is not counted: zod runs it
 * when a schema is built, unless `jitless` is set). Imported dynamically, after the spy is set.
 *
 * @own-process: it imports the SDK for the first time in its worker (vitest.config.ts).
 */
import { afterAll, describe, expect, it } from "vitest";
import { contentItem } from "../support/fixtures.js";

/** Whether a `Function` call compiles code: zod's one `allowsEval` probe is `new Function("")`. */
const generates = (args: unknown[]) => args.some((arg) => String(arg).trim() !== "");
const original = globalThis.Function;
let evaluated = 0;
globalThis.Function = new Proxy(original, {
  construct(target, args, newTarget) {
    if (generates(args)) evaluated++;
    return Reflect.construct(target, args, newTarget);
  },
  apply(target, self, args) {
    if (generates(args)) evaluated++;
    return Reflect.apply(target, self, args);
  },
});
afterAll(() => {
  globalThis.Function = original;
});

const validatorOf = (schema: unknown) =>
  (schema as { _zod: { bag: { validator?: unknown } } })._zod.bag.validator;

describe("the content schemas are compiled on first use", () => {
  it("importing the SDK compiles no code with the Function constructor; the first parse does", async () => {
    await import("../../src/index.js");
    const { ContentItemSchema, ContentPageSchema } = await import("../../src/schemas/public.js");
    expect(evaluated).toBe(0);
    expect(validatorOf(ContentPageSchema)).toBeUndefined();

    const page = { items: [contentItem()], nextCursor: null };
    expect(ContentPageSchema.parse(page)).toEqual(page);
    expect(evaluated).toBeGreaterThan(0);
    expect(validatorOf(ContentPageSchema)).toBeTypeOf("function");
    // The item schema compiles on its own first parse.
    expect(validatorOf(ContentItemSchema)).toBeUndefined();
    ContentItemSchema.parse(contentItem());
    expect(validatorOf(ContentItemSchema)).toBeTypeOf("function");
  });
});
