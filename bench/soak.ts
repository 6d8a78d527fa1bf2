/**
 * Soak run (`npm run soak`): several hundred concurrent calls from several clients per key,
 * pacing on, against the contract fake over real HTTP on 127.0.0.1, with faults injected.
 * Prints what happened and exits non-zero if any invariant fails:
 * - no create duplicated (two items with one call's text) and none lost (an item the caller was
 *   not told about, or a reported item the service does not hold);
 * - no request arrived inside a full window (the service's own 429s, as opposed to injected ones);
 * - every failure a caller saw is a typed `PostlineError`.
 *
 * The service counts a rolling 60 s window (10 creates, 60 other calls per key), so the mix is
 * sized to need two windows per key: it finishes in a little over a minute.
 */
import { randomUUID } from "node:crypto";
import {
  AmbiguousCreateError,
  Postline,
  PostlineError,
  RateLimitError,
  RateLimitWaitError,
} from "../src/index.js";
import { createFakeService, type FaultHandle, startFakeServer } from "../src/testing/index.js";

const KEYS = 4;
const CLIENTS_PER_KEY = 3;
/** Per key: the first window's budget plus part of the second, for both routes. */
const READS_PER_KEY = 80;
const CREATES_PER_KEY = 15;
const HARD_LIMIT_MS = 180_000;
const CLIENT_TIMEOUT_MS = 2_000;

interface CreateOutcome {
  readonly text: string;
  readonly ids: string[];
  readonly error: unknown;
  /** Whether the SDK settled an ambiguous failure of this create. */
  readonly reconciled: boolean;
}

async function main(): Promise<number> {
  const service = createFakeService();
  const server = await startFakeServer(service, { port: 0 });
  const watchdog = setTimeout(() => {
    console.error(`soak: still running after ${HARD_LIMIT_MS / 1000} s; giving up`);
    process.exit(2);
  }, HARD_LIMIT_MS);
  const memory = sampleMemory();
  const started = performance.now();

  try {
    const faults = injectFaults(service);
    const clients = Array.from({ length: KEYS }, () =>
      service.addKey({ scopes: ["write"] }),
    ).flatMap((key) =>
      Array.from(
        { length: CLIENTS_PER_KEY },
        () => new Postline({ apiKey: key.token, baseURL: server.url, timeout: CLIENT_TIMEOUT_MS }),
      ),
    );
    const channelIds = service.defaults.channelIds;

    const creates: Promise<CreateOutcome>[] = [];
    const reads: Promise<unknown>[] = [];
    for (let k = 0; k < KEYS; k++) {
      const ofKey = clients.slice(k * CLIENTS_PER_KEY, (k + 1) * CLIENTS_PER_KEY);
      for (let i = 0; i < CREATES_PER_KEY; i++) {
        const client = ofKey[i % ofKey.length]!;
        const text = `Soak ${randomUUID()}`;
        const channelId = channelIds[i % channelIds.length]!;
        creates.push(
          client.content.createDraft({ channelId, body: text }).then(
            (item) => ({ text, ids: [item.id], error: null, reconciled: !!item.reconciliation }),
            (error: unknown) => ({
              text,
              ids: error instanceof AmbiguousCreateError ? error.items.map((item) => item.id) : [],
              error,
              reconciled: false,
            }),
          ),
        );
      }
      for (let i = 0; i < READS_PER_KEY; i++) {
        const client = ofKey[i % ofKey.length]!;
        reads.push(readCall(client, i));
      }
    }

    const [createOutcomes, readOutcomes] = await Promise.all([
      Promise.all(creates),
      Promise.allSettled(reads),
    ]);
    const elapsedMs = performance.now() - started;

    const callerErrors = [
      ...createOutcomes.flatMap((o) => (o.error === null ? [] : [o.error])),
      ...readOutcomes.flatMap((o) => (o.status === "rejected" ? [o.reason as unknown] : [])),
    ];
    const report = invariants(service, createOutcomes, callerErrors);
    const injected = faults.reduce((sum, fault) => sum + fault.hits, 0);
    const peak = memory.stop();

    console.log("soak: Postline SDK against the contract fake over http://127.0.0.1");
    printRows([
      ["keys × clients per key", `${KEYS} × ${CLIENTS_PER_KEY}`],
      ["calls", String(creates.length + reads.length)],
      ["  creates / reads", `${creates.length} / ${reads.length}`],
      ["requests the service received", String(service.requests.length)],
      ["faults injected", String(injected)],
      ["calls that failed (typed)", String(callerErrors.length - report.untyped)],
      ["  by class", countByName(callerErrors)],
      ["creates settled by reconciliation", String(report.reconciled)],
      [
        "waits refused (RateLimitWaitError)",
        String(callerErrors.filter((e) => e instanceof RateLimitWaitError).length),
      ],
      ["duplicated items", String(report.duplicates)],
      ["lost items", String(report.lost)],
      [
        "429s seen by callers",
        String(callerErrors.filter((e) => e instanceof RateLimitError).length),
      ],
      ["429s the service sent (injected)", String(report.injected429)],
      ["429s the service sent (window full)", String(report.limiter429)],
      ["elapsed", `${(elapsedMs / 1000).toFixed(1)} s`],
      ["peak RSS / heap used", `${mb(peak.rss)} / ${mb(peak.heapUsed)}`],
    ]);

    const failures = [
      report.duplicates > 0 && "a create was duplicated",
      report.lost > 0 && "an item was lost",
      report.limiter429 > 0 && "a request arrived inside a full window",
      report.untyped > 0 && "a caller saw an error that is not a PostlineError",
      callerErrors.some((e) => e instanceof RateLimitError) && "a caller saw a RateLimitError",
    ].filter(Boolean);
    for (const failure of failures) console.error(`soak: FAILED: ${failure}`);
    if (failures.length === 0) console.log("soak: every invariant held");
    return failures.length === 0 ? 0 : 1;
  } finally {
    clearTimeout(watchdog);
    memory.stop();
    await server.close();
  }
}

