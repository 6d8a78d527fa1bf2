import type { Postline } from "../client.js";
import type { RequestOptions } from "../core/request-options.js";

/**
 * The part of a {@link Postline} client the tools call. Keys are deliberately absent: no tool
 * can create a key, so no tool result can ever hold a token.
 */
export type ToolClient = Pick<
  Postline,
  "content" | "channels" | "brand" | "schedule" | "stats" | "rateBudget"
>;

/**
 * The SDK's per-call options, by the name 0.1.0 gave them in `@postline/sdk/tools`.
 *
 * @deprecated Use {@link RequestOptions} from `@postline/sdk`: the same type.
 */
export type ToolRequestOptions = RequestOptions;
