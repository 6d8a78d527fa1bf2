import { installSimulatedTime } from "../measure/simulated-time.js";
import { type SuiteResult, skippedSuite } from "../report/suite-result.js";
import type { BuiltSdk, BuiltTesting } from "../sdk/load-built-sdk.js";

/** api-v1.md §8: per key, in a rolling 60 s window. */
const WINDOW_MS = 60_000;
const CREATES_PER_WINDOW = 10;
const OTHERS_PER_WINDOW = 60;
const CREATES = 100;
const READS = 300;
const MAX_RATIO_TO_MINIMUM = 1.05;
/** Bounds of the simulated run: ten times the minimum, and a cap on driver steps. */
const MAX_SIMULATED_MS = 10 * 10 * WINDOW_MS;
const MAX_STEPS = 100_000;
const SIMULATION_START_MS = Date.UTC(2026, 9, 5, 9, 0, 0);

/**
 * The earliest the last request of `count` can be sent when `perWindow` fit in any rolling window:
 * batch k (0-based) goes out k windows after the first.
 */
const minimumMs = (count: number, perWindow: number) =>
  (Math.ceil(count / perWindow) - 1) * WINDOW_MS;

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" ? status : undefined;
}

/**
 * 100 creates and 300 reads fired at once through a client with `rateLimit: true` against the
 * contract fake, on simulated time: how long the batch takes against the documented minimum,
 * and how many 429s reached the service and the caller.
 */
export async function runRateBudgetSuite(
  sdk: BuiltSdk | null,
  testing: BuiltTesting | null,
): Promise<SuiteResult> {
  if (!sdk || !testing) {
    return skippedSuite(
      "rate-budget",
      "Rate budget",
      "needs dist/index.js and dist/testing/index.js",
    );
  }
  const time = installSimulatedTime(SIMULATION_START_MS);
  try {
    const service = testing.createFakeService();
    const { apiKey, baseURL, channelIds } = service.defaults;
    const client = new sdk.Postline({ apiKey, baseURL, fetch: service.fetch });
    const channelId = channelIds[0]!;
    let finishedAt: number | null = null;
    const calls = [
      ...Array.from({ length: CREATES }, (_, index) =>
        client.content.createDraft({ channelId, body: `Rate budget draft number ${index + 1}.` }),
      ),
      ...Array.from({ length: READS }, () => client.content.listPage({ limit: 10 })),
    ];
    const settled = Promise.allSettled(calls).then((outcomes) => {
      finishedAt = time.now();
      return outcomes;
    });
    const finished = await time.runUntil(() => finishedAt !== null, {
      maxSimulatedMs: MAX_SIMULATED_MS,
      maxSteps: MAX_STEPS,
    });
    if (!finished) {
      return skippedSuite(
        "rate-budget",
        "Rate budget",
        `did not finish within ${MAX_SIMULATED_MS / 1000} simulated s`,
      );
    }
    const outcomes = await settled;
    const elapsedMs = finishedAt! - SIMULATION_START_MS;
    const theoreticalMs = Math.max(
      minimumMs(CREATES, CREATES_PER_WINDOW),
      minimumMs(READS, OTHERS_PER_WINDOW),
    );
    const rejected = outcomes.filter((outcome) => outcome.status === "rejected");
    const caller429 = rejected.filter((outcome) => statusOf(outcome.reason) === 429).length;
    const server429 = service.requests.filter((request) => request.status === 429).length;
    const ratio = elapsedMs / theoreticalMs;
    return {
      id: "rate-budget",
      title: "Rate budget: 100 creates + 300 reads at once, simulated time",
      method:
        "Client from dist/ with rateLimit: true and the fake's fetch; Date.now and timers simulated so the pacer, the transport and the fake share one clock that jumps to the next timer when the process is idle. Minimum = (ceil(n / limit) − 1) windows per budget, the larger of the two.",
      rows: [
        {
          workload: `${CREATES} createDraft + ${READS} listPage`,
          "simulated s": elapsedMs / 1000,
          "minimum s": theoreticalMs / 1000,
          "÷ minimum": ratio,
          "requests sent": service.requests.length,
          "429 at service": server429,
          "429 to caller": caller429,
          "other errors": rejected.length - caller429,
        },
      ],
      targets: [
        {
          name: "paced batch time ÷ theoretical minimum",
          measured: `${ratio.toFixed(3)}x (${(elapsedMs / 1000).toFixed(1)} s vs ${theoreticalMs / 1000} s; ${rejected.length} of ${calls.length} calls failed)`,
          target: `≤ ${MAX_RATIO_TO_MINIMUM}x`,
          // Finishing early by failing calls is not using the budget well.
          met: ratio <= MAX_RATIO_TO_MINIMUM && rejected.length === 0,
        },
        {
          name: "429s that reached the caller",
          measured: `${caller429} (service answered ${server429})`,
          target: "0",
          met: caller429 === 0,
        },
      ],
    };
  } finally {
    time.uninstall();
  }
}
