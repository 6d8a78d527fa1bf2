/**
 * A newcomer finds every source file named, with what it is for, in the README of its folder or
 * of a folder above it. The name is matched without its extension (`msw-module.browser` for
 * `msw-module.browser.ts`) and as a whole word, so `ids` is not found inside `provides`.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Each file under `top` (a README aside) that no README of its folder or a folder above names. */
function unnamedFiles(top: string): string[] {
  const readmes = new Map<string, string>();
  const readmeOf = (folder: string): string => {
    if (!readmes.has(folder)) {
      let text = "";
      try {
        text = readFileSync(join(folder, "README.md"), "utf8");
      } catch {}
      readmes.set(folder, text);
    }
    return readmes.get(folder) as string;
  };
  return readdirSync(top, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== "README.md")
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => {
      const name = escapeRegExp(
        path
          .split("/")
          .pop()!
          .replace(/\.[^.]+$/, ""),
      );
      const word = new RegExp(`(^|[^\\w-])${name}($|[^\\w-])`);
      for (let folder = dirname(path); folder.startsWith(top); folder = dirname(folder)) {
        if (word.test(readmeOf(folder))) return false;
      }
      return true;
    })
    .map((path) => relative(root, path))
    .sort();
}

describe("READMEs name every source file", () => {
  const planted = mkdtempSync(join(tmpdir(), "postline-readmes-"));
  afterAll(() => rmSync(planted, { recursive: true, force: true }));

  it("every file under src/ is named in its folder's README or one above", () => {
    expect(unnamedFiles(join(root, "src"))).toEqual([]);
  });

  it("the check finds a file that no README names (it is not vacuous)", () => {
    mkdirSync(join(planted, "src", "room"), { recursive: true });
    writeFileSync(join(planted, "src", "README.md"), "- `room/named.ts`: provides a name.\n");
    writeFileSync(join(planted, "src", "room", "named.ts"), "");
    writeFileSync(join(planted, "src", "room", "ides.ts"), "");
    writeFileSync(join(planted, "src", "room", "README.md"), "- `named.test.ts` is no match\n");
    expect(unnamedFiles(join(planted, "src")).map((path) => path.split("/").pop())).toEqual([
      "ides.ts",
    ]);
  });
});
