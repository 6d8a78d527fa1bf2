/**
 * What `new Postline({ meter })` records (docs/observability.md, "Metrics"): each wait for a
 * rate-limit slot or a 429's `Retry-After` hold, each refusal to wait, and each HTTP attempt's
 * duration by the HTTP client semantic conventions. Every call into the caller's meter is
 * guarded: a meter that throws never changes a call, and its first failure is logged once.
 */
import { callGuarded, thrownMessage } from "./guarded-call.js";
import type { Logger } from "./logger.js";
import type { Meter, MetricAttributes, MetricCounter, MetricHistogram } from "./metrics.js";

export type WaitOutcome = "granted" | "refused" | "aborted";

/** The HTTP semantic conventions' advised boundaries for `http.client.request.duration`. */
const HTTP_DURATION_BUCKETS_S = [
  0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10,
];
/** Pacing waits run from milliseconds to the 5-minute bound. */
const WAIT_BUCKETS_S = [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

export class CallMetrics {
  readonly #wait: MetricHistogram | undefined;
  readonly #refusals: MetricCounter | undefined;
  readonly #attempts: MetricHistogram | undefined;
  /** `server.address` and `server.port` of the client's base URL, the same for every attempt. */
  readonly #server: MetricAttributes;
  readonly #onFailure: (error: unknown) => void;

  /** @param warn - hears about the first failure of the meter only. */
  constructor(meter: Meter, baseURL: string, warn: Logger["warn"]) {
    let warned = false;
    this.#onFailure = (error) => {
      if (warned) return;
      warned = true;
      warn("meter failed; ignoring it (metrics of this client may be missing)", {
        error: thrownMessage(error),
      });
    };
    const url = new URL(baseURL);
    this.#server = {
      "server.address": url.hostname,
      "server.port": Number(url.port) || (url.protocol === "https:" ? 443 : 80),
    };
    const create = <T>(make: () => T): T | undefined => callGuarded(make, this.#onFailure);
    this.#wait = create(() =>
      meter.createHistogram("postline.rate_limit.wait.duration", {
        description: "Time a call waited for a rate-limit slot or a 429's Retry-After hold.",
        unit: "s",
        advice: { explicitBucketBoundaries: WAIT_BUCKETS_S },
      }),
    );
    this.#refusals = create(() =>
      meter.createCounter("postline.rate_limit.refusals", {
        description: "Calls ended without being sent: no rate-limit slot within maxWaitMs.",
        unit: "{refusal}",
      }),
    );
    this.#attempts = create(() =>
      meter.createHistogram("http.client.request.duration", {
        description: "Duration of HTTP client requests.",
        unit: "s",
        advice: { explicitBucketBoundaries: HTTP_DURATION_BUCKETS_S },
      }),
    );
  }

  /** A wait for a slot (or a 429's hold) ended after `ms`; a refusal is also counted. */
  waited(budget: "create" | "other", outcome: WaitOutcome, ms: number): void {
    const attributes = { "postline.budget": budget, "postline.outcome": outcome };
    callGuarded(() => this.#wait?.record(ms / 1000, attributes), this.#onFailure);
    if (outcome !== "refused") return;
    callGuarded(() => this.#refusals?.add(1, { "postline.budget": budget }), this.#onFailure);
  }

  /**
   * One HTTP attempt took `ms`: `status` when a response came, `errorType` when it failed (the
   * status for an error status, else the error's class), by the HTTP semantic conventions.
   */
  attempted(method: string, ms: number, status: number | undefined, errorType?: string): void {
    const attributes: MetricAttributes = { "http.request.method": method, ...this.#server };
    if (status !== undefined) attributes["http.response.status_code"] = status;
    if (errorType !== undefined) attributes["error.type"] = errorType;
    callGuarded(() => this.#attempts?.record(ms / 1000, attributes), this.#onFailure);
  }
}
