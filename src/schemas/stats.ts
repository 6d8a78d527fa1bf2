import { z } from "zod";
import { notShown } from "./not-shown.js";

const Counts = z.record(z.string(), z.number());

/** One channel's share of the window's items. */
export const ChannelBalanceSchema = z.looseObject({
  /** Which channel this share is of. */
  channelId: z.string(),
  /** A plain string: the contract names this field without listing its values. */
  platform: z.string(),
  /** The contract does not show its type, so any value, or absent. */
  displayName: notShown,
  /** Items per status. */
  counts: Counts,
  /** All its items in the window. */
  total: z.number(),
});

/** The window's items by status and by source. */
export const PipelineSchema = z.looseObject({
  /** Items per status. */
  byStatus: Counts,
  /** Items per source (`api`, `manual`, ...). */
  sourceMix: Counts,
  /** All items in the window. */
  total: z.number(),
});

/** `aiIsm.rate` is a fraction (0..1), not a percentage. */
export const AiIsmStatsSchema = z.looseObject({
  /** Items with AI-ism matches. */
  flagged: z.number(),
  /** Items checked. */
  total: z.number(),
  /** `flagged / total`, a fraction from 0 to 1. */
  rate: z.number(),
});

/** Generation quota use; the quota resets at `periodEnd`. */
export const UsageSchema = z.looseObject({
  /** Credits used this period. Its type is not shown in the contract, so any value passes. */
  current: notShown,
  /** The period's credits. Its type is not shown in the contract, so any value passes. */
  limit: notShown,
  /** The workspace's plan. */
  plan: notShown,
  /** When the quota resets. */
  periodEnd: notShown,
});

/** `GET /stats` response (api-v1.md §4). */
export const StatsSchema = z.looseObject({
  /** The window the numbers cover, in days. */
  windowDays: z.number().int(),
  /** Items per channel. */
  channelBalance: z.array(ChannelBalanceSchema),
  /** Items per status and per source. */
  pipeline: PipelineSchema,
  /** How often AI-isms were found. */
  aiIsm: AiIsmStatsSchema,
  /** Generation quota use. */
  usage: UsageSchema,
});

/** One channel's share of the window's items. */
export type ChannelBalance = Stats["channelBalance"][number];
/** The window's items by status and source. */
export type Pipeline = Stats["pipeline"];
/** AI-ism frequency. */
export type AiIsmStats = Stats["aiIsm"];
/** Generation quota use. */
export type Usage = Stats["usage"];
/** `GET /stats` (api-v1.md §4). */
export type Stats = z.infer<typeof StatsSchema>;
