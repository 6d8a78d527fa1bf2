import type { KyInstance, Options } from "ky";
import { AttemptDeadline } from "./attempt-deadline.js";
import { withAttemptSignal } from "./ky-instance.js";
import type { PreparedRequest } from "./prepared-request.js";
import { type BodyRead, MAX_BODY_BYTES, MAX_ERROR_BODY_BYTES, readBody } from "./read-body.js";

/** What one attempt produced: a response with its body read, or why there was none. */
export type AttemptResult =
  | {
      readonly kind: "response";
      readonly response: Response;
      /** The body, read within the cap for its kind (2xx or error). */
      readonly body: BodyRead;
      readonly durationMs: number;
    }
  | {
      readonly kind: "no-response";
      /** What `fetch` (or reading the body) threw. */
      readonly thrown: unknown;
      /** Set when the attempt's own deadline or the caller's signal ended it. */
      readonly endedBy: "timeout" | "caller" | undefined;
      readonly durationMs: number;
    };

/**
 * Sends one attempt through ky with `redirect: "manual"` (a 3xx is answered, never followed), and
 * reads the body, all within the attempt's deadline: `timeout` counts from here, never the wait
 * for a slot before it. A failure of the attempt itself is returned as `no-response`, not thrown.
 */
export async function sendAttempt(
  ky: KyInstance,
  request: PreparedRequest,
): Promise<AttemptResult> {
  const started = performance.now();
  const deadline = new AttemptDeadline(request.timeout, request.signal);
  try {
    // Only the options the call has: ky copies its options object once per key it holds.
    const options: Options = { method: request.method, redirect: "manual" };
    if (request.headers) options.headers = request.headers;
    if (request.body !== undefined) options.json = request.body;
    withAttemptSignal(options, deadline.signal);
    const sent = ky(request.url, options);
    // A response that arrives after the deadline won is not read: let its connection go.
    const response = await deadline.race(sent).catch((error: unknown) => {
      void sent.then(
        (late) => late.body?.cancel(),
        () => {},
      );
      throw error;
    });
    const maxBytes = response.ok ? MAX_BODY_BYTES : MAX_ERROR_BODY_BYTES;
    const body = await readBody(response, deadline, maxBytes);
    return { kind: "response", response, body, durationMs: performance.now() - started };
  } catch (thrown) {
    const { endedBy } = deadline;
    return { kind: "no-response", thrown, endedBy, durationMs: performance.now() - started };
  } finally {
    deadline.dispose();
  }
}
