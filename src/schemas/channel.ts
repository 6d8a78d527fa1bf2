import { z } from "zod";

/**
 * A connected account (api-v1.md §2.2). The contract does not show the field types, so every
 * field but `id` is accepted as any value.
 */
export const ChannelSchema = z.looseObject({
  id: z.string(),
  platform: z.unknown(),
  provider: z.unknown(),
  displayName: z.unknown(),
  handle: z.unknown(),
  accountType: z.unknown(),
  subscriptionTier: z.unknown(),
  isDefault: z.unknown(),
  isActive: z.unknown(),
  connectedAt: z.unknown(),
});

/** `GET /channels` response. */
export const ChannelListResponseSchema = z.looseObject({
  channels: z.array(ChannelSchema),
});

/** A channel as listed in a refusal's `error.channels`. */
export const ChannelRefSchema = z.looseObject({
  id: z.string(),
  platform: z.string(),
  name: z.string(),
});

export type Channel = z.infer<typeof ChannelSchema>;
export type ChannelRef = z.infer<typeof ChannelRefSchema>;
