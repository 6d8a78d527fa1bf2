/**
 * Two sibling folders whose names differ by one letter (`control/` beside `controls/`) send a
 * reader into the wrong room: no two siblings under src/ or test/ are one edit apart.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Levenshtein distance: insertions, deletions and substitutions. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** Each pair of sibling folders under `top` one edit apart, as `parent: a ~ b`. */
function lookalikeSiblings(top: string): string[] {
  const pairs: string[] = [];
  const visit = (folder: string): void => {
    const children = readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== "node_modules")
      .map((entry) => entry.name)
      .sort();
    for (const [index, a] of children.entries()) {
      for (const b of children.slice(index + 1)) {
        if (editDistance(a, b) === 1) pairs.push(`${relative(root, folder)}: ${a} ~ ${b}`);
      }
    }
    for (const child of children) visit(join(folder, child));
  };
  visit(top);
  return pairs;
}

describe("sibling folders", () => {
  const planted = mkdtempSync(join(tmpdir(), "postline-siblings-"));
  afterAll(() => rmSync(planted, { recursive: true, force: true }));

  it("no two sibling folders under src/ differ by one letter", () => {
    expect(lookalikeSiblings(join(root, "src"))).toEqual([]);
  });

  it("no two sibling folders under test/ differ by one letter", () => {
    expect(lookalikeSiblings(join(root, "test"))).toEqual([]);
  });

  it("the check finds a one-letter pair (it is not vacuous)", () => {
    for (const name of ["control", "controls", "tools", "tooling"]) {
      mkdirSync(join(planted, "testing", name), { recursive: true });
    }
    expect(lookalikeSiblings(planted).map((pair) => pair.split(": ")[1])).toEqual([
      "control ~ controls",
    ]);
  });
});
