/**
 * The W3C trace context a host sends in a request's `_meta` (`traceparent`, `tracestate`), read
 * the same way in both protocol revisions. No import from the MCP SDK.
 */
import { TRACEPARENT } from "../../core/observe/remote-parent.js";

/** A host's trace context for one request; each field only when the host sent a usable one. */
export interface McpTraceContext {
  /** The W3C `traceparent` (`00-<trace id>-<span id>-<flags>`). */
  readonly traceparent?: string;
  /** The W3C `tracestate` that goes with it. */
  readonly tracestate?: string;
}

const MAX_TRACESTATE_LENGTH = 512;

/**
 * The trace context of a request's `_meta`: a `traceparent` only when it is well formed, and a
 * `tracestate` only beside one (the W3C rule), so text from the network never becomes a parent.
 */
export function traceContextOf(meta: unknown): McpTraceContext {
  if (meta === null || typeof meta !== "object") return {};
  const { traceparent, tracestate } = meta as { traceparent?: unknown; tracestate?: unknown };
  if (typeof traceparent !== "string" || !TRACEPARENT.test(traceparent)) return {};
  const usableState =
    typeof tracestate === "string" &&
    tracestate.length <= MAX_TRACESTATE_LENGTH &&
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters
    !/[\u0000-\u001f\u007f]/.test(tracestate);
  return usableState ? { traceparent, tracestate } : { traceparent };
}
