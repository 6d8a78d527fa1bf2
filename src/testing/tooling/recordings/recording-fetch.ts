/** `recordingFetch`: a `fetch` that records each exchange it makes, scrubbed, to a file. */
import { Recorder } from "./recorder.js";

/** Options of {@link recordingFetch}. */
export interface RecordingFetchOptions {
  /** The recording file to write (mode 0600), rewritten whole after each exchange. */
  readonly out: string;
  /** The `fetch` that reaches the service; `globalThis.fetch` by default. */
  readonly fetch?: typeof fetch;
}

/**
 * Wraps `fetch` so each exchange is scrubbed (no request header; the key and every key token
 * become `pl_redacted_<n>`, emails `person-<n>@example.invalid`) and appended to `out` as it
 * happens. An exchange with a secret left after scrubbing is not written, and the call rejects
 * naming the exchange and the field. Replay the file with {@link replayFetch}.
 *
 * @example
 * ```ts
 * const client = new Postline({ fetch: recordingFetch({ out: "test/recordings/session.json" }) });
 * await client.channels.list();
 * ```
 */
export function recordingFetch({
  out,
  fetch: inner = globalThis.fetch,
}: RecordingFetchOptions): typeof fetch {
  if (typeof out !== "string" || out === "") throw new TypeError("`out` must be a file path");
  let recorder: Recorder | undefined;
  return async (input, init) => {
    const request = new Request(input, init);
    const requestBody = request.body === null ? "" : await request.clone().text();
    const sentAt = Date.now();
    const started = performance.now();
    const response = await inner(request);
    const responseBody = await response.clone().text();
    recorder ??= new Recorder({ out, target: baseOf(request.url) });
    const outcome = recorder.record({
      method: request.method,
      url: request.url,
      requestHeaders: request.headers,
      requestBody,
      status: response.status,
      responseHeaders: response.headers,
      responseBody,
      sentAt,
      ms: performance.now() - started,
    });
    if (!outcome.written) throw new Error(`recordingFetch: not written: ${outcome.reason}`);
    return response;
  };
}

/** The base URL of a request: what comes before `/api/v1`. */
function baseOf(url: string): string {
  const parsed = new URL(url);
  const at = parsed.pathname.indexOf("/api/v1");
  return parsed.origin + (at === -1 ? "" : parsed.pathname.slice(0, at));
}
