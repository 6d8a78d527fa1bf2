import type { Postline } from "../client.js";

/**
 * The part of a {@link Postline} client the tools call. Keys are deliberately absent: no tool
 * can create a key, so no tool result can ever hold a token.
 */
export type ToolClient = Pick<
  Postline,
  "content" | "channels" | "brand" | "schedule" | "stats" | "rateBudget"
>;

/** The SDK's per-call options (`signal`, `timeout`, ...), passed on to every call a tool makes. */
export type ToolRequestOptions = NonNullable<Parameters<Postline["content"]["get"]>[1]>;
