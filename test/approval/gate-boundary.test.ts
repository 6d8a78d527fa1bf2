/**
 * The approval gate is one module: no file of the agent wing (src/tools, src/mcp,
 * src/frameworks) or the command outside `src/tools/approval/` passes `acknowledge` to the
 * client, and signed records (tickets) are minted there alone. The import rule
 * `approval-through-its-entry` (.dependency-cruiser.cjs) keeps the rest to its entry.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const WING = ["src/tools", "src/mcp", "src/frameworks", "src/cli", "src/redis"];
const GATE = "src/tools/approval/";

/** `acknowledge` handed over as a request option, and a signing codec minting. */
const ACKNOWLEDGES = /\backnowledge\s*[:,}]/;
const MINTS = /\.mint\(|signedStateCodec\(/;

function sourcesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => join(dir, file));
}

/** The files outside the gate whose code (comments aside) matches `pattern`. */
function offenders(files: readonly string[], pattern: RegExp, read = readSource): string[] {
  return files
    .filter((file) => !file.startsWith(GATE))
    .filter((file) =>
      read(file)
        .split("\n")
        .some((line) => !/^\s*(\/\/|\*|\/\*)/.test(line) && pattern.test(line)),
    );
}

function readSource(file: string): string {
  return readFileSync(join(ROOT, file), "utf8");
}

const files = WING.flatMap(sourcesUnder).map((file) => relative(ROOT, join(ROOT, file)));

describe("the approval gate's boundary", () => {
  it("PATCH-3 no file outside src/tools/approval/ passes acknowledge to the client", () => {
    expect(offenders(files, ACKNOWLEDGES)).toEqual([]);
  });

  it("PATCH-3 signed records are minted in src/tools/approval/ alone", () => {
    expect(offenders(files, MINTS)).toEqual([]);
  });

  it("sees a planted violation of either rule", () => {
    const planted = "src/mcp/planted.ts";
    const read = (file: string) =>
      file === planted
        ? "await client.content.approve(id, {}, { acknowledge: review });\nconst t = await codec.mint(x);"
        : readSource(file);
    expect(offenders([...files, planted], ACKNOWLEDGES, read)).toEqual([planted]);
    expect(offenders([...files, planted], MINTS, read)).toEqual([planted]);
  });
});
