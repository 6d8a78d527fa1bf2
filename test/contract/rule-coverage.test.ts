/** Every rule ID of the contract rule index has a contract test whose title starts with it. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** The project's own copy of the contract rule index: every rule is a line `- <ID> <rule>`. */
const RULES_MD = join(import.meta.dirname, "../../docs/contract/rules.md");

/** The rule IDs, in the order the index lists them. */
function ruleIds(): string[] {
  return [...readFileSync(RULES_MD, "utf8").matchAll(/^- ([A-Z]+-\d+) /gm)].map(
    (match) => match[1] ?? "",
  );
}

function testTitles(): string[] {
  const dir = import.meta.dirname;
  return readdirSync(dir)
    .filter((file) => file.endsWith(".test.ts") && file !== "rule-coverage.test.ts")
    .flatMap((file) =>
      [
        ...readFileSync(join(dir, file), "utf8").matchAll(/\bit\(\s*(["'`])((?:\\.|(?!\1).)*)\1/g),
      ].map((match) => match[2] ?? ""),
    );
}

describe("contract rule coverage", () => {
  it("the rule index lists each rule once, and every section has rules", () => {
    const ids = ruleIds();
    expect(new Set(ids).size).toBe(ids.length);
    const text = readFileSync(RULES_MD, "utf8");
    // A rule line the pattern misses (a typo such as "- LIST 6") would go unchecked.
    const ruleLike = text.match(/^- [A-Z]+[- ]?\d+\b/gm) ?? [];
    expect(ruleLike).toHaveLength(ids.length);
    for (const section of text.split(/^## /m).slice(1)) {
      expect(section, section.split("\n")[0]).toMatch(/^- [A-Z]+-\d+ /m);
    }
  });

  it("every rule ID starts the title of at least one contract test", () => {
    const titles = testTitles();
    const missing = ruleIds().filter((id) => !titles.some((title) => title.startsWith(`${id} `)));
    expect(missing).toEqual([]);
  });
});
