/**
 * The named schemas of the OpenAPI document: the SDK's response schemas (`src/schemas`) and the
 * request schemas, converted with `z.toJSONSchema` so each refers to the others by `$ref`.
 */
import { z } from "zod";
import * as schemas from "../schemas/index.js";
import { camelCaseRules } from "./camel-case.js";
import {
  AgentKeyResponse,
  ContentItemResponse,
  CreatedAgentKeyResponse,
} from "./item-responses.js";
import type { JsonSchema } from "./json-schema.js";
import { applyRefinements } from "./refine.js";
import {
  CreateContentRequest,
  CreateKeyRequest,
  ScheduleContentRequest,
  UpdateContentRequest,
} from "./request-schemas.js";
import { CONFLICT_ENVELOPE, RATE_LIMITED_ENVELOPE, STATED_RULES } from "./stated-rules.js";

/** Every schema the document names, by its component name. */
const NAMED_SCHEMAS: Record<string, z.ZodType> = {
  ContentItem: schemas.ContentItemSchema,
  AiIsmMatch: schemas.AiIsmMatchSchema,
  CreatedBy: schemas.CreatedBySchema,
  ItemEnvelope: schemas.ItemEnvelopeSchema,
  ContentItemResponse,
  ContentPage: schemas.ContentPageSchema,
  CreateContentResponse: schemas.CreateContentResponseSchema,
  GenerationWarning: schemas.GenerationWarningSchema,
  ScheduleContentResponse: schemas.ScheduleContentResponseSchema,
  Channel: schemas.ChannelSchema,
  ChannelList: schemas.ChannelListResponseSchema,
  BrandProfile: schemas.BrandProfileSchema,
  AboutYou: schemas.AboutYouSchema,
  VoiceFacts: schemas.VoiceFactsSchema,
  StandingRule: schemas.StandingRuleSchema,
  VoiceConfidence: schemas.VoiceConfidenceSchema,
  BrandResponse: schemas.BrandResponseSchema,
  ScheduleResponse: schemas.ScheduleResponseSchema,
  ScheduleConfig: schemas.ScheduleConfigSchema,
  VoiceSettings: schemas.VoiceSettingsSchema,
  ScheduleSlot: schemas.ScheduleSlotSchema,
  Stats: schemas.StatsSchema,
  ChannelBalance: schemas.ChannelBalanceSchema,
  Pipeline: schemas.PipelineSchema,
  AiIsmStats: schemas.AiIsmStatsSchema,
  Usage: schemas.UsageSchema,
  AgentKey: schemas.AgentKeySchema,
  AgentKeyResponse,
  CreatedAgentKey: schemas.CreatedAgentKeySchema,
  CreatedAgentKeyResponse,
  KeyList: schemas.KeyListResponseSchema,
  ErrorEnvelope: schemas.ErrorEnvelopeSchema,
  ChannelRef: schemas.ChannelRefSchema,
  CreateContentRequest,
  UpdateContentRequest,
  ScheduleContentRequest,
  CreateKeyRequest,
};

export { refTo } from "./refine.js";

/** The component name of a schema; every schema the document uses must have one. */
export function nameOf(schema: z.ZodType): string {
  return componentName(NAMED_SCHEMAS, schema, "The OpenAPI document");
}

/** The name of `schema` among `named`; `document` (which has none for it) is named in the error. */
export function componentName(
  named: Readonly<Record<string, z.ZodType>>,
  schema: z.ZodType,
  document: string,
): string {
  const found = Object.entries(named).find(([, candidate]) => candidate === schema);
  if (!found) throw new Error(`${document} uses a schema that has no component name`);
  return found[0];
}

/** Drops what `z.toJSONSchema` adds for a standalone schema but a component must not carry. */
function asComponent(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

/**
 * `named` converted with `z.toJSONSchema` into the JSON Schema 2020-12 dialect that OpenAPI 3.1
 * uses, each referring to the others by `$ref` to `#/components/schemas/<name>`.
 */
export function convertedComponents(
  named: Readonly<Record<string, z.ZodType>>,
): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(named)) registry.add(schema, { id });
  // `input`: what a body may hold (defaults not yet applied), for requests and responses alike.
  const { schemas } = z.toJSONSchema(registry, {
    target: "draft-2020-12",
    io: "input",
    uri: (id) => `#/components/schemas/${id}`,
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => [id, asComponent(schema as JsonSchema)]),
  );
}

/**
 * `components.schemas`, each in the JSON Schema 2020-12 dialect that OpenAPI 3.1 uses, with the
 * contract's shape rules that the SDK's lenient schemas leave out (`stated-rules.ts`).
 */
export function componentSchemas(): Record<string, JsonSchema> {
  const components = convertedComponents(NAMED_SCHEMAS);
  applyRefinements(components, STATED_RULES);
  applyRefinements(components, camelCaseRules(components));
  components.ConflictEnvelope = CONFLICT_ENVELOPE;
  components.RateLimitedEnvelope = RATE_LIMITED_ENVELOPE;
  return components;
}

/** One query parameter's schema, with its description lifted to the parameter. */
export function parameterSchema(schema: z.ZodType): { schema: JsonSchema; description?: string } {
  const { description, ...rest } = asComponent(
    z.toJSONSchema(schema, { target: "draft-2020-12", io: "input" }) as JsonSchema,
  );
  return typeof description === "string" ? { schema: rest, description } : { schema: rest };
}
