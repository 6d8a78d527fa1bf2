// Profiles per-request CPU work with `node --cpu-prof`:
//   node --import tsx bench/profile/profile-requests.ts [run,run] [requests] [dist dir]
// Runs: ky-defaults, ky-lean, sdk-get, sdk-listPage (against the stub), and sdk-get-in-process,
// sdk-listPage-in-process (the stub's bodies from an in-process `fetch`, no network). Each run is
// a child process making the same requests; the summary prints where the CPU time went (self time
// by file and by function, then the SDK's own functions alone). The SDK runs come from dist/
// (build first; the bench's snapshot of it is taken here), or from another build when named (a
// dist/ copied under node_modules/, so ky and zod resolve), to profile a before and an after.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { snapshotBuild } from "../sdk/load-built-sdk.js";
import { startStubServer } from "../stub/start-stub-server.js";
import { summarizeCpuProfile } from "./summarize-cpu-profile.js";

const REQUESTS = Number(process.argv[3] ?? 3_000);
if (!Number.isInteger(REQUESTS) || REQUESTS < 1) throw new Error("requests must be a whole number");
const RUNS = {
  "ky-defaults": ["./ky-request-loop.ts", "defaults", "stub"],
  "ky-lean": ["./ky-request-loop.ts", "lean", "stub"],
  "sdk-get": ["./sdk-request-loop.ts", "get", "stub"],
  "sdk-listPage": ["./sdk-request-loop.ts", "listPage", "stub"],
  "sdk-get-in-process": ["./sdk-request-loop.ts", "get", "in-process"],
  "sdk-listPage-in-process": ["./sdk-request-loop.ts", "listPage", "in-process"],
} as const;
type RunName = keyof typeof RUNS;

function selectedRuns(argument: string | undefined): RunName[] {
  if (argument === undefined) return Object.keys(RUNS) as RunName[];
  const names = argument.split(",");
  const unknown = names.filter((name) => !(name in RUNS));
  if (unknown.length > 0)
    throw new Error(`unknown run ${unknown.join(", ")}; pick from ${Object.keys(RUNS).join(", ")}`);
  return names as RunName[];
}
const TOP = 14;
const otherBuild = process.argv[4] ? resolve(process.argv[4]) : undefined;
/** Where the built SDK's own code runs from: the bench's snapshot of dist/, or the build named. */
const SDK_FILES = otherBuild
  ? `${otherBuild.slice(otherBuild.lastIndexOf("node_modules/") + "node_modules/".length)}/`
  : "postline-bench/dist/";

if (!otherBuild) snapshotBuild();
const stub = await startStubServer();
try {
  for (const run of selectedRuns(process.argv[2])) {
    const [script, mode, target] = RUNS[run];
    const loopScript = fileURLToPath(new URL(script, import.meta.url));
    const directory = mkdtempSync(join(tmpdir(), "postline-ky-profile-"));
    try {
      const child = spawnSync(
        process.execPath,
        [
          "--cpu-prof",
          `--cpu-prof-dir=${directory}`,
          "--import",
          "tsx",
          loopScript,
          target === "stub" ? stub.origin : "in-process",
          mode,
          String(REQUESTS),
          ...(otherBuild ? [otherBuild] : []),
        ],
        { stdio: "inherit", timeout: 120_000 },
      );
      if (child.status !== 0) throw new Error(`profile run ${run} failed`);
      const [file] = readdirSync(directory).filter((name) => name.endsWith(".cpuprofile"));
      if (!file) throw new Error("no .cpuprofile written");
      const summary = summarizeCpuProfile(JSON.parse(readFileSync(join(directory, file), "utf8")));
      console.log(`\n## ${run}: ${REQUESTS} calls — self time by file`);
      for (const entry of summary.byFile.slice(0, TOP)) {
        console.log(
          `${entry.millis.toFixed(0).padStart(7)} ms ${(entry.share * 100).toFixed(1).padStart(5)}%  ${entry.where}`,
        );
      }
      console.log(`## ${run}: self time by function`);
      for (const entry of summary.byFunction.slice(0, TOP)) {
        console.log(
          `${entry.millis.toFixed(0).padStart(7)} ms ${(entry.share * 100).toFixed(1).padStart(5)}%  ${entry.where}`,
        );
      }
      const own = summary.byFunction.filter((entry) => entry.where.includes(SDK_FILES));
      if (own.length > 0) {
        const ownMillis = own.reduce((sum, entry) => sum + entry.millis, 0);
        console.log(
          `## ${run}: the SDK's own functions, ${ownMillis.toFixed(0)} ms in all (${((ownMillis * 1000) / REQUESTS).toFixed(1)} µs a call)`,
        );
        for (const entry of own.slice(0, TOP)) {
          console.log(
            `${entry.millis.toFixed(0).padStart(7)} ms ${(entry.share * 100).toFixed(1).padStart(5)}%  ${entry.where.replace(/\S*\/dist\//, "dist/")}`,
          );
        }
      }
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }
} finally {
  await stub.stop();
}
