/**
 * The OpenTelemetry set-up the tracing tests share: a tracer whose finished spans stay in memory,
 * and the async context that makes a caller's active span the parent of the SDK's spans.
 */
import { context } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { afterAll, beforeAll } from "vitest";

/** A tracer named `name` and the spans it has finished so far. */
export function memoryTracer(name: string) {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  return {
    tracer: provider.getTracer(name),
    spans: (): ReadableSpan[] => exporter.getFinishedSpans(),
  };
}

/** Enables async context propagation for the enclosing suite, and turns it off after. */
export function useAsyncContext(): void {
  const contextManager = new AsyncLocalStorageContextManager();
  beforeAll(() => {
    context.setGlobalContextManager(contextManager.enable());
  });
  afterAll(() => {
    context.disable();
  });
}
