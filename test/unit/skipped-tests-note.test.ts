/**
 * `npm test` ends with one line when tests were skipped for want of Redis or Chromium: how many,
 * and the one command that runs them all (test/support/skipped-tests-note.ts).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { missingServices, skippedNote } from "../support/skipped-tests-note.js";

const root = join(import.meta.dirname, "../..");
mkdirSync(join(root, ".tmp"), { recursive: true });
// Inside the project, so that the fixture's `vitest` import resolves to the project's.
const work = mkdtempSync(join(root, ".tmp/skipped-note-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

mkdirSync(join(work, "test"));
writeFileSync(
  join(work, "test/fixture.test.ts"),
  `import { describe, it } from "vitest";
it("runs", () => {});
it.skipIf(true)("needs Redis", () => {});
describe.skipIf(true)("needs Chromium", () => {
  it("one", () => {});
  it("two", () => {});
});
`,
);

/** Runs vitest on the fixture with the project's configuration, as `npm test` does. */
function runVitest(...extra: string[]) {
  const result = spawnSync(
    process.execPath,
    [
      join(root, "node_modules/vitest/vitest.mjs"),
      "run",
      "--config",
      join(root, "vitest.config.ts"),
      "--root",
      work,
      ...extra,
    ],
    {
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1", REDIS_URL: "", REDIS_CLUSTER_NODES: "" },
    },
  );
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

describe("the closing line of npm test", () => {
  it("counts the skipped tests and names the one command that runs them all", () => {
    const lines = runVitest().trimEnd().split("\n");
    expect(lines.at(-1)).toMatch(
      /^3 tests skipped \(missing here: Redis \(REDIS_URL\), a Redis Cluster \(REDIS_CLUSTER_NODES\)(, Chromium \(.*\))?\)\. To run them all: npm run test:all \(starts redis-server and a Redis Cluster, and uses Chromium, installing both from Debian's packages when missing\)\.$/,
    );
  });

  it("CI's reporters on the command line still write the JSON report", () => {
    const output = join(work, "report.json");
    runVitest("--reporter=default", "--reporter=json", `--outputFile=${output}`);
    const report = JSON.parse(readFileSync(output, "utf8"));
    expect(report).toMatchObject({ numPassedTests: 1, numPendingTests: 3, numTotalTests: 4 });
  });

  it("says nothing when nothing was skipped, and one test in the singular", () => {
    expect(skippedNote(0, ["Redis (REDIS_URL)"])).toBeUndefined();
    expect(skippedNote(1, [])).toMatch(/^1 test skipped\. To run them all: npm run test:all /);
    expect(
      missingServices({ REDIS_URL: "redis://x", REDIS_CLUSTER_NODES: "a:1", CHROMIUM_PATH: "/" }),
    ).toEqual([]);
  });
});
