/**
 * The built `postline` on a node older than 22 says, in one line, which node it needs: no
 * engine error of a dependency, no stack. Node 18 and 20 come from the npm registry through npx
 * (cached by npm after the first run); where npx cannot fetch one, its case is skipped and says so.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { envWith, POSTLINE } from "./support/run-postline.js";

/** A node of that major version from the npm registry: its path, or why there is none. */
function olderNode(major: number): { path: string } | { missing: string } {
  const found = spawnSync(
    "npx",
    ["--yes", "--package", `node@${major}`, "--call", "node -p process.execPath"],
    { encoding: "utf8", timeout: 120_000, env: envWith() },
  );
  const path = found.stdout?.trim().split("\n").at(-1);
  if (found.status !== 0 || !path) {
    const reason = found.error?.message ?? found.stderr.trim().split("\n").at(-1);
    return { missing: `npx could not fetch node@${major} from the npm registry (${reason})` };
  }
  return { path };
}

const COMMANDS = ["fake", "mcp --fake", "--version"];

describe.each([18, 20])("postline on Node %i", (major) => {
  const node = olderNode(major);

  it.for(COMMANDS)(
    "postline %s prints one line naming Node.js 22 and exits 1",
    (command, { skip }) => {
      if ("missing" in node) return skip(node.missing);
      const run = spawnSync(node.path, [POSTLINE, ...command.split(" ")], {
        encoding: "utf8",
        env: envWith(),
      });
      const version = spawnSync(node.path, ["-p", "process.versions.node"], { encoding: "utf8" });
      expect(version.stdout.trim().split(".")[0]).toBe(String(major));

      expect(run.status).toBe(1);
      expect(run.stdout).toBe("");
      const lines = run.stderr.trimEnd().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toBe(
        `postline: needs Node.js 22 or newer (this is Node ${version.stdout.trim()}). Run it on Node 22 from the npm registry: npx -y -p node@22 -- postline <command>`,
      );
      expect(run.stderr).not.toMatch(/\n\s+at /);
    },
  );
});
