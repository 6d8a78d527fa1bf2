import type { RequestOptions } from "../core/request-options.js";
import { type BrandProfile, BrandResponseSchema } from "../schemas/index.js";
import { requestParsed } from "./parse-response.js";
import type { ResourceContext } from "./resource-context.js";

/** The workspace's brand profile (`GET /brand`). */
export class BrandResource {
  readonly #ctx: ResourceContext;

  /** @internal */
  constructor(ctx: ResourceContext) {
    this.#ctx = ctx;
  }

  /**
   * Reads the brand profile, or `null` before onboarding created one. `aboutYou.facts` holds the
   * only claims an agent should make about the workspace.
   *
   * @example
   * ```ts
   * const profile = await client.brand.get();
   * if (profile) console.log(profile.aboutYou.facts);
   * ```
   */
  async get(options?: RequestOptions): Promise<BrandProfile | null> {
    const request = { operation: "brand.get", method: "GET", path: "brand", options } as const;
    return (await requestParsed(this.#ctx, BrandResponseSchema, request)).profile;
  }
}
