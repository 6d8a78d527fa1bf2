/**
 * CONV-1: the response objects whose field names are the service's own are camelCase. Records
 * keyed by a value (`counts`, `byStatus`, `sourceMix`: `news_reactive`...) are not among them.
 */
import { CAMEL_CASE, type Refinement } from "./refine.js";

/** The objects, by component path. */
const CAMEL_CASE_OBJECTS = [
  "ContentItem",
  "AiIsmMatch",
  "CreatedBy",
  "ContentPage",
  "CreateContentResponse",
  "GenerationWarning",
  "ItemEnvelope",
  "ScheduleContentResponse",
  "Channel",
  "ChannelList",
  "BrandResponse",
  "BrandProfile",
  "AboutYou",
  "VoiceFacts",
  "StandingRule",
  "VoiceConfidence",
  "ScheduleResponse",
  "ScheduleConfig",
  "VoiceSettings",
  "ScheduleSlot",
  "Stats",
  "ChannelBalance",
  "Pipeline",
  "AiIsmStats",
  "Usage",
  "AgentKey",
  "CreatedAgentKey",
  "KeyList",
  "ErrorEnvelope.error",
  "ChannelRef",
] as const;

/** `CAMEL_CASE_OBJECTS` as refinements. */
export const CAMEL_CASE_RULES: Record<string, Refinement> = Object.fromEntries(
  CAMEL_CASE_OBJECTS.map((path) => [path, { set: { propertyNames: CAMEL_CASE } }]),
);
