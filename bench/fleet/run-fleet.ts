/**
 * `npm run bench:fleet`: N worker processes on one key against the contract fake over HTTP,
 * 40 creates and 120 other calls in all, on the real 60 s window (api-v1.md §8). Three runs:
 * the Redis store; each worker pacing in its own memory; the Redis store with one worker killed
 * mid-run. Prints the 429s the service sent, the time against the contract's minimum, and the
 * Redis commands per SDK call. Needs REDIS_URL; takes about ten minutes.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { createFakeService, startFakeServer } from "../../src/testing/index.js";

const WORKERS = 4;
const CREATES = 40;
const OTHERS = 120;
const WINDOW_MS = 60_000;
/** api-v1.md §8: 10 creates and 60 other calls per rolling window; batch k goes k windows in. */
const MINIMUM_MS = Math.max(
  (Math.ceil(CREATES / 10) - 1) * WINDOW_MS,
  (Math.ceil(OTHERS / 60) - 1) * WINDOW_MS,
);
const KILL_AFTER_MS = 70_000;
const WORKER_FILE = fileURLToPath(new URL("./fleet-worker.ts", import.meta.url));

interface WorkerReport {
  worker: string;
  calls: number;
  failed: number;
  rateLimited: number;
  redisCommands: number;
  storeOutages: number;
  finishedAt: number;
}

async function measure(store: "redis" | "memory", killOne: boolean) {
  const service = createFakeService();
  const server = await startFakeServer(service, { port: 0 });
  const key = service.addKey({ scopes: ["write"] });
  const prefix = `postline-fleet-${randomUUID().slice(0, 8)}`;
  const exits: Promise<WorkerReport | null>[] = [];
  const children: ChildProcess[] = [];
  for (let index = 0; index < WORKERS; index++) {
    const child = spawn(process.execPath, ["--import", "tsx", WORKER_FILE], {
      env: {
        ...process.env,
        BASE_URL: server.url,
        API_KEY: key.token,
        CHANNEL_ID: service.defaults.channelIds[0]!,
        CREATES: String(CREATES / WORKERS),
        OTHERS: String(OTHERS / WORKERS),
        WORKER: String(index + 1),
        STORE: store,
        PREFIX: prefix,
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    children.push(child);
    let output = "";
    child.stdout!.on("data", (chunk) => {
      output += chunk;
    });
    exits.push(
      new Promise((resolve) => {
        child.on("exit", () => {
          const line = output.trim().split("\n").at(-1);
          resolve(line ? (JSON.parse(line) as WorkerReport) : null);
        });
      }),
    );
  }
  const killer = killOne
    ? // A worker that still has work at 70 s (a worker exits when its calls are done).
      setTimeout(
        () => children.find((child) => child.exitCode === null)?.kill("SIGKILL"),
        KILL_AFTER_MS,
      )
    : undefined;
  const reports = await Promise.all(exits);
  clearTimeout(killer);
  await server.close();
  const finished = reports.filter((report): report is WorkerReport => report !== null);
  // From the first request the service received: starting the workers is not the run.
  const firstArrival = Math.min(...service.requests.map((request) => request.at.getTime()));
  const elapsedMs = Math.max(...finished.map((report) => report.finishedAt)) - firstArrival;
  const calls = finished.reduce((sum, report) => sum + report.calls, 0);
  return {
    run: `${store}${killOne ? `, worker ${WORKERS} killed at ${KILL_AFTER_MS / 1000} s` : ""}`,
    workersFinished: `${finished.length} of ${WORKERS}`,
    "429s at the service": service.requests.filter((request) => request.status === 429).length,
    "store outages": finished.reduce((sum, report) => sum + report.storeOutages, 0),
    "calls that failed": finished.reduce((sum, report) => sum + report.failed, 0),
    "elapsed s": Number((elapsedMs / 1000).toFixed(1)),
    "÷ minimum": Number((elapsedMs / MINIMUM_MS).toFixed(3)),
    "Redis commands per call":
      store === "redis"
        ? Number(
            (finished.reduce((sum, report) => sum + report.redisCommands, 0) / calls).toFixed(2),
          )
        : "-",
  };
}

if (!process.env.REDIS_URL) {
  console.error("bench:fleet needs Redis: set REDIS_URL (e.g. redis://127.0.0.1:6379)");
  process.exit(1);
}
console.log(
  `fleet: ${WORKERS} workers on one key, ${CREATES} creates + ${OTHERS} other calls; contract minimum ${MINIMUM_MS / 1000} s`,
);
const only = process.argv.slice(2);
const runs: [string, "redis" | "memory", boolean][] = [
  ["redis", "redis", false],
  ["memory", "memory", false],
  ["killed", "redis", true],
];
const rows = [];
for (const [id, store, killOne] of runs) {
  if (only.length > 0 && !only.includes(id)) continue;
  const row = await measure(store, killOne);
  console.log(JSON.stringify(row));
  rows.push(row);
}
console.table(rows);
