import { InvalidRequestError, PaginationError } from "./errors/local-errors.js";
import type { Redactor } from "./redact.js";

/** One page of a cursor-paginated list. */
export interface Page<T> {
  /** This page's items, in the service's order (newest first). */
  readonly items: T[];
  /** Pass to the next request; `null` at the end. */
  readonly nextCursor: string | null;
}

/**
 * How many empty pages in a row, each with a new `nextCursor`, a list follows before it stops
 * with `PaginationError`: a service that never reaches the end would otherwise be followed
 * forever, since a fresh cursor each time never repeats.
 */
export const MAX_EMPTY_PAGES_IN_A_ROW = 10;

/** Fetches the page after `cursor` (`undefined` for the first page). */
export type PageFetcher<T> = (cursor: string | undefined) => Promise<Page<T>>;

/**
 * A lazily fetched, cursor-paginated list (docs/pagination.md). Nothing is requested until it is
 * iterated; pages are fetched one at a time and not kept, so memory stays flat; a cursor that
 * repeats, or 10 empty pages in a row (each with a new cursor), throw `PaginationError`;
 * leaving a `for await` early stops fetching.
 *
 * @example
 * ```ts
 * for await (const item of client.content.list({ status: "draft" })) console.log(item.id);
 * for await (const page of client.content.list().pages()) console.log(page.items.length);
 * const latest = await client.content.list().toArray({ max: 500 });
 * ```
 */
export class Paginated<T> implements AsyncIterable<T> {
  readonly #fetchPage: PageFetcher<T>;
  readonly #firstCursor: string | undefined;
  readonly #redact: Redactor;

  /** @internal Built by the resources; iterate it rather than constructing one. */
  constructor(fetchPage: PageFetcher<T>, firstCursor?: string, redact: Redactor = (text) => text) {
    this.#fetchPage = fetchPage;
    this.#firstCursor = firstCursor;
    this.#redact = redact;
  }

  /** Every page in order, following `nextCursor` until it is `null`. */
  async *pages(): AsyncGenerator<Page<T>, void, undefined> {
    const seen = new Set<string>();
    let cursor = this.#firstCursor;
    if (cursor !== undefined) seen.add(cursor);
    let emptyInARow = 0;
    while (true) {
      const page = await this.#fetchPage(cursor);
      yield page;
      if (page.nextCursor === null || page.nextCursor === undefined) return;
      // A cursor is the service's text: it may echo the token, so the error keeps it scrubbed.
      if (seen.has(page.nextCursor)) throw new PaginationError(this.#redact(page.nextCursor));
      emptyInARow = page.items.length === 0 ? emptyInARow + 1 : 0;
      if (emptyInARow === MAX_EMPTY_PAGES_IN_A_ROW) {
        throw new PaginationError(
          this.#redact(page.nextCursor),
          `The service returned ${emptyInARow} empty pages in a row, each with a new cursor; stopping instead of following it without end`,
        );
      }
      seen.add(page.nextCursor);
      cursor = page.nextCursor;
    }
  }

  /** Every item of every page, in order; leaving the loop early stops fetching. */
  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const page of this.pages()) yield* page.items;
  }

  /**
   * Collects items into an array, stopping after `max` (no page beyond the one that reaches it
   * is requested). Without `max` it collects everything.
   */
  async toArray(options: { max?: number } = {}): Promise<T[]> {
    const { max = Infinity } = options;
    if (max !== Infinity && (!Number.isInteger(max) || max < 0)) {
      throw new InvalidRequestError("max", `max must be a whole number >= 0; got ${String(max)}`);
    }
    const out: T[] = [];
    if (max === 0) return out;
    for await (const item of this) {
      out.push(item);
      if (out.length >= max) break;
    }
    return out;
  }
}
