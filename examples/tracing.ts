/**
 * Tracing: an agent step traced with OpenTelemetry. Each SDK call is a span inside the agent's
 * own span, with a child span per HTTP attempt; a retried read shows both of its attempts, and
 * every span, hook event and error of a call carries the same `callId`.
 *
 *   npx tsx examples/tracing.ts
 *
 * Runs against the in-process fake unless POSTLINE_BASE_URL (and POSTLINE_API_KEY) are set. In an
 * application, the OpenTelemetry Node SDK sets up the provider and exports the spans; here they
 * are kept in memory and printed as a tree.
 */
import { context, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { NotFoundError, Postline } from "../src/index.js";
import { expectThat } from "./support/expect-that.js";
import { runExample } from "./support/run-example.js";

// What the OpenTelemetry Node SDK does at start-up: a provider, and a context manager so that a
// span started inside `context.with` is the parent of the SDK's spans.
const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
const tracer = provider.getTracer("weekly-digest-agent");

await runExample("tracing", async ({ baseURL, service, channelIds }) => {
  const client = new Postline({
    ...(service ? { apiKey: service.defaults.apiKey } : {}),
    baseURL,
    tracer,
    onRetry: ({ callId, attempt, delayMs }) =>
      console.log(`  ${callId}: attempt ${attempt} was rate limited; retrying in ${delayMs} ms`),
  });
  // Against the fake, the channel list is answered with one 429 first, to show a retry.
  service?.faults.inject({
    method: "GET",
    path: "/channels",
    kind: "rateLimited",
    retryAfterSeconds: 0,
  });

  const step = tracer.startSpan("agent step: draft the weekly digest");
  await context.with(trace.setSpan(context.active(), step), async () => {
    await client.channels.list();
    const [channelId] = channelIds;
    expectThat(channelId, "the workspace has a connected channel");
    const draft = await client.content.createDraft({
      channelId,
      body: "This week: faster exports and a new scheduling view.",
    });
    await client.content.get(draft.id);
    try {
      await client.content.get("cnt_does_not_exist");
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      console.log(`  ${error.callId}: ${error.name} (${error.code}), as expected`);
    }
  });
  step.end();

  const spans = exporter.getFinishedSpans();
  console.log("  agent step: draft the weekly digest");
  printTree(spans, step.spanContext().spanId, "    ");
  const calls = spans.filter((span) => span.name.startsWith("postline "));
  expectThat(calls.length === 4, `four SDK calls traced, got ${calls.length}`);
  for (const call of calls) {
    const parent = call.parentSpanContext?.spanId;
    expectThat(parent === step.spanContext().spanId, `${call.name} sits inside the agent's step`);
  }
  const attemptsOf = (call: ReadableSpan) =>
    spans.filter((span) => span.parentSpanContext?.spanId === call.spanContext().spanId);
  const listing = calls.find((call) => call.name === "postline channels.list");
  expectThat(listing, "the channel list was traced");
  if (service) {
    expectThat(attemptsOf(listing).length === 2, "the rate-limited list shows both its attempts");
  }
  const token = service?.defaults.apiKey ?? process.env.POSTLINE_API_KEY ?? "";
  expectThat(!JSON.stringify(spans.map(describe)).includes(token), "no span shows the token");
});

/** Prints the spans under `parentId` as an indented tree. */
function printTree(spans: readonly ReadableSpan[], parentId: string, indent: string): void {
  const children = spans
    .filter((span) => span.parentSpanContext?.spanId === parentId)
    .sort((a, b) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1]);
  for (const span of children) {
    const ms = span.duration[0] * 1000 + span.duration[1] / 1e6;
    console.log(`${indent}${span.name} (${ms.toFixed(1)} ms) ${JSON.stringify(describe(span))}`);
    printTree(spans, span.spanContext().spanId, `${indent}  `);
  }
}

/** The attributes worth reading in a span, as an exporter would ship them. */
function describe(span: ReadableSpan): Record<string, unknown> {
  const keys = [
    "postline.call_id",
    "postline.retry_count",
    "http.request.method",
    "url.full",
    "http.response.status_code",
    "http.request.resend_count",
    "error.type",
  ];
  return Object.fromEntries(
    keys.filter((key) => span.attributes[key] !== undefined).map((k) => [k, span.attributes[k]]),
  );
}
