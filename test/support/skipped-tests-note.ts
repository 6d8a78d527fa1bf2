/**
 * A vitest reporter that ends the run with one line when tests were skipped: how many, what they
 * need (Redis, a Redis Cluster, Chromium) and the one command that runs them all. It prints
 * nothing when none were skipped (`npm run test:all`, CI).
 */
import { existsSync } from "node:fs";
import type { Reporter, TestModule } from "vitest/node";

/** The command that provides what the skipped tests need and runs the whole suite. */
export const RUN_ALL_COMMAND = "npm run test:all";

/** What this machine lacks for the tests that skip without it, from the variables they read. */
export function missingServices(env: NodeJS.ProcessEnv = process.env): string[] {
  const missing: string[] = [];
  if (!env.REDIS_URL) missing.push("Redis (REDIS_URL)");
  if (!env.REDIS_CLUSTER_NODES) missing.push("a Redis Cluster (REDIS_CLUSTER_NODES)");
  const chromium = env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(chromium)) missing.push(`Chromium (${chromium})`);
  return missing;
}

/** The closing line for `skipped` skipped tests, or `undefined` when there were none. */
export function skippedNote(skipped: number, missing: readonly string[]): string | undefined {
  if (skipped === 0) return undefined;
  const needs = missing.length > 0 ? ` (missing here: ${missing.join(", ")})` : "";
  return `${skipped} test${skipped === 1 ? "" : "s"} skipped${needs}. To run them all: ${RUN_ALL_COMMAND} (starts redis-server and a Redis Cluster, and uses Chromium, installing both from Debian's packages when missing).`;
}

function countSkipped(modules: ReadonlyArray<TestModule>): number {
  let skipped = 0;
  for (const module of modules) {
    for (const test of module.children.allTests()) if (test.result().state === "skipped") skipped++;
  }
  return skipped;
}

export default class SkippedTestsNote implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const note = skippedNote(countSkipped(modules), missingServices());
    if (note) process.stdout.write(`\n${note}\n`);
  }
}
