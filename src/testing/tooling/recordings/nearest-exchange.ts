/**
 * The recorded request nearest to one that was not recorded, for the `not_recorded` message: the
 * longest shared start of the path first (`/api/v1/content/…` is nearer to `/api/v1/content/cnt_1`
 * than `/api/v1/channels`), then the same method, then an unused exchange; the first on a tie.
 */
import type { RecordedExchange } from "./recording-schema.js";

/** The nearest exchange's index and `METHOD /path?query`, or `undefined` when there is none. */
export function nearestExchange(
  request: { readonly method: string; readonly path: string },
  exchanges: readonly RecordedExchange[],
  used: readonly boolean[],
): { index: number; label: string } | undefined {
  const method = request.method.toUpperCase();
  let best: { index: number; score: number } | undefined;
  exchanges.forEach((exchange, index) => {
    const score =
      sharedSegments(exchange.request.path, request.path) * 4 +
      (exchange.request.method === method ? 2 : 0) +
      (used[index] ? 0 : 1);
    if (best === undefined || score > best.score) best = { index, score };
  });
  if (best === undefined) return undefined;
  const { request: nearest } = exchanges[best.index] as RecordedExchange;
  const query = nearest.query === "" ? "" : `?${nearest.query}`;
  return { index: best.index, label: `${nearest.method} ${nearest.path}${query}` };
}

/** How many path segments two paths share from their start. */
function sharedSegments(a: string, b: string): number {
  const left = a.split("/");
  const right = b.split("/");
  let shared = 0;
  while (shared < left.length && left[shared] === right[shared]) shared++;
  return shared;
}
