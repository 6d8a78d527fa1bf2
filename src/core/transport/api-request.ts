import type { RateBudget } from "../pacing/rate-budget.js";
import type { RequestOptions } from "../request-options.js";
import type { HttpMethod } from "./http-method.js";

/** Query parameters; `undefined` values are left out. */
export type QueryParams = Record<string, string | number | undefined>;

/** One API call as a resource describes it. */
export interface ApiRequest {
  /** What the SDK call is, e.g. `content.get`: names its span. Defaults to the method. */
  readonly operation?: string;
  readonly method: HttpMethod;
  /** Path under `/api/v1` without a leading slash, ids already encoded, e.g. `content/abc`. */
  readonly path: string;
  readonly query?: QueryParams;
  /** JSON body (writes only). */
  readonly body?: unknown;
  readonly options?: RequestOptions | undefined;
  /**
   * The per-key rate budget the call draws from (api-v1.md §8): `"create"` for `POST /content`,
   * which the content resource says; `"other"` (the default) for every other route.
   */
  readonly budget?: RateBudget;
}

/** A 2xx response, read in full: what a resource parses, and names in a validation error. */
export interface ApiResponse {
  /** The body's text ("" when empty). */
  readonly text: string;
  readonly method: HttpMethod;
  /** The request URL, redacted. */
  readonly url: string;
  /** The id of the SDK call the response belongs to. */
  readonly callId: string;
}
