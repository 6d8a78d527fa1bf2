import { bareKyPostline } from "../contenders/bare-ky.js";
import { BENCH_ITEM_ID } from "../contenders/bench-credentials.js";
import { openAiPeer } from "../contenders/openai-peer.js";
import { rawFetchOpenAi, rawFetchPostline } from "../contenders/raw-fetch.js";
import { sdkAsConstructed } from "../contenders/sdk-as-constructed.js";
import {
  type Contender,
  type ContenderResult,
  formatSpread,
  pairedRatio,
  pairedRatioSpread,
  poolRuns,
  type RoundLimits,
  runAlternatingRounds,
} from "../measure/alternating-rounds.js";
import type { Cell, SuiteResult, TargetCheck } from "../report/suite-result.js";
import type { BuiltSdk } from "../sdk/load-built-sdk.js";

/** Within this factor of bare ky (wall time) counts as lean. */
const MAX_RATIO_TO_BARE_KY = 1.05;

// Blocks long enough to hold several garbage collections of their own, and many rounds, for the
// median and its spread on a machine whose load changes within seconds.
const GET_LIMITS: RoundLimits = {
  callsPerRound: 300,
  maxRounds: 41,
  maxMillis: 90_000,
  warmupCalls: 500,
};
const PAGE_LIMITS: RoundLimits = {
  callsPerRound: 60,
  maxRounds: 41,
  maxMillis: 90_000,
  warmupCalls: 150,
};

/** The contender name of the SDK build a run is compared with (`--baseline`). */
const BASELINE = "baseline sdk";

/** Per-call medians the other suites reuse (validation share of call time). */
export interface PerCallFigures {
  readonly sdkGetWallMicros: number | null;
  readonly sdkListPageWallMicros: number | null;
}

function byName(results: readonly ContenderResult[], name: string): ContenderResult {
  const found = results.find((result) => result.name === name);
  if (!found) throw new Error(`no result named ${name}`);
  return found;
}

function rowsOf(results: readonly ContenderResult[], floorOf: (name: string) => string) {
  return results.map((result): Record<string, Cell> => {
    const floor = byName(results, floorOf(result.name));
    return {
      contender: result.name,
      "wall µs/call": result.wallMicros,
      "cpu µs/call": result.cpuMicros,
      "wall ÷ raw fetch": pairedRatio(result, floor, "wall"),
      "cpu ÷ raw fetch": pairedRatio(result, floor, "cpu"),
      rounds: result.rounds,
    };
  });
}

/**
 * `content.get` ÷ bare ky, say, in each run on its own: `; 5 runs 1.021–1.048x` (their medians'
 * range), so a reader sees how far one run's figure moves. Empty for a single run.
 */
function acrossRuns(
  runs: readonly (readonly ContenderResult[])[],
  name: string,
  kyName: string,
): string {
  if (runs.length < 2) return "";
  const medians = runs.map((run) => pairedRatio(byName(run, name), byName(run, kyName), "wall"));
  const f = (value: number) => value.toFixed(3);
  return `; ${runs.length} runs ${f(Math.min(...medians))}–${f(Math.max(...medians))}x`;
}

function ratioTargets(
  runs: readonly (readonly ContenderResult[])[],
  call: string,
  sdkName: string,
  kyName: string,
  rawName: string,
  peerName: string,
  peerRawName: string,
): TargetCheck[] {
  const results = poolRuns(runs);
  const sdk = byName(results, sdkName);
  const bareKy = byName(results, kyName);
  const ours = pairedRatio(sdk, byName(results, rawName), "wall");
  const theirs = pairedRatio(byName(results, peerName), byName(results, peerRawName), "wall");
  const toKy = pairedRatioSpread(sdk, bareKy, "wall");
  const baseline = results.find((result) => result.name.startsWith(BASELINE));
  const baselineChecks: TargetCheck[] = baseline
    ? [
        {
          name: `${call}, the baseline build, wall time ÷ bare ky (for comparison)`,
          measured: `${formatSpread(pairedRatioSpread(baseline, bareKy, "wall"))}, cpu ${pairedRatio(baseline, bareKy, "cpu").toFixed(3)}x${acrossRuns(runs, baseline.name, kyName)}`,
          target: "—",
          met: true,
        },
      ]
    : [];
  return [
    {
      name: `${call} wall time ÷ bare ky`,
      measured: `${formatSpread(toKy)}, cpu ${pairedRatio(sdk, bareKy, "cpu").toFixed(3)}x${acrossRuns(runs, sdkName, kyName)}`,
      target: `≤ ${MAX_RATIO_TO_BARE_KY}x`,
      met: toKy.median <= MAX_RATIO_TO_BARE_KY,
    },
    ...baselineChecks,
    {
      name: `${call} ratio to raw fetch vs openai's`,
      measured: `${ours.toFixed(3)}x vs openai ${theirs.toFixed(3)}x`,
      target: "lower than openai's",
      met: ours < theirs,
    },
  ];
}

/**
 * `content.get` and `content.listPage({ limit: 100 })` against bare ky and raw fetch, with openai's
 * `models.retrieve` / `models.list` against raw fetch on the same stub, all alternating in one run.
 * `baseline`, another build of the SDK (`--baseline`), runs alongside for a before/after. `runs`
 * (`--runs`) repeats the whole comparison: the figures pool every run's rounds, and each target
 * also shows the range of the runs' own medians.
 */
