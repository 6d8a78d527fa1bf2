/**
 * `npm run examples` (examples/run-all.ts) reports what each example did: an example that skips
 * itself (what it needs is not there) is SKIP, never PASS.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const RUN_ALL = fileURLToPath(new URL("../../examples/run-all.ts", import.meta.url));

it("an example that skips itself is reported as SKIP, not PASS, and fails nothing", () => {
  const { REDIS_URL: _redis, POSTLINE_REQUIRE_REDIS: _required, ...env } = process.env;
  const run = spawnSync(process.execPath, ["--import", "tsx", RUN_ALL, "fleet-workers"], {
    env,
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(run.stdout).toContain("fleet workers: skipped, set REDIS_URL");
  expect(run.stdout).toMatch(/ {2}SKIP fleet-workers\.ts \(\d+ ms\)/);
  expect(run.stdout).not.toMatch(/PASS fleet-workers\.ts/);
  expect(run.stdout).toContain("examples: 0 passed, 1 skipped, 0 failed");
  expect(run.status).toBe(0);
});
