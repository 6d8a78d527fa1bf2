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

it("examples run side by side against the fake, and each one's output is printed whole, in order", () => {
  const { POSTLINE_BASE_URL: _url, POSTLINE_API_KEY: _key, ...env } = process.env;
  const run = spawnSync(
    process.execPath,
    ["--import", "tsx", RUN_ALL, "stats-report", "draft-review-loop", "key-rotation"],
    { env, encoding: "utf8", timeout: 60_000 },
  );
  const lines = run.stdout.split("\n");
  const at = (text: string) => lines.findIndex((line) => line.startsWith(text));
  const blocks = ["draft review loop", "key rotation", "stats report"].map((title) => ({
    starts: at(`▶ ${title}`),
    ends: at(`✔ ${title}`),
  }));
  for (const [index, block] of blocks.entries()) {
    expect(block.starts).toBeGreaterThanOrEqual(0);
    expect(block.ends).toBeGreaterThan(block.starts);
    const next = blocks[index + 1];
    if (next) expect(next.starts).toBeGreaterThan(block.ends);
  }
  expect(run.stdout).toContain("examples: 3 passed, 0 skipped, 0 failed");
  expect(run.status).toBe(0);
});
