import type { RequestOptions } from "../core/request-options.js";
import { type Channel, ChannelListResponseSchema, type Platform } from "../schemas/index.js";
import { optionalNonEmptyString, paramsObject } from "./input-checks.js";
import { requestParsed } from "./parse-response.js";
import type { ResourceContext } from "./resource-context.js";

/** Filters for `channels.list`. */
export interface ChannelListParams {
  /** Only channels on this platform, e.g. `x`. */
  platform?: Platform;
}

/** The workspace's connected accounts (`GET /channels`). */
export class ChannelsResource {
  readonly #ctx: ResourceContext;

  /** @internal */
  constructor(ctx: ResourceContext) {
    this.#ctx = ctx;
  }

  /**
   * Lists the workspace's channels. Use a channel's `id` as `channelId` / `channelIds` when
   * creating content: the service never picks one.
   *
   * @example
   * ```ts
   * const [x] = await client.channels.list({ platform: "x" });
   * ```
   */
  async list(params: ChannelListParams = {}, options?: RequestOptions): Promise<Channel[]> {
    const { platform: given } = paramsObject(params, { optional: true });
    const platform = optionalNonEmptyString("platform", given);
    const request = {
      operation: "channels.list",
      method: "GET",
      path: "channels",
      query: { platform },
      options,
    } as const;
    return (await requestParsed(this.#ctx, ChannelListResponseSchema, request)).channels;
  }
}
