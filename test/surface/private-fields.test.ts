/**
 * Private state is a `#` field, never the `private` or `protected` keyword: it is private at run
 * time too, so `util.inspect`, a spread or a stray `as any` never reaches it. The one keyword kept
 * is `private constructor`, which has no `#` form (a factory builds the class).
 * Positional flags have their own check, `positional-flags.test.ts`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Each line of code in src (comments dropped) matching `pattern`, as `path:line`. */
function linesMatching(pattern: RegExp): string[] {
  return readdirSync(`${root}src`, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts"))
    .flatMap((name) => {
      const path = `src/${name}`;
      return readFileSync(`${root}${path}`, "utf8")
        .split("\n")
        .flatMap((line, index) => {
          const code = line.replace(/\/\/.*$/, "");
          return /^\s*(\*|\/\*)/.test(code) || !pattern.test(code) ? [] : [`${path}:${index + 1}`];
        });
    });
}

describe("private state", () => {
  it("has no `private` or `protected` member in src: private state is a `#` field", () => {
    expect(linesMatching(/^\s*(private|protected)\s(?!constructor\b)/)).toEqual([]);
    expect(linesMatching(/\(\s*(private|protected)\s|,\s*(private|protected)\s/)).toEqual([]);
  });

  it("the scan sees a keyword member (it is not vacuous)", () => {
    expect(linesMatching(/^\s*private constructor\(/)).toEqual([
      expect.stringMatching(/^src\/core\/pacing\/store-fallback\.ts:\d+$/),
    ]);
  });
});
