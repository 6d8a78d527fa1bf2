import { kyConfigurations } from "../contenders/ky-configurations.js";
import { rawFetchPostline } from "../contenders/raw-fetch.js";
import { pairedRatio, runAlternatingRounds } from "../measure/alternating-rounds.js";
import type { SuiteResult } from "../report/suite-result.js";

/** Which ky set-up costs least per request: each configuration fetches the same 100-item page. */
export async function runKyConfigurationSuite(origin: string): Promise<SuiteResult> {
  const raw = rawFetchPostline(origin);
  const contenders = [
    { name: "raw fetch + JSON.parse", call: () => raw.listPage("limit=100") },
    ...kyConfigurations(origin).map((configuration) => ({
      name: configuration.name,
      call: configuration.listPage,
    })),
  ];
  const results = await runAlternatingRounds(contenders, {
    callsPerRound: 100,
    maxRounds: 21,
    maxMillis: 20_000,
    warmupCalls: 200,
  });
  const floor = results[0]!;
  return {
    id: "ky-configurations",
    title: "ky configurations: GET /content?limit=100",
    method:
      "Same page, same stub, alternating rounds of 100 calls, ratios paired within each round; each configuration differs from its neighbour in one respect.",
    rows: results.map((result) => ({
      configuration: result.name,
      "wall µs/call": result.wallMicros,
      "cpu µs/call": result.cpuMicros,
      "cpu over raw µs": result.cpuMicros - floor.cpuMicros,
      "wall ÷ raw fetch": pairedRatio(result, floor, "wall"),
      "cpu ÷ raw fetch": pairedRatio(result, floor, "cpu"),
    })),
    targets: [],
  };
}
