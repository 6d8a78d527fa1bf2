/**
 * The part of the OpenTelemetry tracing API the SDK calls, written out so that tracing adds no
 * dependency: a `Tracer` from `@opentelemetry/api` (`trace.getTracer(...)`) fits these types.
 */

/** An OpenTelemetry context, as `@opentelemetry/api` defines it. */
export interface TraceContext {
  /** The value stored under `key`. */
  getValue(key: symbol): unknown;
  /** A new context with `value` under `key`. */
  setValue(key: symbol, value: unknown): TraceContext;
  /** A new context without `key`. */
  deleteValue(key: symbol): TraceContext;
}

/** The methods of an OpenTelemetry `Span` the SDK calls. */
export interface TraceSpan {
  /** Sets one attribute. */
  setAttribute(key: string, value: string | number | boolean): unknown;
  /** Sets the status (`2` is `SpanStatusCode.ERROR`). */
  setStatus(status: { code: number; message?: string }): unknown;
  /** Adds an `exception` event. */
  recordException(exception: Error): unknown;
  /** Ends the span. */
  end(): void;
}

/**
 * An OpenTelemetry `Tracer` (from `@opentelemetry/api`): `new Postline({ tracer })` makes a span
 * per SDK call and a child span per HTTP attempt (docs/observability.md).
 */
export interface Tracer {
  /** Starts a span; its parent is the span in `context`, else the active one. */
  startSpan(
    name: string,
    options?: { kind?: number; attributes?: Record<string, string | number | boolean> },
    context?: TraceContext,
  ): TraceSpan;
}

/** `SpanKind` of `@opentelemetry/api`. */
export const SPAN_KIND = { internal: 0, server: 1, client: 2 } as const;

/** `SpanStatusCode.ERROR` of `@opentelemetry/api`. */
const SPAN_STATUS_ERROR = 2;

/**
 * Marks `span` failed, as the semantic conventions ask: `error.type` says what failed (an HTTP
 * status, an error's class, a tool's envelope code, a JSON-RPC code), and the error status
 * carries `message` when there is one.
 */
export function markSpanFailed(span: TraceSpan, type: string, message?: string): void {
  span.setAttribute("error.type", type);
  span.setStatus(
    message === undefined ? { code: SPAN_STATUS_ERROR } : { code: SPAN_STATUS_ERROR, message },
  );
}

// The key `@opentelemetry/api` keeps the active span under. It is made with `Symbol.for` so that
// every copy of the API agrees on it, which also lets the SDK name a parent without importing it.
const SPAN_KEY = Symbol.for("OpenTelemetry Context Key SPAN");

/**
 * A hidden per-call option: the span an SDK call's span is the child of (a tool run's
 * `execute_tool` span), when the caller cannot make it the active span. `Symbol.for`, so a copy
 * of `@postline/sdk/tools` bundled apart from the client still names it.
 */
export const PARENT_SPAN_OPTION = Symbol.for("@postline/sdk.parentSpan");

export function parentSpanOption(options: object | undefined): TraceSpan | undefined {
  const parent = (options as { [PARENT_SPAN_OPTION]?: unknown } | undefined)?.[PARENT_SPAN_OPTION];
  return typeof parent === "object" && parent !== null ? (parent as TraceSpan) : undefined;
}

/**
 * Per-call options whose SDK call span is a child of the span in `context` (a server span the
 * caller cannot make active); `options` as they are when `context` holds none.
 */
export function withParentFrom<Options extends object>(
  options: Options,
  context: TraceContext | undefined,
): Options {
  const parent = context?.getValue(SPAN_KEY);
  return typeof parent === "object" && parent !== null
    ? { ...options, [PARENT_SPAN_OPTION]: parent }
    : options;
}

/** The context an attempt's span starts in: its call's span is the parent. */
export function contextWithParent(span: object): TraceContext {
  return ROOT_TRACE_CONTEXT.setValue(SPAN_KEY, span);
}

/** An immutable context, as `ROOT_CONTEXT.setValue(...)` would build it. */
class MapContext implements TraceContext {
  readonly #values: ReadonlyMap<symbol, unknown>;

  constructor(values: ReadonlyMap<symbol, unknown>) {
    this.#values = values;
  }

  getValue(key: symbol): unknown {
    return this.#values.get(key);
  }

  setValue(key: symbol, value: unknown): TraceContext {
    return new MapContext(new Map(this.#values).set(key, value));
  }

  deleteValue(key: symbol): TraceContext {
    return new MapContext(new Map([...this.#values].filter(([entry]) => entry !== key)));
  }
}

/**
 * The empty context (`ROOT_CONTEXT` of `@opentelemetry/api`): a span started in it begins a new
 * trace, whatever span is active.
 */
export const ROOT_TRACE_CONTEXT: TraceContext = new MapContext(new Map());
