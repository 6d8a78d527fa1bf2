// Profiles per-request CPU work with `node --cpu-prof`:
//   node --import tsx bench/profile/profile-requests.ts [ky-defaults,ky-lean,sdk-get,sdk-listPage]
// Each run is a child process making the same requests to the stub; the summary prints where the
// CPU time went (self time by file and by function). The SDK runs come from dist/ (build first).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startStubServer } from "../stub/start-stub-server.js";
import { summarizeCpuProfile } from "./summarize-cpu-profile.js";

const REQUESTS = 3_000;
const RUNS = {
  "ky-defaults": ["./ky-request-loop.ts", "defaults"],
  "ky-lean": ["./ky-request-loop.ts", "lean"],
  "sdk-get": ["./sdk-request-loop.ts", "get"],
  "sdk-listPage": ["./sdk-request-loop.ts", "listPage"],
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

const stub = await startStubServer();
try {
  for (const run of selectedRuns(process.argv[2])) {
    const [script, mode] = RUNS[run];
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
          stub.origin,
          mode,
          String(REQUESTS),
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
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }
} finally {
  await stub.stop();
}
