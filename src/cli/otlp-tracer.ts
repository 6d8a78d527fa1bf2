/**
 * The tracer `postline mcp` exports over OTLP when `OTEL_EXPORTER_OTLP_ENDPOINT` (or
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is set. The OpenTelemetry packages are optional peers,
 * loaded only then: without the variable nothing of OpenTelemetry is imported.
 */
import type { Tracer } from "../core/observe/tracing.js";

/** The packages the export needs, as the line that asks for them names them. */
const OTLP_PACKAGES = [
  "@opentelemetry/sdk-trace",
  "@opentelemetry/exporter-trace-otlp-http",
  "@opentelemetry/resources",
] as const;

/** The service name the spans carry unless `OTEL_SERVICE_NAME` says otherwise. */
const MCP_SERVICE_NAME = "postline-mcp";

/** A tracer exporting over OTLP, and how to send what it still holds before the process exits. */
export interface OtlpTracing {
  readonly tracer: Tracer;
  /** Exports the spans still batched, then stops; never rejects. */
  shutdown(): Promise<void>;
}

/** Whether the environment asks for an OTLP trace export. */
function wantsOtlp(env: Readonly<Record<string, string | undefined>>): boolean {
  return Boolean(
    env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim(),
  );
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
  if (!wantsOtlp(env)) return undefined;
  let loaded: Awaited<ReturnType<typeof loadOtlp>>;
  try {
    loaded = await loadOtlp();
  } catch (error) {
    if (!isMissingPackage(error)) throw error;
    stderr.write(
      `postline mcp: OTEL_EXPORTER_OTLP_ENDPOINT is set, but the spans need ${OTLP_PACKAGES.join(", ")}: npm install ${OTLP_PACKAGES.join(" ")}; serving without tracing\n`,
    );
    return undefined;
  }
  const { trace, exporter, resources } = loaded;
  // Attributes of later resources win: OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES over ours.
  const resource = resources
    .defaultResource()
    .merge(resources.resourceFromAttributes({ "service.name": MCP_SERVICE_NAME }))
    .merge(resources.detectResources({ detectors: [resources.envDetector] }));
  const provider = new trace.TracerProvider({
    resource,
    spanProcessors: [new trace.BatchSpanProcessor({ exporter: new exporter.OTLPTraceExporter() })],
  });
  return {
    tracer: provider.getTracer("@postline/sdk") as unknown as Tracer,
    async shutdown() {
      try {
        await provider.shutdown();
      } catch (error) {
        stderr.write(`postline mcp: the last spans could not be exported: ${String(error)}\n`);
      }
    },
  };
}

async function loadOtlp() {
  const [trace, exporter, resources] = await Promise.all([
    import("@opentelemetry/sdk-trace"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/resources"),
  ]);
  return { trace, exporter, resources };
}

function isMissingPackage(error: unknown): boolean {
  return (
    error instanceof Error &&
    "code" in error &&
    (error.code === "ERR_MODULE_NOT_FOUND" || error.code === "MODULE_NOT_FOUND") &&
    error.message.includes("@opentelemetry/")
  );
}
