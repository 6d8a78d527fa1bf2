import type { RequestOptions } from "../core/request-options.js";
import { type Stats as StatsResult, StatsSchema } from "../schemas/index.js";
import { optionalIntInRange, paramsObject } from "./input-checks.js";
import { requestParsed } from "./parse-response.js";
import type { ResourceContext } from "./resource-context.js";

/** Parameters of `stats.get`. */
export interface StatsParams {
  /** Window in days, 1 to 365 (the service's default is 30). */
  days?: number;
}

/** Workspace analytics (`GET /stats`). */
export class StatsResource {
  readonly #ctx: ResourceContext;

  /** @internal */
  constructor(ctx: ResourceContext) {
    this.#ctx = ctx;
  }

  /**
   * Reads analytics over the last `days` days: channel balance, pipeline, AI-ism rate and
   * generation quota use.
   *
   * @example
   * ```ts
   * const { usage } = await client.stats.get({ days: 7 });
   * ```
   */
  async get(params: StatsParams = {}, options?: RequestOptions): Promise<StatsResult> {
    // api-v1.md §4 GET /stats: days is an integer 1 to 365.
    const { days: given } = paramsObject(params, { optional: true });
    const days = optionalIntInRange("days", given, 1, 365);
    const request = {
      operation: "stats.get",
      method: "GET",
      path: "stats",
      query: { days },
      options,
    } as const;
    return requestParsed(this.#ctx, StatsSchema, request);
  }
}
