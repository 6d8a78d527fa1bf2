/**
 * Runs every example in this folder one after another, each in its own process, and exits
 * non-zero if any fails. An example that skips itself (what it needs is not there) is SKIP.
 *
 *   npm run examples            # against the in-process fake
 *   POSTLINE_BASE_URL=... POSTLINE_API_KEY=... npm run examples
 */
import { spawn } from "node:child_process";
import { readdir } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { SKIPPED_EXIT_CODE } from "./support/skipped.js";

const folder = dirname(fileURLToPath(import.meta.url));
const self = basename(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);

const examples = (await readdir(folder))
  .filter((name) => name.endsWith(".ts") && name !== self)
  .filter((name) => only.length === 0 || only.some((wanted) => name.startsWith(wanted)))
  .sort();

type Outcome = "PASS" | "SKIP" | "FAIL";
const results: { name: string; outcome: Outcome; ms: number }[] = [];
for (const name of examples) {
  const started = performance.now();
  const code = await runInOwnProcess(join(folder, name));
  const outcome = code === 0 ? "PASS" : code === SKIPPED_EXIT_CODE ? "SKIP" : "FAIL";
  results.push({ name, outcome, ms: Math.round(performance.now() - started) });
}

console.log("\nexamples");
for (const { name, outcome, ms } of results) console.log(`  ${outcome} ${name} (${ms} ms)`);
const count = (outcome: Outcome) => results.filter((result) => result.outcome === outcome).length;
console.log(`examples: ${count("PASS")} passed, ${count("SKIP")} skipped, ${count("FAIL")} failed`);
if (count("FAIL") > 0 || results.length === 0) process.exitCode = 1;

/** Runs one example with tsx in a child Node process; resolves to its exit code. */
function runInOwnProcess(file: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", file], { stdio: "inherit" });
    child.on("error", () => resolve(1));
    child.on("exit", (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
}
