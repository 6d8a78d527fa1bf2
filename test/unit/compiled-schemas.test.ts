import { describe, expect, it } from "vitest";
import { ContentItemSchema, ContentPageSchema } from "../../src/schemas/public.js";
import { contentItem } from "../support/fixtures.js";

/** What zod's compiled fast path gives, and what its runtime parser gives for the same input. */
async function bothParsers(schema: typeof ContentPageSchema, body: unknown) {
  const fast = schema.safeParse(structuredClone(body));
  // An async parse bypasses the compiled fast path (zod's `compile` docs): the runtime answers.
  const runtime = await schema.safeParseAsync(structuredClone(body));
  return { fast, runtime };
}

const full = contentItem({
  sourceUrl: "https://news.example/a",
  scheduledAt: "2026-10-02T14:05:00.000Z",
  publishedAt: "2026-10-02T14:05:03.000Z",
  publishedUrl: "https://x.example/1",
  aiIsmMatches: [{ label: "delve", match: "delve into" }],
  createdBy: { userId: "u_1", fullName: "Ada Owner", email: "ada@example.com", team: "t" },
  futureField: { a: 1 },
});

describe("the content schemas are compiled, with the checks of the runtime parser", () => {
  it("the item and page schemas parse through zod's compiled fast path", () => {
    // Compiled on first parse; `z.compile` installs the generated validator, a plain schema has none.
    ContentPageSchema.parse({ items: [full], nextCursor: null });
    ContentItemSchema.parse(full);
    const validatorOf = (schema: unknown) =>
      (schema as { _zod: { bag: { validator?: unknown } } })._zod.bag.validator;
    expect(validatorOf(ContentItemSchema)).toBeTypeOf("function");
    expect(validatorOf(ContentPageSchema)).toBeTypeOf("function");
  });

  it("a valid page parses to the same value, unknown keys kept", async () => {
    const page = { items: [full, contentItem({ id: "item_2" })], nextCursor: "c2", extra: true };
    const { fast, runtime } = await bothParsers(ContentPageSchema, page);
    expect(fast.success).toBe(true);
    expect(fast.data).toEqual(runtime.data);
    expect(fast.data).toEqual(page);
  });

  const refused: [string, unknown][] = [
    ["a missing required field", { ...full, channelId: undefined }],
    ["a wrong type", { ...full, flagged: "no" }],
    ["null where a key may only be absent", { ...full, publishedAt: null }],
    ["a bad nested object", { ...full, createdBy: { fullName: "F" } }],
    ["a bad array member", { ...full, aiIsmMatches: [{ label: "delve" }] }],
    ["a string in a string array's place", { ...full, flagReasons: "length_violation" }],
  ];
  it.each(refused)("refuses %s with the runtime parser's issues", async (_, item) => {
    const { fast, runtime } = await bothParsers(ContentPageSchema, {
      items: [full, item],
      nextCursor: null,
    });
    expect(fast.success).toBe(false);
    expect(fast.error?.issues).toEqual(runtime.error?.issues);
    expect(fast.error?.issues[0]?.path.slice(0, 2)).toEqual(["items", 1]);
  });
});
