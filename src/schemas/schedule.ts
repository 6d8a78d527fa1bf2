import { z } from "zod";
import { notShown } from "./not-shown.js";

/** Settings of one voice; `approvalMode` is already resolved against the workspace's. */
export const VoiceSettingsSchema = z.looseObject({
  /** How this voice's drafts are approved (resolved: a voice without its own reports the workspace's). */
  approvalMode: notShown,
  /** This voice's own sensitivity keywords. */
  sensitivityKeywords: notShown,
  /** AI-ism labels this voice allows. */
  aiIsmAllowlist: notShown,
});

/**
 * The workspace's schedule configuration (api-v1.md §2.4). Types and allowed values are not
 * shown by the contract, so fields are accepted as any value (or absent), and further fields are
 * kept.
 */
export const ScheduleConfigSchema = z.looseObject({
  /** The workspace's timezone; slot times are in it. */
  timezone: notShown,
  /** The workspace's approval mode, for both voices. */
  approvalMode: notShown,
  /** The most posts published a day. */
  maxPostsPerDay: notShown,
  /** The least time between two posts, in hours. */
  minHoursBetween: notShown,
  /** How many days ahead the queue is kept filled. */
  queueBufferDays: notShown,
  /** Sensitivity keywords shared by both voices. */
  sensitivityKeywords: notShown,
  /** AI-ism labels allowed for both voices. */
  aiIsmAllowlist: notShown,
  /** Each voice's own settings: the person (`you`) and the brand. */
  voices: z.looseObject({
    /** The person's (founder's) settings. */
    you: VoiceSettingsSchema,
    /** The brand's settings. */
    brand: VoiceSettingsSchema,
  }),
});

/** One weekly posting slot. */
export const ScheduleSlotSchema = z.looseObject({
  /** The slot's id. */
  id: notShown,
  /** The day it falls on. */
  dayOfWeek: notShown,
  /** The time of day it falls at, in the workspace timezone. */
  timeOfDay: notShown,
  /** The platform it posts to. */
  platform: notShown,
  /** The kind of post the slot is for (a slot field; items no longer carry `contentType`). */
  contentType: notShown,
  /** The topic the slot is for. */
  topicCategory: notShown,
  /** How it repeats, e.g. weekly or monthly. */
  recurrenceType: notShown,
  /** For a monthly slot, which week of the month. */
  weekOfMonth: notShown,
  /** Whether the slot is in use. */
  enabled: notShown,
});

/** `GET /schedule` response. */
export const ScheduleResponseSchema = z.looseObject({
  /** The workspace's schedule configuration. */
  config: ScheduleConfigSchema,
  /** The weekly posting slots. */
  slots: z.array(ScheduleSlotSchema),
});

/** One voice's schedule settings. */
export type VoiceSettings = ScheduleConfig["voices"]["you"];
/** The workspace's schedule configuration (api-v1.md §2.4). */
export type ScheduleConfig = ScheduleResponse["config"];
/** One posting slot. */
export type ScheduleSlot = ScheduleResponse["slots"][number];
/**
 * `GET /schedule`: the configuration and the slots.
 * @useDeclaredType
 */
export type ScheduleResponse = z.infer<typeof ScheduleResponseSchema>;
