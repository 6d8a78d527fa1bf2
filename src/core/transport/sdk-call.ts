import { nextCallId } from "../observe/call-id.js";
import type { WaitOutcome } from "../observe/call-metrics.js";
import { type GuardedSpan, type GuardedTracer, guardTracer } from "../observe/guarded-tracer.js";
import {
  contextWithParent,
  markSpanFailed,
  parentSpanOption,
  SPAN_KIND,
  type Tracer,
  type TraceSpan,
} from "../observe/tracing.js";
import type { RateBudget } from "../pacing/rate-budget.js";
import type { PreparedRequest } from "./prepared-request.js";

/**
 * One SDK call, such as `content.get` or a `createDraft` with its reconciliation requests: its
 * {@link SdkCall.id} (on every hook event, log line and error of the call) and, with a tracer,
 * its span, the parent of one span per HTTP attempt (docs/observability.md). Every call into the
 * tracer and its spans is guarded: a tracer that throws never changes what the call did.
 */
export class SdkCall {
  /** The call id, e.g. `call_5f0c9a2e_1a`. */
  readonly id: string;
  readonly #tracer: GuardedTracer | undefined;
  readonly #span: GuardedSpan | undefined;
  #retries = 0;
  #pacingWaitMs = 0;

  /**
   * @param operation - what the call is, e.g. `content.get`; names its span.
   * @param options - the call's options: a tool run names its span as the parent there.
   */
  constructor(operation: string, tracer: Tracer | GuardedTracer | undefined, options?: object) {
    this.id = nextCallId();
    if (!tracer) return;
    // The client hands over a tracer it already guarded (with its logger); this is a no-op then.
    this.#tracer = guardTracer(tracer);
    const parent = parentSpanOption(options);
    this.#span = this.#tracer.startSpan(
      `postline ${operation}`,
      {
        kind: SPAN_KIND.internal,
        attributes: { "postline.call_id": this.id, "postline.operation": operation },
      },
      parent && contextWithParent(parent),
    );
  }

  /** A wait for the budget (a slot, or a 429's hold) ended: an event on the call's span. */
  waited(budget: RateBudget, outcome: WaitOutcome, waitedMs: number): void {
    this.#span?.addEvent("postline.pacing.wait", {
      "postline.budget": budget,
      "postline.outcome": outcome,
      "postline.pacing.wait_ms": Math.round(waitedMs),
    });
  }

  /**
   * Counts an attempt that pacing let through, and starts its span (HTTP client semantic
   * conventions) when tracing.
   */
  startAttempt(
    request: PreparedRequest,
    attempt: number,
    pacingWaitMs: number,
  ): TraceSpan | undefined {
    if (attempt > 1) this.#retries += 1;
    this.#pacingWaitMs += pacingWaitMs;
    if (!this.#tracer || !this.#span?.raw) return undefined;
    // Read only when tracing: the redacted URL costs a redaction pass.
    const redactedUrl = request.redactedUrl;
    const url = new URL(redactedUrl);
    const attributes: Record<string, string | number | boolean> = {
      "http.request.method": request.method,
      "server.address": url.hostname,
      "server.port": Number(url.port) || (url.protocol === "https:" ? 443 : 80),
      "url.full": redactedUrl,
      "postline.call_id": this.id,
      "postline.pacing.wait_ms": Math.round(pacingWaitMs),
    };
    if (attempt > 1) attributes["http.request.resend_count"] = attempt - 1;
    const options = { kind: SPAN_KIND.client, attributes };
    const parent = contextWithParent(this.#span.raw as TraceSpan);
    return this.#tracer.startSpan(request.method, options, parent);
  }

  /** Ends the call's span: its retry count and pacing wait, and the error it ended with. */
  end(error?: unknown): void {
    const span = this.#span;
    if (!span) return;
    span.setAttribute("postline.retry_count", this.#retries);
    span.setAttribute("postline.pacing.wait_ms", Math.round(this.#pacingWaitMs));
    if (error !== undefined)
      markFailed(span, error, error instanceof Error ? error.name : "_OTHER");
    span.end();
  }
}

/**
 * Ends an attempt's span: the status code when a response came, and `error.type` when the attempt
 * failed (the status for an error status, else the error's class).
 */
export function endAttemptSpan(span: TraceSpan, status: number | undefined, error?: Error): void {
  if (status !== undefined) span.setAttribute("http.response.status_code", status);
  if (error !== undefined) markFailed(span, error, attemptErrorType(status, error)!);
  span.end();
}

/**
 * An attempt's `error.type` (HTTP semantic conventions): the status for an error status, else the
 * error's class; `undefined` when it did not fail.
 */
export function attemptErrorType(status: number | undefined, error?: Error): string | undefined {
  if (error === undefined) return undefined;
  return status !== undefined && status >= 300 ? String(status) : error.name;
}

function markFailed(span: TraceSpan, error: unknown, type: string): void {
  // SDK errors are already scrubbed of the token; the message is what the caller sees.
  if (error instanceof Error) span.recordException(error);
  markSpanFailed(span, type, error instanceof Error ? error.message : undefined);
}
