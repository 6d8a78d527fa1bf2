import { createKeyPacer } from "../../src/core/pacing/key-pacer.js";
import { DEFAULT_ACQUIRE } from "../../src/core/pacing/wait-bound.js";
import { installSimulatedTime } from "../measure/simulated-time.js";
import {
  type Cell,
  type SuiteResult,
  skippedSuite,
  type TargetCheck,
} from "../report/suite-result.js";
import type { BuiltSdk, BuiltTesting } from "../sdk/load-built-sdk.js";

/** Long enough for the deepest of the batch to wait its turn: nine windows and more. */
const DEEP_QUEUE_WAIT_MS = 15 * 60_000;

/** api-v1.md §8: per key, in a rolling 60 s window. */
const WINDOW_MS = 60_000;
const CREATES_PER_WINDOW = 10;
const OTHERS_PER_WINDOW = 60;
const CREATES = 100;
const READS = 300;
const MAX_RATIO_TO_MINIMUM = 1.05;
/** Bounds of each simulated run: ten times the minimum, and a cap on driver steps. */
const MAX_SIMULATED_MS = 10 * 10 * WINDOW_MS;
const MAX_STEPS = 100_000;
const SIMULATION_START_MS = Date.UTC(2026, 9, 5, 9, 0, 0);

/**
 * The earliest the last request of `count` can be sent when `perWindow` fit in any rolling window:
 * batch k (0-based) goes out k windows after the first.
 */
const minimumMs = (count: number, perWindow: number) =>
  (Math.ceil(count / perWindow) - 1) * WINDOW_MS;
const THEORETICAL_MINIMUM_MS = Math.max(
  minimumMs(CREATES, CREATES_PER_WINDOW),
  minimumMs(READS, OTHERS_PER_WINDOW),
);

type FakeService = ReturnType<BuiltTesting["createFakeService"]>;

/** Fires every call of a workload at once and returns their promises. */
type Workload = (service: FakeService) => Promise<unknown>[];

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" ? status : undefined;
}

/** Through the public client, as an agent would: `rateLimit: true` (the default). */
function throughClient(sdk: BuiltSdk): Workload {
  return (service) => {
    const { apiKey, baseURL, channelIds } = service.defaults;
    // The batch queues for nine windows, longer than the default five-minute bound on a wait.
    const client = new sdk.Postline({
      apiKey,
      baseURL,
      fetch: service.fetch,
      rateLimit: { maxWaitMs: DEEP_QUEUE_WAIT_MS },
    });
    const channelId = channelIds[0]!;
    return [
      ...Array.from({ length: CREATES }, (_, index) =>
        client.content.createDraft({ channelId, body: `Rate budget draft number ${index + 1}.` }),
      ),
      ...Array.from({ length: READS }, () => client.content.listPage({ limit: 10 })),
    ];
  };
}

/** The pacer alone in front of the fake's fetch, to tell pacing from the client's wiring. */
function throughPacerOnly(): Workload {
  return (service) => {
    const { apiKey, baseURL, channelIds } = service.defaults;
    const pacer = createKeyPacer(apiKey);
    const headers = { authorization: `Bearer ${apiKey}`, "content-type": "application/json" };
    const send = async (route: "create" | "other", url: string, init: RequestInit) => {
      const answer = await pacer.acquire(route, undefined, {
        ...DEFAULT_ACQUIRE,
        maxWaitMs: DEEP_QUEUE_WAIT_MS,
      });
      if (!answer.granted) throw new Error(`no slot for ${route} within the bound`);
      const { release } = answer;
      let response: Response | undefined;
      try {
        response = await service.fetch(url, { ...init, headers });
      } finally {
        release(response);
      }
      if (!response.ok)
        throw Object.assign(new Error(`HTTP ${response.status}`), { status: response.status });
      return response.json();
    };
    return [
      ...Array.from({ length: CREATES }, (_, index) =>
        send("create", `${baseURL}/api/v1/content`, {
          method: "POST",
          body: JSON.stringify({
            channelId: channelIds[0],
            body: `Pacer draft number ${index + 1}.`,
          }),
        }),
      ),
      ...Array.from({ length: READS }, () =>
        send("other", `${baseURL}/api/v1/content?limit=10`, {}),
      ),
    ];
  };
}

