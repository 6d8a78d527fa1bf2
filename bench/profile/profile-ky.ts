// Profiles ky per request with `node --cpu-prof`: `node --import tsx bench/profile/profile-ky.ts`.
// Runs the request loop once with ky's defaults and once with the lean set-up, then prints where
// the CPU time went (self time by file and by function).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startStubServer } from "../stub/start-stub-server.js";
import { summarizeCpuProfile } from "./summarize-cpu-profile.js";

const REQUESTS = 3_000;
const LOOP_SCRIPT = fileURLToPath(new URL("./ky-request-loop.ts", import.meta.url));
const TOP = 14;

const stub = await startStubServer();
try {
  for (const mode of ["defaults", "lean"]) {
    const directory = mkdtempSync(join(tmpdir(), "postline-ky-profile-"));
    try {
      const child = spawnSync(
        process.execPath,
        [
          "--cpu-prof",
          `--cpu-prof-dir=${directory}`,
          "--import",
          "tsx",
          LOOP_SCRIPT,
          stub.origin,
          mode,
          String(REQUESTS),
        ],
        { stdio: "inherit", timeout: 120_000 },
      );
      if (child.status !== 0) throw new Error(`profile run for ${mode} failed`);
      const [file] = readdirSync(directory).filter((name) => name.endsWith(".cpuprofile"));
      if (!file) throw new Error("no .cpuprofile written");
      const summary = summarizeCpuProfile(JSON.parse(readFileSync(join(directory, file), "utf8")));
      console.log(`\n## ky ${mode}: ${REQUESTS} × GET /content?limit=100 — self time by file`);
      for (const entry of summary.byFile.slice(0, TOP)) {
        console.log(
          `${entry.millis.toFixed(0).padStart(7)} ms ${(entry.share * 100).toFixed(1).padStart(5)}%  ${entry.where}`,
        );
      }
      console.log(`## ky ${mode}: self time by function`);
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
