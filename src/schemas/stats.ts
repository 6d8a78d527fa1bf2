import { z } from "zod";

const Counts = z.record(z.string(), z.number());

export const ChannelBalanceSchema = z.looseObject({
  channelId: z.string(),
  platform: z.string(),
  displayName: z.unknown(),
  counts: Counts,
  total: z.number(),
});

export const PipelineSchema = z.looseObject({
  byStatus: Counts,
  sourceMix: Counts,
  total: z.number(),
});

/** `aiIsm.rate` is a fraction (0..1), not a percentage. */
export const AiIsmStatsSchema = z.looseObject({
  flagged: z.number(),
  total: z.number(),
  rate: z.number(),
});

/** Generation quota use; the quota resets at `periodEnd`. */
export const UsageSchema = z.looseObject({
  current: z.number(),
  limit: z.number().nullable(),
  plan: z.unknown(),
  periodEnd: z.unknown(),
});

/** `GET /stats` response (api-v1.md §4). */
export const StatsSchema = z.looseObject({
  windowDays: z.number().int(),
  channelBalance: z.array(ChannelBalanceSchema),
  pipeline: PipelineSchema,
  aiIsm: AiIsmStatsSchema,
  usage: UsageSchema,
});

export type ChannelBalance = z.infer<typeof ChannelBalanceSchema>;
export type Pipeline = z.infer<typeof PipelineSchema>;
export type AiIsmStats = z.infer<typeof AiIsmStatsSchema>;
export type Usage = z.infer<typeof UsageSchema>;
export type Stats = z.infer<typeof StatsSchema>;
