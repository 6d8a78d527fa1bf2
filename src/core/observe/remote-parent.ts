/**
 * A parent span that lives in another process, named by a W3C `traceparent` (and `tracestate`):
 * built the structural way `trace.setSpanContext(ROOT_CONTEXT, ...)` of `@opentelemetry/api`
 * builds it (a non-recording span under the shared context key), so no OpenTelemetry package is
 * imported and any copy of the API reads it.
 */
import { contextWithParent, ROOT_TRACE_CONTEXT, type TraceContext } from "./tracing.js";

/**
 * The context a span continuing a remote trace starts in; the empty context (a new trace) when
 * `traceparent` is missing or not a well-formed version-00 value with non-zero ids.
 */
export function contextOfRemoteParent(
  traceparent: string | undefined,
  tracestate?: string | undefined,
): TraceContext {
  const parts = traceparent === undefined ? undefined : TRACEPARENT.exec(traceparent);
  if (!parts) return ROOT_TRACE_CONTEXT;
  const [, traceId = "", spanId = "", flags = "00"] = parts;
  const spanContext = {
    traceId,
    spanId,
    traceFlags: Number.parseInt(flags, 16),
    isRemote: true,
    ...(tracestate === undefined ? {} : { traceState: new TraceState(tracestate) }),
  };
  return contextWithParent(new RemoteParentSpan(spanContext));
}

/**
 * A well-formed W3C `traceparent`: version 00, a 32-hex trace id and a 16-hex span id, neither
 * all zeros. Its groups are the trace id, the span id and the flags.
 */
export const TRACEPARENT = /^00-((?!0{32})[0-9a-f]{32})-((?!0{16})[0-9a-f]{16})-([0-9a-f]{2})$/;

type SpanContext = { traceId: string; spanId: string; traceFlags: number; isRemote: boolean };

/** What `NonRecordingSpan` of `@opentelemetry/api` is: a span context and no-op methods. */
class RemoteParentSpan {
  readonly #spanContext: SpanContext;

  constructor(spanContext: SpanContext) {
    this.#spanContext = spanContext;
  }

  spanContext(): SpanContext {
    return this.#spanContext;
  }

  isRecording(): boolean {
    return false;
  }

  // A remote span is not this process's to change: every write is ignored, as the API's is.
  setAttribute(): this {
    return this;
  }
  setAttributes(): this {
    return this;
  }
  addEvent(): this {
    return this;
  }
  addLink(): this {
    return this;
  }
  addLinks(): this {
    return this;
  }
  setStatus(): this {
    return this;
  }
  updateName(): this {
    return this;
  }
  recordException(): void {}
  end(): void {}
}

/**
 * The `TraceState` of `@opentelemetry/api`, over a W3C `tracestate` header: ordered
 * `key=value` entries, the newest first.
 */
class TraceState {
  readonly #entries: ReadonlyMap<string, string>;

  constructor(header: string | ReadonlyMap<string, string>) {
    this.#entries = typeof header === "string" ? entriesOf(header) : header;
  }

  get(key: string): string | undefined {
    return this.#entries.get(key);
  }

  set(key: string, value: string): TraceState {
    return new TraceState(new Map([[key, value], ...this.unset(key).#entries]));
  }

  unset(key: string): TraceState {
    return new TraceState(new Map([...this.#entries].filter(([entry]) => entry !== key)));
  }

  serialize(): string {
    return [...this.#entries].map(([key, value]) => `${key}=${value}`).join(",");
  }
}

// W3C Trace Context caps a tracestate at 32 entries; malformed members are dropped.
function entriesOf(header: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const member of header.split(",").slice(0, 32)) {
    const at = member.indexOf("=");
    const key = member.slice(0, at).trim();
    const value = member.slice(at + 1).trim();
    if (at > 0 && value !== "" && !entries.has(key)) entries.set(key, value);
  }
  return entries;
}
