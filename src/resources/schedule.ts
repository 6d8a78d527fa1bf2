import type { RequestOptions } from "../core/request-options.js";
import { type ScheduleResponse, ScheduleResponseSchema } from "../schemas/index.js";
import { requestParsed } from "./parse-response.js";
import type { ResourceContext } from "./resource-context.js";

/** The workspace's schedule configuration and weekly slots (`GET /schedule`, read-only). */
export class ScheduleResource {
  readonly #ctx: ResourceContext;

  /** @internal */
  constructor(ctx: ResourceContext) {
    this.#ctx = ctx;
  }

  /**
   * Reads the schedule configuration (with each voice's resolved settings) and its slots.
   *
   * @example
   * ```ts
   * const { config, slots } = await client.schedule.get();
   * ```
   */
  async get(options?: RequestOptions): Promise<ScheduleResponse> {
    const request = {
      operation: "schedule.get",
      method: "GET",
      path: "schedule",
      options,
    } as const;
    return requestParsed(this.#ctx, ScheduleResponseSchema, request);
  }
}
