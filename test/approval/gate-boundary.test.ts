/**
 * The approval gate is one function, `createGate` (src/tools/approval/gate.ts): no other file of
 * the agent wing (src/tools, src/mcp, src/frameworks) or the command passes `acknowledge` to the
 * client, and signed records (tickets) are minted there alone (through the one ticket codec,
 * which only the gate calls). The import rule `approval-through-its-entry`
 * (.dependency-cruiser.cjs) keeps src/mcp, src/frameworks and the command to the gate's entry.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const WING = ["src/tools", "src/mcp", "src/frameworks", "src/cli", "src/redis"];
/** `createGate`: the one place that asks (mints) and acknowledges. */
const GATE = "src/tools/approval/gate.ts";
/** The ticket codec: its `mint` is the one the gate calls. */
const CODEC = "src/tools/approval/approval-ticket.ts";

/** `acknowledge` handed over as a request option, and a signing codec minting. */
const ACKNOWLEDGES = /\backnowledge\s*[:,}]/;
const MINTS = /\.mint\(|signedStateCodec\(/;

function sourcesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => join(dir, file));
}

/** The files other than `allowed` whose code (comments aside) matches `pattern`. */
function offenders(
  files: readonly string[],
  pattern: RegExp,
  allowed: readonly string[],
  read = readSource,
): string[] {
  return files
    .filter((file) => !allowed.includes(file))
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
  it("PATCH-3 no file but createGate's passes acknowledge to the client", () => {
    expect(offenders(files, ACKNOWLEDGES, [GATE])).toEqual([]);
  });

  it("PATCH-3 signed records are minted in createGate's file alone", () => {
    expect(offenders(files, MINTS, [GATE, CODEC])).toEqual([]);
  });

  it("names files that exist, which do what the rules allow", () => {
    expect(offenders([GATE], ACKNOWLEDGES, [])).toEqual([GATE]);
    expect(offenders([GATE], MINTS, [])).toEqual([GATE]);
  });

  it("sees a planted violation of either rule", () => {
    const planted = "src/mcp/planted.ts";
    const read = (file: string) =>
      file === planted
        ? "await client.content.approve(id, {}, { acknowledge: review });\nconst t = await codec.mint(x);"
        : readSource(file);
    expect(offenders([...files, planted], ACKNOWLEDGES, [GATE], read)).toEqual([planted]);
    expect(offenders([...files, planted], MINTS, [GATE, CODEC], read)).toEqual([planted]);
  });
});
