/**
 * `new Postline({ meter })` (docs/observability.md, "Metrics"): the waits for the rate budget by
 * budget and outcome, refusals, and `http.client.request.duration` per attempt, read back with
 * the OpenTelemetry SDK's in-memory metric exporter.
 */
import {
  AggregationTemporality,
  DataPointType,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from "@opentelemetry/sdk-metrics";
import { describe, expect, it } from "vitest";
import {
  InvalidRequestError,
  Postline,
  type PostlineOptions,
  RateLimitError,
  RateLimitWaitError,
} from "../../src/index.js";
import { fakeClient } from "../support/fake-client.js";

/** A fake-backed client recording to an in-memory exporter, and how to read what it recorded. */
function meteredClient(options: PostlineOptions = {}) {
  // The fake's clock is now, so a 429's X-RateLimit-Reset is as near as its Retry-After.
  const exporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  const reader = new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 3_600_000 });
  const provider = new MeterProvider({ readers: [reader] });
  const { service, client } = fakeClient(
    { meter: provider.getMeter("agent"), ...options },
    { now: new Date() },
  );
  /** The data points of `name`, each as its attributes and its count or value. */
  const points = async (name: string) => {
    await reader.forceFlush();
    const metrics =
      exporter
        .getMetrics()
        .at(-1)
        ?.scopeMetrics.flatMap((s) => s.metrics) ?? [];
    const metric = metrics.find((m) => m.descriptor.name === name);
    if (metric === undefined) return { unit: undefined, points: [] };
    return {
      unit: metric.descriptor.unit,
      points: metric.dataPoints.map((point) => ({
        attributes: point.attributes,
        value:
          metric.dataPointType === DataPointType.HISTOGRAM
            ? (point.value as { count: number }).count
            : point.value,
        sum:
          metric.dataPointType === DataPointType.HISTOGRAM
            ? (point.value as { sum: number }).sum
            : undefined,
      })),
    };
  };
  return { service, client, points };
}

const attemptAttributes = {
  "http.request.method": "GET",
  "server.address": expect.stringMatching(/\.postline\.test$/),
  "server.port": 443,
};

describe("http.client.request.duration", () => {
  it("one point per attempt, in seconds, with the status, and error.type for a failed attempt", async () => {
    const { service, client, points } = meteredClient({ maxRetries: 1 });
    service.faults.inject({ path: "/brand", kind: "rateLimited", retryAfterSeconds: 0 });
    await client.brand.get();
    const { unit, points: recorded } = await points("http.client.request.duration");
    expect(unit).toBe("s");
    expect(recorded).toEqual(
      expect.arrayContaining([
        {
          attributes: {
            ...attemptAttributes,
            "http.response.status_code": 429,
            "error.type": "429",
          },
          value: 1,
          sum: expect.any(Number),
        },
        {
          attributes: { ...attemptAttributes, "http.response.status_code": 200 },
          value: 1,
          sum: expect.any(Number),
        },
      ]),
    );
    expect(recorded).toHaveLength(2);
    for (const point of recorded) expect(point.sum).toBeLessThan(60);
  });
});

describe("postline.rate_limit.wait.duration and postline.rate_limit.refusals", () => {
  it("a wait records one point by budget and outcome (granted, refused, aborted); a call that goes at once records none", async () => {
    const { service, client, points } = meteredClient({ rateLimit: true, maxRetries: 0 });
    // A 429 holds the other budget for 1 s plus the guard.
    service.faults.inject({ path: "/brand", kind: "rateLimited", retryAfterSeconds: 1 });
    await expect(client.brand.get()).rejects.toBeInstanceOf(RateLimitError);
    expect((await points("postline.rate_limit.wait.duration")).points).toEqual([]);

    await expect(client.channels.list({}, { maxWaitMs: 0 })).rejects.toBeInstanceOf(
      RateLimitWaitError,
    );
    const controller = new AbortController();
    const aborted = client.channels.list(
      {},
      { signal: controller.signal, onRateLimitWait: () => controller.abort() },
    );
    await expect(aborted).rejects.toThrow();
    await client.channels.list();

    const waits = await points("postline.rate_limit.wait.duration");
    expect(waits.unit).toBe("s");
    const byOutcome = Object.fromEntries(
      waits.points.map((point) => [point.attributes["postline.outcome"], point]),
    );
    expect(Object.keys(byOutcome).sort()).toEqual(["aborted", "granted", "refused"]);
    for (const point of waits.points) {
      expect(point.attributes["postline.budget"]).toBe("other");
      expect(point.value).toBe(1);
    }
    // The granted wait lasted until the hold ended: most of its 1.25 s, in seconds.
    expect(byOutcome.granted!.sum).toBeGreaterThan(0.5);
    expect(byOutcome.granted!.sum).toBeLessThan(5);
    expect((await points("postline.rate_limit.refusals")).points).toEqual([
      { attributes: { "postline.budget": "other" }, value: 1, sum: undefined },
    ]);
  });

  it("a Retry-After hold before a retry records one point of its own", async () => {
    const { service, client, points } = meteredClient({ rateLimit: false, maxRetries: 1 });
    service.faults.inject({ path: "/brand", kind: "rateLimited", retryAfterSeconds: 1 });
    await client.brand.get();
    const waits = await points("postline.rate_limit.wait.duration");
    expect(waits.points).toEqual([
      {
        attributes: { "postline.budget": "other", "postline.outcome": "granted" },
        value: 1,
        sum: expect.any(Number),
      },
    ]);
    expect(waits.points[0]!.sum).toBeGreaterThanOrEqual(0.9);
  });
});

describe("the meter option", () => {
  it("a meter that throws never fails a call, and is reported once", async () => {
    const warnings: string[] = [];
    const broken = {
      createHistogram: () => ({
        record: () => {
          throw new Error("exporter down");
        },
      }),
      createCounter: () => {
        throw new Error("no counters here");
      },
    };
    const { client } = fakeClient({
      meter: broken,
      logger: { warn: (message: string) => warnings.push(message) } as never,
    });
    await client.brand.get();
    await client.channels.list();
    expect(warnings).toEqual([expect.stringMatching(/meter failed; ignoring it/)]);
  });

  it("refuses something that is not a Meter, naming the option", () => {
    const make = () =>
      new Postline({
        apiKey: "pl_test_abc",
        baseURL: "https://api.postline.test",
        meter: {} as never,
      });
    expect(make).toThrow(InvalidRequestError);
    expect(make).toThrow(/meter must be an OpenTelemetry Meter/);
  });
});
