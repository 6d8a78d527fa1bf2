import { z } from "zod";
import { notShown } from "./not-shown.js";

/**
 * A connected account (api-v1.md §2.2). The contract does not show the field types, so every
 * field but `id` is accepted as any value, or absent.
 */
export const ChannelSchema = z.looseObject({
  /** The channel's id: what `channelId` / `channelIds` take. */
  id: z.string(),
  /** The platform, e.g. `x`, `linkedin`. */
  platform: notShown,
  /** The publishing provider behind it. */
  provider: notShown,
  /** The account's display name. */
  displayName: notShown,
  /** The account's handle. */
  handle: notShown,
  /** The kind of account (e.g. personal or organisation). */
  accountType: notShown,
  /** The account's subscription tier; it sets the character cap. */
  subscriptionTier: notShown,
  /** Whether it is the workspace's default channel for its platform. */
  isDefault: notShown,
  /** Whether it is connected; only connected channels can be posted to. */
  isActive: notShown,
  /** When it was connected. */
  connectedAt: notShown,
});

/** `GET /channels` response. */
export const ChannelListResponseSchema = z.looseObject({
  /** The workspace's channels. */
  channels: z.array(ChannelSchema),
});

/** A channel as listed in a refusal's `error.channels`. */
export const ChannelRefSchema = z.looseObject({
  /** The id to pass as `channelId` / `channelIds`. */
  id: z.string(),
  /** `x`, `linkedin`, ...: what a model needs to pick the channel for a post. */
  platform: z.string(),
  /** The account's display name, to tell two channels of one platform apart. */
  name: z.string(),
});

/** A connected account (api-v1.md §2.2). */
export type Channel = z.infer<typeof ChannelSchema>;
/** A channel as listed in a refusal. */
export type ChannelRef = z.infer<typeof ChannelRefSchema>;
