import { bareKyPostline } from "../contenders/bare-ky.js";
import { BENCH_API_KEY, BENCH_ITEM_ID } from "../contenders/bench-credentials.js";
import { openAiPeer } from "../contenders/openai-peer.js";
import { rawFetchOpenAi, rawFetchPostline } from "../contenders/raw-fetch.js";
import {
  type Contender,
  type ContenderResult,
  pairedRatio,
  type RoundLimits,
  runAlternatingRounds,
} from "../measure/alternating-rounds.js";
import type { Cell, SuiteResult, TargetCheck } from "../report/suite-result.js";
import type { BuiltSdk } from "../sdk/load-built-sdk.js";

/** Within this factor of bare ky (wall time) counts as lean. */
const MAX_RATIO_TO_BARE_KY = 1.1;

const LIMITS: RoundLimits = {
  callsPerRound: 200,
  maxRounds: 25,
  maxMillis: 20_000,
  warmupCalls: 300,
};

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

function ratioTargets(
  results: readonly ContenderResult[],
  call: string,
  sdkName: string,
  kyName: string,
  rawName: string,
  peerName: string,
  peerRawName: string,
): TargetCheck[] {
  const sdk = byName(results, sdkName);
  const bareKy = byName(results, kyName);
  const ours = pairedRatio(sdk, byName(results, rawName), "wall");
  const theirs = pairedRatio(byName(results, peerName), byName(results, peerRawName), "wall");
  const toKy = pairedRatio(sdk, bareKy, "wall");
  return [
    {
      name: `${call} wall time ÷ bare ky`,
      measured: `${toKy.toFixed(3)}x (cpu ${pairedRatio(sdk, bareKy, "cpu").toFixed(3)}x)`,
      target: `≤ ${MAX_RATIO_TO_BARE_KY}x`,
      met: toKy <= MAX_RATIO_TO_BARE_KY,
    },
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
 */
export async function runPerCallSuite(
  origin: string,
  sdk: BuiltSdk | null,
): Promise<{ suites: SuiteResult[]; figures: PerCallFigures }> {
  const raw = rawFetchPostline(origin);
  const bareKy = bareKyPostline(origin);
  const rawOpenAi = rawFetchOpenAi(origin);
  const peer = openAiPeer(origin);
  // Pacing off: 60 requests/min would make this a test of the rate limit, not of per-call work.
  // Retries stay at the default; none happen against the stub.
  const client = sdk
    ? new sdk.Postline({ apiKey: BENCH_API_KEY, baseURL: origin, rateLimit: false })
    : null;

  const getContenders: Contender[] = [
    { name: "raw fetch: GET /content/:id", call: raw.get },
    { name: "bare ky: GET /content/:id", call: bareKy.get },
    ...(client
      ? [{ name: "sdk: content.get", call: () => client.content.get(BENCH_ITEM_ID) }]
      : []),
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
    { name: "raw fetch: GET /v1/models (100)", call: rawOpenAi.listModels },
    { name: "openai: models.list (100)", call: peer.listModels },
  ];

  const getResults = await runAlternatingRounds(getContenders, LIMITS);
  const pageResults = await runAlternatingRounds(pageContenders, LIMITS);
  const getFloor = (name: string) =>
    name.includes("models") ? "raw fetch: GET /v1/models/:id" : "raw fetch: GET /content/:id";
  const pageFloor = (name: string) =>
    name.includes("models")
      ? "raw fetch: GET /v1/models (100)"
      : "raw fetch: GET /content?limit=100";

  const method =
    "Sequential calls over keep-alive loopback to the stub process; rounds of 200 calls per contender, order rotating each round; medians over rounds, ratios paired within each round. cpu = this process's user+system time per call. SDK from dist/ with rateLimit: false.";
  const suites: SuiteResult[] = [
    {
      id: "per-call-get",
      title: "Per call: get one item",
      method,
      rows: rowsOf(getResults, getFloor),
      targets: client
        ? ratioTargets(
            getResults,
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
            pageResults,
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
