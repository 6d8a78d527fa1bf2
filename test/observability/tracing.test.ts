/**
 * `new Postline({ tracer })` (docs/observability.md): a span per SDK call with a child span per
 * HTTP attempt, following the HTTP client semantic conventions, checked with the OpenTelemetry
 * SDK's own in-memory exporter.
 */
import { context, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { describe, expect, it } from "vitest";
import {
  InvalidRequestError,
  NotFoundError,
  Postline,
  type PostlineOptions,
  RateLimitError,
  RateLimitWaitError,
  type RequestEvent,
} from "../../src/index.js";
import { fakeClient } from "../support/fake-client.js";
import { memoryTracer, useAsyncContext } from "../support/otel.js";
import { byStartTime } from "./support/span-tree.js";

/** A tracer that keeps finished spans in memory, and a fake-backed client that traces to it. */
function tracedClient(options: PostlineOptions = {}, seed?: Parameters<typeof fakeClient>[1]) {
  const { tracer, spans } = memoryTracer("agent-under-test");
  const callIds: string[] = [];
  const onRequest = (event: RequestEvent) => {
    callIds.push(event.callId);
  };
  const { service, client } = fakeClient({ tracer, onRequest, ...options }, seed);
  return { service, client, tracer, callIds, spans };
}

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const callSpans = (spans: readonly ReadableSpan[]) =>
  spans.filter((span) => span.name.startsWith("postline "));
const attemptSpans = (spans: readonly ReadableSpan[]) =>
  spans.filter((span) => span.kind === SpanKind.CLIENT);

describe("spans of a call", () => {
  it("a call refused before sending (RateLimitWaitError) has a failed call span and no attempt span, so it is never counted as a 429", async () => {
    const { service, client, spans } = tracedClient({ maxRetries: 0, rateLimit: true });
    service.faults.inject({ path: "/brand", kind: "rateLimited", retryAfterSeconds: 1_000_000 });
    await expect(client.brand.get()).rejects.toBeInstanceOf(RateLimitError);
    await expect(client.channels.list()).rejects.toBeInstanceOf(RateLimitWaitError);
    const refused = callSpans(spans()).find((span) => span.name === "postline channels.list");
    expect(refused?.attributes["error.type"]).toBe("RateLimitWaitError");
    expect(refused?.status.code).toBe(SpanStatusCode.ERROR);
    const attempts = attemptSpans(spans());
    expect(attempts).toHaveLength(1);
    expect(attempts[0]?.attributes["http.response.status_code"]).toBe(429);
  });

  it("a call retried twice is one call span with three attempt spans under it", async () => {
    const { service, client, spans, callIds } = tracedClient({ maxRetries: 2 });
    service.faults.inject({
      method: "GET",
      path: "/channels",
      kind: "rateLimited",
      retryAfterSeconds: 0,
      times: 2,
    });

    await client.channels.list();

    const [call, ...more] = callSpans(spans());
    expect(more).toEqual([]);
    expect(call?.name).toBe("postline channels.list");
    expect(call?.kind).toBe(SpanKind.INTERNAL);
    expect(call?.attributes).toMatchObject({
      "postline.call_id": callIds[0],
      "postline.operation": "channels.list",
      "postline.retry_count": 2,
    });
    expect(call?.status.code).not.toBe(SpanStatusCode.ERROR);

    const attempts = attemptSpans(spans());
    expect(attempts).toHaveLength(3);
    const url = `${service.defaults.baseURL}/api/v1/channels`;
    for (const attempt of attempts) {
      expect(attempt.name).toBe("GET");
      expect(parentOf(attempt)).toBe(call?.spanContext().spanId);
      expect(attempt.spanContext().traceId).toBe(call?.spanContext().traceId);
      expect(attempt.attributes).toMatchObject({
        "http.request.method": "GET",
        "server.address": new URL(url).hostname,
        "server.port": 443,
        "url.full": url,
        "postline.call_id": callIds[0],
      });
    }
    expect(attempts.map((a) => a.attributes["http.response.status_code"])).toEqual([429, 429, 200]);
    expect(attempts.map((a) => a.attributes["http.request.resend_count"])).toEqual([
      undefined,
      1,
      2,
    ]);
    expect(attempts.map((a) => a.attributes["error.type"])).toEqual(["429", "429", undefined]);
    expect(attempts.map((a) => a.status.code)).toEqual([
      SpanStatusCode.ERROR,
      SpanStatusCode.ERROR,
      SpanStatusCode.UNSET,
    ]);
  });

  it("a reconciled create is one call span holding its POST and its list requests", async () => {
    const { service, client, spans } = tracedClient();
    service.faults.inject({ method: "POST", path: "/content", kind: "dropAfterWrite" });

    const item = await client.content.generate(
      { channelIds: [service.defaults.channelIds[0]!], prompt: "Launch week" },
      { reconcile: true },
    );

    expect(item.reconciliation?.adoptedIds).toHaveLength(1);
    const [call, ...more] = callSpans(spans());
    expect(more).toEqual([]);
    expect(call?.name).toBe("postline content.generate");
    const attempts = attemptSpans(spans()).sort(byStartTime);
    // The snapshot of the channel, the POST whose connection dropped, then the look-up.
    expect(attempts.map((a) => a.attributes["http.request.method"])).toEqual([
      "GET",
      "POST",
      "GET",
    ]);
    expect(attempts.map((a) => a.attributes["error.type"])).toEqual([
      undefined,
      "APIConnectionError",
      undefined,
    ]);
    for (const attempt of attempts) expect(parentOf(attempt)).toBe(call?.spanContext().spanId);
    expect(new Set(attempts.map((a) => a.attributes["postline.call_id"])).size).toBe(1);
  });

  it("a failed call marks its span with the error's class and records the exception", async () => {
    const { client, spans, callIds } = tracedClient();
    await expect(client.content.get("cnt_missing")).rejects.toBeInstanceOf(NotFoundError);

    const [call] = callSpans(spans());
    expect(call?.name).toBe("postline content.get");
    expect(call?.attributes["error.type"]).toBe("NotFoundError");
    expect(call?.attributes["postline.call_id"]).toBe(callIds[0]);
    expect(call?.status.code).toBe(SpanStatusCode.ERROR);
    expect(call?.events.map((event) => event.name)).toContain("exception");
    const [attempt] = attemptSpans(spans());
    expect(attempt?.attributes).toMatchObject({
      "http.response.status_code": 404,
      "error.type": "404",
    });
  });

  it("an attempt that waited for pacing says how long, and the call span sums it", async () => {
    // The fake on the real clock, so its `X-RateLimit-Reset` agrees with the pacer's.
    const { service, client, spans } = tracedClient({ rateLimit: true, maxRetries: 1 }, {});
    service.faults.inject({
      method: "GET",
      path: "/brand",
      kind: "rateLimited",
      retryAfterSeconds: 1,
    });

    await client.brand.get();

    const [first, second] = attemptSpans(spans()).sort(byStartTime);
    // The first attempt found a free slot; the retry waited out the 429's hold.
    const waited = second?.attributes["postline.pacing.wait_ms"] as number;
    expect(first?.attributes["postline.pacing.wait_ms"]).toBeLessThan(waited);
    // The retry's own 1 s delay covers most of the hold; pacing waits out the rest, at least the
    // pacer's guard after the 429.
    expect(waited).toBeGreaterThanOrEqual(200);
    const [call] = callSpans(spans());
    expect(call?.attributes["postline.pacing.wait_ms"]).toBeGreaterThanOrEqual(waited);
  });

  it("the token appears in no span name, attribute, event or status", async () => {
    const { service, client, spans } = tracedClient({ maxRetries: 0, rateLimit: true });
    const token = service.defaults.apiKey;
    // An id shaped like the token puts it in the URL, and the 404's message may echo it.
    await expect(client.content.get(token)).rejects.toBeInstanceOf(NotFoundError);
    await client.channels.list();

    expect(spans().length).toBeGreaterThanOrEqual(4);
    for (const span of spans()) {
      const shown = JSON.stringify({
        name: span.name,
        attributes: span.attributes,
        events: span.events,
        status: span.status,
      });
      expect(shown).not.toContain(token);
    }
  });
});

describe("the call span's parent", () => {
  useAsyncContext();

  it("is the caller's active span, so the SDK's spans sit inside the agent's trace", async () => {
    const { client, tracer, spans } = tracedClient();
    const agentStep = tracer.startSpan("agent step");
    await context.with(trace.setSpan(context.active(), agentStep), () => client.brand.get());
    agentStep.end();

    const [call] = callSpans(spans());
    expect(parentOf(call!)).toBe(agentStep.spanContext().spanId);
    expect(call?.spanContext().traceId).toBe(agentStep.spanContext().traceId);
  });
});

describe("the tracer option", () => {
  it("refuses something that is not a Tracer, naming the option", () => {
    const make = () =>
      new Postline({
        apiKey: "pl_test_abc",
        baseURL: "https://api.postline.test",
        tracer: {} as never,
      });
    expect(make).toThrow(InvalidRequestError);
    expect(make).toThrow(/tracer/);
  });
});
