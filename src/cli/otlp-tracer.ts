/**
 * The tracer `postline mcp` exports over OTLP when `OTEL_EXPORTER_OTLP_ENDPOINT` (or
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is set. The OpenTelemetry packages are optional peers,
 * loaded only then: without the variable nothing of OpenTelemetry is imported.
 */
import type { SpanExporter, SpanProcessor } from "@opentelemetry/sdk-trace";
import type { Tracer } from "../core/observe/tracing.js";
import { isMissingModule } from "./missing-module.js";

/** The packages the export needs, as the line that asks for them names them. */
const OTLP_PACKAGES = [
  "@opentelemetry/sdk-trace",
  "@opentelemetry/exporter-trace-otlp-http",
  "@opentelemetry/resources",
] as const;

/** The service name the spans carry unless `OTEL_SERVICE_NAME` says otherwise. */
const MCP_SERVICE_NAME = "postline-mcp";

/**
 * How long the last export may take once the host has left. A collector that never answers
 * would otherwise hold the process for the exporter's own timeout (10 s by default).
 */
const OTLP_FLUSH_BOUND_MS = 2_000;

/** How long the process may still take to end by itself after the bound, before it is ended. */
const EXIT_GRACE_MS = 250;

/** A tracer exporting over OTLP, and how to send what it still holds before the process exits. */
export interface OtlpTracing {
  readonly tracer: Tracer;
  /**
   * Exports the spans still batched, then stops; never rejects. Bounded by
   * 2 s: past it, one line on `stderr` says how many spans were dropped,
   * and the process exits even while the collector still holds the request open.
   */
  shutdown(): Promise<void>;
}

/**
 * The OTLP tracing the environment asks for, or `undefined` when it asks for none or the packages
 * are missing (then one line on `stderr` names them: the server goes on without tracing). The
 * exporter reads the endpoint, headers and timeout variables itself; it sends http/json.
 */
export async function otlpTracingFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  stderr: { write(text: string): unknown },
): Promise<OtlpTracing | undefined> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() && !env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim())
    return undefined;
  const loaded = await Promise.all([
    import("@opentelemetry/sdk-trace"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/resources"),
  ]).catch((error: unknown) => {
    if (!isMissingModule(error, "@opentelemetry/")) throw error;
    stderr.write(
      `postline mcp: OTEL_EXPORTER_OTLP_ENDPOINT is set, but the spans need ${OTLP_PACKAGES.join(", ")}: npm install ${OTLP_PACKAGES.join(" ")}; serving without tracing\n`,
    );
  });
  if (loaded === undefined) return undefined;
  const [trace, exporter, resources] = loaded;
  // Attributes of later resources win: OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES over ours.
  const resource = resources
    .defaultResource()
    .merge(resources.resourceFromAttributes({ "service.name": MCP_SERVICE_NAME }))
    .merge(resources.detectResources({ detectors: [resources.envDetector] }));
  const counted = countingExport(new exporter.OTLPTraceExporter());
  const provider = new trace.TracerProvider({
    resource,
    spanProcessors: [
      counted.processor,
      new trace.BatchSpanProcessor({ exporter: counted.exporter }),
    ],
  });
  return {
    tracer: provider.getTracer("@postline/sdk") as unknown as Tracer,
    async shutdown() {
      let bound: ReturnType<typeof setTimeout> | undefined;
      const gaveUp = new Promise<"gave up">((resolve) => {
        bound = setTimeout(() => resolve("gave up"), OTLP_FLUSH_BOUND_MS);
      });
      try {
        const ended = await Promise.race([provider.shutdown(), gaveUp]);
        if (ended !== "gave up") return;
        stderr.write(
          `postline mcp: the OTLP collector did not answer within ${OTLP_FLUSH_BOUND_MS / 1000} s; ${counted.dropped()} of ${counted.ended()} spans dropped\n`,
        );
        // The export's socket stays open until the exporter's own timeout: end the process when
        // nothing else is left to finish (unref: it never keeps a process alive by itself).
        setTimeout(() => process.exit(), EXIT_GRACE_MS).unref();
      } catch (error) {
        stderr.write(`postline mcp: the last spans could not be exported: ${String(error)}\n`);
      } finally {
        clearTimeout(bound);
      }
    },
  };
}

/** An exporter and a processor that count the spans that ended and the spans the collector took. */
function countingExport(inner: SpanExporter) {
  let ended = 0;
  let exported = 0;
  const processor: SpanProcessor = {
    onStart: () => {},
    onEnd: () => {
      ended++;
    },
    forceFlush: async () => {},
    shutdown: async () => {},
  };
  const exporter: SpanExporter = {
    export(spans, done) {
      inner.export(spans, (result) => {
        // ExportResultCode.SUCCESS is 0 (@opentelemetry/core, not a peer of its own).
        if (result.code === 0) exported += spans.length;
        done(result);
      });
    },
    shutdown: () => inner.shutdown(),
    ...(inner.forceFlush ? { forceFlush: () => inner.forceFlush?.() ?? Promise.resolve() } : {}),
  };
  return { processor, exporter, ended: () => ended, dropped: () => ended - exported };
}
