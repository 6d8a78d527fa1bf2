/**
 * Tracing is observation: a tracer or span that throws never changes what a call did. Every call
 * the SDK makes into the caller's tracer and spans goes through the wrappers here; the first
 * failure is logged at `warn` once per client, later ones are dropped, and the call goes on.
 */
import { callGuarded, thrownMessage } from "./guarded-call.js";
import type { Logger } from "./logger.js";
import type { TraceContext, Tracer, TraceSpan } from "./tracing.js";

type Attributes = Record<string, string | number | boolean>;

/** A span the SDK may call freely: every method is guarded, and {@link raw} is the caller's own. */
export interface GuardedSpan extends TraceSpan {
  /** The span the caller's tracer returned, for use as a parent in a context; `undefined` if none. */
  readonly raw: unknown;
  setAttributes(attributes: Attributes): void;
  addEvent(name: string, attributes?: Attributes): void;
}

/** A tracer the SDK may call freely: `startSpan` never throws and returns a guarded span. */
export interface GuardedTracer {
  startSpan(
    name: string,
    options?: { kind?: number; attributes?: Attributes },
    context?: TraceContext,
  ): GuardedSpan;
}

const GUARDED = Symbol("postline.guardedTracer");
// `Symbol.for`, so a copy of `@postline/sdk/tools` bundled apart from the client still finds it.
const CLIENT_TRACER = Symbol.for("@postline/sdk.tracer");

/** Gives a client its tracer as a hidden, non-enumerable property, for the tool runs it serves. */
export function attachTracer(client: object, tracer: GuardedTracer): void {
  Object.defineProperty(client, CLIENT_TRACER, { value: tracer, enumerable: false });
}

/** The tracer of `client` (its `tracer` option, guarded), or `undefined` when it has none. */
export function tracerOf(client: unknown): GuardedTracer | undefined {
  if (client === null || typeof client !== "object") return undefined;
  const tracer = (client as { [CLIENT_TRACER]?: { startSpan?: unknown } })[CLIENT_TRACER];
  // Guarded again when another copy of the SDK attached it; a no-op for this copy's.
  return typeof tracer?.startSpan === "function" ? guardTracer(tracer as Tracer) : undefined;
}

/**
 * Wraps the caller's tracer. `warn` hears about the first failure only (one line per client, not
 * one per span). Wrapping a tracer this returned gives it back as is.
 */
export function guardTracer(
  tracer: Tracer | GuardedTracer,
  warn: Logger["warn"] = () => {},
): GuardedTracer {
  if ((tracer as { [GUARDED]?: true })[GUARDED]) return tracer as GuardedTracer;
  let warned = false;
  const onFailure = (error: unknown) => {
    if (warned) return;
    warned = true;
    warn("tracer failed; ignoring it (spans of this client may be missing)", {
      error: thrownMessage(error),
    });
  };
  const guarded: GuardedTracer & { [GUARDED]: true } = {
    [GUARDED]: true,
    startSpan(name, options, context) {
      const raw = callGuarded(
        () => (tracer as Tracer).startSpan(name, options, context),
        onFailure,
      );
      return guardSpan(raw, onFailure);
    },
  };
  return guarded;
}

/** A guarded span over `raw`; a missing span (its `startSpan` threw) makes every method a no-op. */
function guardSpan(raw: unknown, onFailure: (error: unknown) => void): GuardedSpan {
  const span = (typeof raw === "object" && raw !== null ? raw : undefined) as
    | Record<string, unknown>
    | undefined;
  const call = (method: string, ...args: unknown[]) => {
    if (!span) return;
    callGuarded(() => {
      const fn = span[method];
      if (typeof fn === "function") fn.apply(span, args);
    }, onFailure);
  };
  return {
    raw: span,
    setAttribute: (key, value) => call("setAttribute", key, value),
    setAttributes: (attributes) => call("setAttributes", attributes),
    setStatus: (status) => call("setStatus", status),
    recordException: (exception) => call("recordException", exception),
    addEvent: (name, attributes) => call("addEvent", name, attributes),
    end: () => call("end"),
  };
}
