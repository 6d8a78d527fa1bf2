/** ARCHITECTURE.md names every folder of src/, so a newcomer's map has no blank room. */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const page = readFileSync(`${root}ARCHITECTURE.md`, "utf8");

describe("ARCHITECTURE.md", () => {
  it("names every folder of src/", () => {
    const folders = readdirSync(`${root}src`, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${entry.parentPath.slice(root.length)}/${entry.name}/`);
    expect(folders.length).toBeGreaterThan(30);
    expect(folders.filter((folder) => !page.includes(`\`${folder}\``))).toEqual([]);
  });

  it("has the table of where a change goes", () => {
    for (const change of ["a new endpoint", "a new tool", "a gated tool", "a CLI command"]) {
      expect(page).toMatch(new RegExp(`^\\| ${change} +\\|`, "m"));
    }
  });
});
