import { describe, expect, it } from "vitest";
import { selectTools, tools } from "../../src/tools/index.js";

describe("selectTools({ readOnly?, tools? })", () => {
  it("gives every tool by default, in the order of tools", () => {
    expect(selectTools()).toEqual(tools);
    expect(selectTools({})).toEqual(tools);
  });

  it("readOnly: true keeps exactly the tools whose readOnlyHint is set", () => {
    const readers = selectTools({ readOnly: true });
    expect(readers.length).toBeGreaterThan(0);
    expect(readers.every((tool) => tool.annotations.readOnlyHint)).toBe(true);
    expect(readers).toHaveLength(tools.filter((t) => t.annotations.readOnlyHint).length);
    expect(selectTools({ readOnly: false })).toEqual(tools);
  });

  it("tools picks by name, keeping the order of tools", () => {
    const picked = selectTools({ tools: ["update_content", "list_channels"] });
    expect(picked.map((tool) => tool.name)).toEqual(["list_channels", "update_content"]);
  });

  it("readOnly with reading tools named gives those tools", () => {
    const picked = selectTools({ readOnly: true, tools: ["get_brand"] });
    expect(picked.map((tool) => tool.name)).toEqual(["get_brand"]);
  });

  it("an unknown tool name throws a TypeError naming options.tools and the real names", () => {
    expect(() => selectTools({ tools: ["create_post" as never] })).toThrow(TypeError);
    expect(() => selectTools({ tools: ["create_post" as never] })).toThrow(
      /options\.tools names no tool called "create_post".*create_content_draft/,
    );
  });

  it("a writing tool named with readOnly: true throws, naming both options", () => {
    expect(() => selectTools({ readOnly: true, tools: ["get_brand", "delete_content"] })).toThrow(
      /options\.tools names delete_content.*options\.readOnly is true/,
    );
  });

  it("options of the wrong type throw, naming the option", () => {
    expect(() => selectTools({ readOnly: "yes" as never })).toThrow(/options\.readOnly/);
    expect(() => selectTools({ tools: "get_brand" as never })).toThrow(/options\.tools/);
    expect(() => selectTools(null as never)).toThrow(/options/);
  });
});
