// Why two per-call benches of the same build disagree: each factor the bench once left out,
// added one at a time, against bare ky on the same stub, all in one alternating run.
//   node --expose-gc --import tsx bench/profile/per-call-factors.ts [dist dir]
// The stubs: `partial` items (the shape this bench served before), `full` items (every field of
// api-v1.md §2.1, a 220-character text), and `full` sent chunked (no Content-Length). The
// clients: `rateLimit: false` (the bench's client before) and the client as users construct it.
// SDK from dist/ (build first), or from the build directory given (see `--baseline` in run.ts).
import { resolve } from "node:path";
import ky from "ky";
import { BENCH_API_KEY, BENCH_ITEM_ID } from "../contenders/bench-credentials.js";
import { sdkAsConstructed } from "../contenders/sdk-as-constructed.js";
import {
  type Contender,
  formatSpread,
  pairedRatioSpread,
  runAlternatingRounds,
} from "../measure/alternating-rounds.js";
import { loadBuiltSdk, snapshotBuild } from "../sdk/load-built-sdk.js";
import { type StubServer, startStubServer } from "../stub/start-stub-server.js";

const buildDirectory = process.argv[2];
if (buildDirectory === undefined) snapshotBuild();
const loaded = await loadBuiltSdk(
  buildDirectory === undefined ? undefined : resolve(buildDirectory, "index.js"),
);
if (!loaded.ok) throw new Error(loaded.reason);
const { sdk } = loaded;

const stubs: Record<string, StubServer> = {
  partial: await startStubServer({ itemShape: "partial" }),
  full: await startStubServer({ itemShape: "full" }),
  "full, chunked": await startStubServer({ itemShape: "full", chunked: true }),
};

/** Bare ky as the bench has it: defaults, `prefix` and the auth header, then `.json()`. */
function bareKy(origin: string) {
  const api = ky.create({
    prefix: `${origin}/api/v1/`,
    headers: { authorization: `Bearer ${BENCH_API_KEY}` },
  });
  return {
    get: () => api.get(`content/${BENCH_ITEM_ID}`).json(),
    page: () => api.get("content?limit=100").json(),
  };
}

/** The SDK client with pacing off, as the bench had it. */
function sdkPacingOff(origin: string) {
  return new sdk.Postline({ apiKey: BENCH_API_KEY, baseURL: origin, rateLimit: false });
}

/** [label, stub, client]: each row is paired with bare ky on its own stub. */
const rows = [
  ["before: partial items, rateLimit: false", "partial", sdkPacingOff],
  ["full items, rateLimit: false", "full", sdkPacingOff],
  ["partial items, as constructed", "partial", sdkAsConstructed.bind(null, sdk)],
  ["full items, as constructed", "full", sdkAsConstructed.bind(null, sdk)],
  ["full items chunked, as constructed", "full, chunked", sdkAsConstructed.bind(null, sdk)],
] as const;

try {
  for (const call of ["get", "page"] as const) {
    const contenders: Contender[] = [];
    for (const [stubName, stub] of Object.entries(stubs)) {
      const bare = bareKy(stub.origin);
      contenders.push({ name: `bare ky @ ${stubName}`, call: bare[call] });
    }
    for (const [label, stubName, makeClient] of rows) {
      const client = makeClient(stubs[stubName]!.origin);
      contenders.push({
        name: label,
        call:
          call === "get"
            ? () => client.content.get(BENCH_ITEM_ID)
            : () => client.content.listPage({ limit: 100 }),
      });
    }
    // As the per-call suite runs them: blocks of 300 gets or 60 pages, 41 rounds.
    const results = await runAlternatingRounds(contenders, {
      callsPerRound: call === "get" ? 300 : 60,
      maxRounds: 41,
      maxMillis: 150_000,
      warmupCalls: call === "get" ? 500 : 150,
    });
    const byName = (name: string) => results.find((result) => result.name === name)!;
    console.log(
      `\n## ${call === "get" ? "content.get" : "listPage(100)"} ÷ bare ky on the same stub (${results[0]!.rounds} rounds)`,
    );
    for (const result of results) {
      console.log(
        `${result.name.padEnd(44)} wall ${result.wallMicros.toFixed(0).padStart(5)} µs  cpu ${result.cpuMicros.toFixed(0).padStart(5)} µs`,
      );
    }
    for (const [label, stubName] of rows) {
      const bare = byName(`bare ky @ ${stubName}`);
      const wall = pairedRatioSpread(byName(label), bare, "wall");
      const cpu = pairedRatioSpread(byName(label), bare, "cpu");
      console.log(`${label.padEnd(44)} wall ${formatSpread(wall)}  cpu ${cpu.median.toFixed(3)}x`);
    }
  }
} finally {
  await Promise.all(Object.values(stubs).map((stub) => stub.stop()));
}