export async function runPerCallSuite(
  origin: string,
  sdk: BuiltSdk | null,
  baseline?: BuiltSdk,
  runs = 1,
): Promise<{ suites: SuiteResult[]; figures: PerCallFigures }> {
  const raw = rawFetchPostline(origin);
  const bareKy = bareKyPostline(origin);
  const rawOpenAi = rawFetchOpenAi(origin);
  const peer = openAiPeer(origin);
  // The client as users construct it: pacing, retries, validation and logging at their defaults.
  const client = sdk ? sdkAsConstructed(sdk, origin) : null;
  const baselineClient = baseline ? sdkAsConstructed(baseline, origin) : null;

  const getContenders: Contender[] = [
    { name: "raw fetch: GET /content/:id", call: raw.get },
    { name: "bare ky: GET /content/:id", call: bareKy.get },
    ...(client
      ? [{ name: "sdk: content.get", call: () => client.content.get(BENCH_ITEM_ID) }]
      : []),
    ...(baselineClient
      ? [
          {
            name: `${BASELINE}: content.get`,
            call: () => baselineClient.content.get(BENCH_ITEM_ID),
          },
        ]
      : []),
  ];
  const getPeers: Contender[] = [
    { name: "raw fetch: GET /v1/models/:id", call: rawOpenAi.retrieveModel },
    { name: "openai: models.retrieve", call: peer.retrieveModel },
  ];
  const pageContenders: Contender[] = [
    { name: "raw fetch: GET /content?limit=100", call: () => raw.listPage("limit=100") },
    { name: "bare ky: GET /content?limit=100", call: () => bareKy.listPage("limit=100") },
    ...(client
      ? [
          {
            name: "sdk: content.listPage({ limit: 100 })",
            call: () => client.content.listPage({ limit: 100 }),
          },
        ]
      : []),
    ...(baselineClient
      ? [
          {
            name: `${BASELINE}: content.listPage({ limit: 100 })`,
            call: () => baselineClient.content.listPage({ limit: 100 }),
          },
        ]
      : []),
  ];
  const pagePeers: Contender[] = [
    { name: "raw fetch: GET /v1/models (100)", call: rawOpenAi.listModels },
    { name: "openai: models.list (100)", call: peer.listModels },
  ];

  // The peer and its floor run as a set of their own: each ratio is paired within its set, and
  // the SDK's blocks then sit closer in time to bare ky's.
  const getRuns: ContenderResult[][] = [];
  const pageRuns: ContenderResult[][] = [];
  for (let run = 0; run < runs; run++) {
    getRuns.push([
      ...(await runAlternatingRounds(getContenders, GET_LIMITS)),
      ...(await runAlternatingRounds(getPeers, GET_LIMITS)),
    ]);
    pageRuns.push([
      ...(await runAlternatingRounds(pageContenders, PAGE_LIMITS)),
      ...(await runAlternatingRounds(pagePeers, PAGE_LIMITS)),
    ]);
  }
  const getResults = poolRuns(getRuns);
  const pageResults = poolRuns(pageRuns);
  const getFloor = (name: string) =>
    name.includes("models") ? "raw fetch: GET /v1/models/:id" : "raw fetch: GET /content/:id";
  const pageFloor = (name: string) =>
    name.includes("models")
      ? "raw fetch: GET /v1/models (100)"
      : "raw fetch: GET /content?limit=100";

  const method =
    "Sequential calls over keep-alive loopback to the stub process, items with every field of §2.1 and a 220-character text; after a warm-up, rounds of 300 gets or 60 pages per contender back to back (a young-generation GC before each block), the order rotating each round (openai and its raw fetch as a set of their own); medians over rounds (over every run's rounds with --runs), ratios paired within each round, with their quartiles and range. cpu = this process's user+system time per call. SDK from dist/, constructed as users do (pacing on, its memory store's clock sped up so no call waits).";
  const suites: SuiteResult[] = [
    {
      id: "per-call-get",
      title: "Per call: get one item",
      method,
      rows: rowsOf(getResults, getFloor),
      targets: client
        ? ratioTargets(
            getRuns,
            "content.get",
            "sdk: content.get",
            "bare ky: GET /content/:id",
            "raw fetch: GET /content/:id",
            "openai: models.retrieve",
            "raw fetch: GET /v1/models/:id",
          )
        : [],
    },
    {
      id: "per-call-list-page",
      title: "Per call: one page of 100",
      method,
      rows: rowsOf(pageResults, pageFloor),
      targets: client
        ? ratioTargets(
            pageRuns,
            "content.listPage(100)",
            "sdk: content.listPage({ limit: 100 })",
            "bare ky: GET /content?limit=100",
            "raw fetch: GET /content?limit=100",
            "openai: models.list (100)",
            "raw fetch: GET /v1/models (100)",
          )
        : [],
    },
  ];
  return {
    suites,
    figures: {
      sdkGetWallMicros: client ? byName(getResults, "sdk: content.get").wallMicros : null,
      sdkListPageWallMicros: client
        ? byName(pageResults, "sdk: content.listPage({ limit: 100 })").wallMicros
        : null,
    },
  };
}