/** Runs one workload on a fresh fake and simulated clock; `null` when it did not finish. */
async function runOnSimulatedTime(testing: BuiltTesting, workload: Workload, label: string) {
  const time = installSimulatedTime(SIMULATION_START_MS);
  try {
    const service = testing.createFakeService();
    let finishedAt: number | null = null;
    const calls = workload(service);
    const settled = Promise.allSettled(calls).then((outcomes) => {
      finishedAt = time.now();
      return outcomes;
    });
    const finished = await time.runUntil(() => finishedAt !== null, {
      maxSimulatedMs: MAX_SIMULATED_MS,
      maxSteps: MAX_STEPS,
    });
    if (!finished) return { label, finished: false as const };
    const outcomes = await settled;
    const rejected = outcomes.filter((outcome) => outcome.status === "rejected");
    const caller429 = rejected.filter((outcome) => statusOf(outcome.reason) === 429).length;
    return {
      label,
      finished: true as const,
      elapsedMs: finishedAt! - SIMULATION_START_MS,
      calls: calls.length,
      requests: service.requests.length,
      server429: service.requests.filter((request) => request.status === 429).length,
      caller429,
      otherErrors: rejected.length - caller429,
    };
  } finally {
    time.uninstall();
  }
}

/**
 * 100 creates and 300 reads fired at once against the contract fake on simulated time: how long
 * the batch takes against the documented minimum, and how many 429s reached the service and the
 * caller. Once through the client, once through the pacer alone.
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
  const runs = [
    await runOnSimulatedTime(testing, throughClient(sdk), "client (dist/, rateLimit: true)"),
    await runOnSimulatedTime(
      testing,
      throughPacerOnly(),
      "createKeyPacer (src/core/pacing/key-pacer.ts) alone",
    ),
  ];
  const rows: Record<string, Cell>[] = runs.map((run) =>
    run.finished
      ? {
          path: run.label,
          "simulated s": run.elapsedMs / 1000,
          "minimum s": THEORETICAL_MINIMUM_MS / 1000,
          "÷ minimum": run.elapsedMs / THEORETICAL_MINIMUM_MS,
          "requests sent": run.requests,
          "429 at service": run.server429,
          "429 to caller": run.caller429,
          "other errors": run.otherErrors,
        }
      : { path: run.label, "simulated s": `did not finish in ${MAX_SIMULATED_MS / 1000} s` },
  );
  const client = runs[0]!;
  const targets: TargetCheck[] = client.finished
    ? [
        {
          name: "client: paced batch time ÷ theoretical minimum",
          measured: `${(client.elapsedMs / THEORETICAL_MINIMUM_MS).toFixed(3)}x (${(client.elapsedMs / 1000).toFixed(1)} s vs ${THEORETICAL_MINIMUM_MS / 1000} s; ${client.caller429 + client.otherErrors} of ${client.calls} calls failed)`,
          target: `≤ ${MAX_RATIO_TO_MINIMUM}x with every call succeeding`,
          // Finishing early by failing calls is not using the budget well.
          met:
            client.elapsedMs / THEORETICAL_MINIMUM_MS <= MAX_RATIO_TO_MINIMUM &&
            client.caller429 + client.otherErrors === 0,
        },
        {
          name: "client: 429s that reached the caller",
          measured: `${client.caller429} (service answered ${client.server429})`,
          target: "0",
          met: client.caller429 === 0,
        },
      ]
    : [{ name: "client: paced batch finished", measured: "no", target: "yes", met: false }];
  return {
    id: "rate-budget",
    title: "Rate budget: 100 creates + 300 reads at once, simulated time",
    method:
      "The contract fake's fetch (no sockets); Date.now and timers simulated so the pacer, the transport and the fake share one clock that jumps to the next timer whenever the process is idle. Minimum = (ceil(n / limit) − 1) windows per budget, the larger of the two budgets.",
    rows,
    targets,
  };
}