/** A spread of reads over every read route. */
function readCall(client: Postline, i: number): Promise<unknown> {
  switch (i % 6) {
    case 0:
      return client.content.listPage({ limit: 20 });
    case 1:
      return client.channels.list();
    case 2:
      return client.brand.get();
    case 3:
      return client.schedule.get();
    case 4:
      return client.stats.get({ days: 7 });
    default:
      return client.content.listPage({ status: "draft", limit: 5 });
  }
}

/** Faults spread over the routes, each used up by the first requests that match it. */
function injectFaults(service: ReturnType<typeof createFakeService>): FaultHandle[] {
  const internal = { error: { code: "internal_error", message: "Soak fault." } };
  return [
    service.faults.inject({ method: "POST", path: "/content", kind: "dropAfterWrite", times: 6 }),
    service.faults.inject({ method: "POST", path: "/content", kind: "truncatedJson", times: 3 }),
    service.faults.inject({
      method: "POST",
      path: "/content",
      kind: "status",
      status: 500,
      body: internal,
      times: 3,
    }),
    service.faults.inject({ path: "/channels", kind: "refuseBeforeWrite", times: 4 }),
    service.faults.inject({ path: "/brand", kind: "rateLimited", retryAfterSeconds: 1, times: 3 }),
    service.faults.inject({ path: "/stats", kind: "html", status: 502, times: 4 }),
    service.faults.inject({
      path: "/schedule",
      kind: "delay",
      ms: CLIENT_TIMEOUT_MS + 500,
      times: 2,
    }),
    service.faults.inject({
      method: "GET",
      path: "/content",
      kind: "status",
      status: 503,
      body: { error: { code: "capacity_unknown", message: "Soak fault." } },
      times: 4,
    }),
  ];
}

function invariants(
  service: ReturnType<typeof createFakeService>,
  creates: CreateOutcome[],
  callerErrors: unknown[],
) {
  const items = service.workspace().items();
  let duplicates = 0;
  let lost = 0;
  for (const create of creates) {
    const held = items
      .filter((item) => item.content === create.text)
      .map((item) => String(item.id));
    if (held.length > 1) duplicates += held.length - 1;
    const unknown =
      create.error instanceof AmbiguousCreateError && create.error.outcome === "unknown";
    // Held but not reported: lost to the caller (unless the SDK said it could not tell).
    if (!unknown) lost += held.filter((id) => !create.ids.includes(id)).length;
    // Reported but not held: the SDK invented an item.
    lost += create.ids.filter((id) => !held.includes(id)).length;
  }
  const tooMany = service.requests.filter((r) => r.status === 429);
  return {
    duplicates,
    lost,
    reconciled: creates.filter((create) => create.reconciled).length,
    injected429: tooMany.filter((r) => r.fault !== undefined).length,
    limiter429: tooMany.filter((r) => r.fault === undefined).length,
    untyped: callerErrors.filter((error) => !(error instanceof PostlineError)).length,
  };
}

function countByName(errors: unknown[]): string {
  const counts = new Map<string, number>();
  for (const error of errors) {
    const name = error instanceof Error ? error.name : typeof error;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].map(([name, n]) => `${name} ${n}`).join(", ") || "none";
}

/** Samples RSS and heap every 100 ms; `stop()` returns the peaks. */
function sampleMemory() {
  const peak = { rss: 0, heapUsed: 0 };
  const sample = () => {
    const { rss, heapUsed } = process.memoryUsage();
    peak.rss = Math.max(peak.rss, rss);
    peak.heapUsed = Math.max(peak.heapUsed, heapUsed);
  };
  sample();
  const timer = setInterval(sample, 100);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function printRows(rows: [string, string][]): void {
  const width = Math.max(...rows.map(([label]) => label.length));
  for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`);
}

process.exitCode = await main();
