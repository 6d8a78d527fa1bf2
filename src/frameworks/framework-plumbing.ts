import type { RequestOptions } from "../core/request-options.js";

/** The SDK options for a tool call a framework started: its abort signal, when it has one. */
export function withSignal(signal: AbortSignal | null | undefined): RequestOptions | undefined {
  return signal === null || signal === undefined ? undefined : { signal };
}
