/**
 * Runs every example in this folder, each in its own process, and exits non-zero if any fails.
 * An example that skips itself (what it needs is not there) is SKIP.
 *
 *   npm run examples            # against the in-process fake
 *   POSTLINE_BASE_URL=... POSTLINE_API_KEY=... npm run examples
 *
 * Against the in-process fake each example has its own service and key, so they run a few at a
 * time (two of them wait out a rate-limit window in real time); each one's output is printed
 * whole, in order, once it ends. Against a real service they share one key's rate limits, so
 * they run one after another.
 */
import { spawn } from "node:child_process";
import { readdir } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import pLimit from "p-limit";
import { SKIPPED_EXIT_CODE } from "./support/skipped.js";

const folder = dirname(fileURLToPath(import.meta.url));
const self = basename(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const AT_ONCE = process.env.POSTLINE_BASE_URL === undefined ? 4 : 1;

const examples = (await readdir(folder))
  .filter((name) => name.endsWith(".ts") && name !== self)
  .filter((name) => only.length === 0 || only.some((wanted) => name.startsWith(wanted)))
  .sort();

type Outcome = "PASS" | "SKIP" | "FAIL";
interface Result {
  readonly name: string;
  readonly outcome: Outcome;
  readonly ms: number;
}

// Each example's output is printed whole once it and every example before it have ended; a
// finished example frees its turn at once, whatever is still running before it.
const limit = pLimit(AT_ONCE);
const results: Result[] = [];
for (const finished of examples.map((name) => limit(() => runExampleFile(name)))) {
  const { result, output } = await finished;
  process.stdout.write(output);
  results.push(result);
}

console.log("\nexamples");
for (const { name, outcome, ms } of results) console.log(`  ${outcome} ${name} (${ms} ms)`);
const count = (outcome: Outcome) => results.filter((result) => result.outcome === outcome).length;
console.log(`examples: ${count("PASS")} passed, ${count("SKIP")} skipped, ${count("FAIL")} failed`);
if (count("FAIL") > 0 || results.length === 0) process.exitCode = 1;

/** Runs one example file: how it went, and what it printed. */
async function runExampleFile(name: string): Promise<{ result: Result; output: Buffer }> {
  const started = performance.now();
  const { code, output } = await runInOwnProcess(join(folder, name));
  const outcome = code === 0 ? "PASS" : code === SKIPPED_EXIT_CODE ? "SKIP" : "FAIL";
  return { result: { name, outcome, ms: Math.round(performance.now() - started) }, output };
}

/** Runs one example with tsx in a child Node process: its exit code and its output. */
function runInOwnProcess(file: string): Promise<{ code: number; output: Buffer }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const child = spawn(process.execPath, ["--import", "tsx", file], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
    const done = (code: number) => resolve({ code, output: Buffer.concat(chunks) });
    child.on("error", (error) => {
      chunks.push(Buffer.from(`could not start ${file}: ${error.message}\n`));
      done(1);
    });
    child.on("close", (code, signal) => done(signal ? 1 : (code ?? 1)));
  });
}
