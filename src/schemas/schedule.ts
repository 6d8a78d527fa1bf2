import { z } from "zod";

/** Settings of one voice; `approvalMode` is already resolved against the workspace's. */
export const VoiceSettingsSchema = z.looseObject({
  approvalMode: z.unknown(),
  sensitivityKeywords: z.unknown(),
  aiIsmAllowlist: z.unknown(),
});

/**
 * The workspace's schedule configuration (api-v1.md §2.4). Types and allowed values are not
 * shown by the contract, so fields are accepted as any value and further fields are kept.
 */
export const ScheduleConfigSchema = z.looseObject({
  timezone: z.unknown(),
  approvalMode: z.unknown(),
  maxPostsPerDay: z.unknown(),
  minHoursBetween: z.unknown(),
  queueBufferDays: z.unknown(),
  sensitivityKeywords: z.unknown(),
  aiIsmAllowlist: z.unknown(),
  voices: z.looseObject({ you: VoiceSettingsSchema, brand: VoiceSettingsSchema }),
});

/** One weekly posting slot. */
export const ScheduleSlotSchema = z.looseObject({
  id: z.unknown(),
  dayOfWeek: z.unknown(),
  timeOfDay: z.unknown(),
  platform: z.unknown(),
  contentType: z.unknown(),
  topicCategory: z.unknown(),
  recurrenceType: z.unknown(),
  weekOfMonth: z.unknown(),
  enabled: z.unknown(),
});

/** `GET /schedule` response. */
export const ScheduleResponseSchema = z.looseObject({
  config: ScheduleConfigSchema,
  slots: z.array(ScheduleSlotSchema),
});

export type VoiceSettings = z.infer<typeof VoiceSettingsSchema>;
export type ScheduleConfig = z.infer<typeof ScheduleConfigSchema>;
export type ScheduleSlot = z.infer<typeof ScheduleSlotSchema>;
export type ScheduleResponse = z.infer<typeof ScheduleResponseSchema>;
