/**
 * Strict replay (SDK_DESIGN.md §21): each request, whatever key it carries, gets the answer of
 * the next unused exchange with the same method, path, query and body, in recorded order. A
 * request with no such exchange gets `501 not_recorded`, naming the nearest recorded request.
 */
import { bodyText, recordedBody } from "./exchange-body.js";
import { nearestExchange } from "./nearest-exchange.js";
import type { RecordedExchange, Recording } from "./recording-schema.js";

/** A request as replay matches it. */
export interface ReplayRequest {
  readonly method: string;
  /** The URL path, `/api/v1/...`. */
  readonly path: string;
  /** The query string without its `?`. */
  readonly query: string;
  /** The body's text; empty for none. */
  readonly body: string;
}

/** An answer of the replay. */
export interface ReplayAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
  /** The exchange answered with (1-based), or `undefined` for `not_recorded`. */
  readonly exchange: number | undefined;
}

/** The recorded exchanges, each answered once, in order. */
export class Replay {
  readonly #exchanges: readonly RecordedExchange[];
  readonly #used: boolean[];

  constructor(recording: Pick<Recording, "exchanges">) {
    this.#exchanges = recording.exchanges;
    this.#used = recording.exchanges.map(() => false);
  }

  /** The answer to `request`. */
  answer(request: ReplayRequest): ReplayAnswer {
    const method = request.method.toUpperCase();
    const body = canonical(recordedBody(request.body));
    const index = this.#exchanges.findIndex(
      (exchange, at) =>
        !this.#used[at] &&
        exchange.request.method === method &&
        exchange.request.path === request.path &&
        sameQuery(exchange.request.query, request.query) &&
        canonical(exchange.request.body) === body,
    );
    if (index === -1) return notRecorded(request, this.#exchanges, this.#used);
    this.#used[index] = true;
    const { response } = this.#exchanges[index] as RecordedExchange;
    return {
      status: response.status,
      headers: response.headers,
      body: response.status === 204 ? "" : bodyText(response.body),
      exchange: index + 1,
    };
  }
}

function notRecorded(
  request: ReplayRequest,
  exchanges: readonly RecordedExchange[],
  used: readonly boolean[],
): ReplayAnswer {
  const query = request.query === "" ? "" : `?${request.query}`;
  const asked = `${request.method.toUpperCase()} ${request.path}${query}`;
  const nearest = nearestExchange(request, exchanges, used);
  const message =
    nearest === undefined
      ? `${asked} was not recorded, and the recording has no exchange left to answer with`
      : `${asked} was not recorded${request.body === "" ? "" : " with this body"}; the nearest recorded request is #${nearest.index + 1} ${nearest.label}${used[nearest.index] ? " (already answered)" : ""}`;
  return {
    status: 501,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ error: { code: "not_recorded", message } }),
    exchange: undefined,
  };
}

/** The same parameters, in any order. */
function sameQuery(recorded: string, asked: string): boolean {
  const sorted = (query: string) => [...new URLSearchParams(query)].map(String).sort().join("&");
  return sorted(recorded) === sorted(asked);
}

/** A body's text with object keys sorted, so key order does not decide a match. */
function canonical(body: unknown): string {
  return JSON.stringify(body ?? null, (_name, value: unknown) =>
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
      : value,
  );
}
