/** Which of the SDK's schemas each answer of the fake must match. */
import { z } from "zod";
import {
  AgentKeySchema,
  BrandResponseSchema,
  ChannelListResponseSchema,
  ContentPageSchema,
  CreateContentResponseSchema,
  CreatedAgentKeySchema,
  ErrorEnvelopeSchema,
  ItemEnvelopeSchema,
  KeyListResponseSchema,
  ScheduleContentResponseSchema,
  ScheduleResponseSchema,
  StatsSchema,
} from "../../../src/schemas/index.js";
import type { FakeResponse } from "../../../src/testing/index.js";
import { mcpAnswerProblems } from "./mcp-answer-shapes.js";

const KeyEnvelopeSchema = z.looseObject({ key: AgentKeySchema });

const SUCCESS_SCHEMAS: [method: string, pattern: RegExp, schema: z.ZodType][] = [
  ["GET", /^\/content$/, ContentPageSchema],
  ["POST", /^\/content$/, CreateContentResponseSchema],
  ["GET", /^\/content\/[^/]+$/, ItemEnvelopeSchema],
  ["PATCH", /^\/content\/[^/]+$/, ItemEnvelopeSchema],
  ["POST", /^\/content\/[^/]+\/schedule$/, ScheduleContentResponseSchema],
  ["GET", /^\/channels$/, ChannelListResponseSchema],
  ["GET", /^\/brand$/, BrandResponseSchema],
  ["GET", /^\/schedule$/, ScheduleResponseSchema],
  ["GET", /^\/stats$/, StatsSchema],
  ["GET", /^\/keys$/, KeyListResponseSchema],
  ["POST", /^\/keys$/, CreatedAgentKeySchema],
  ["GET", /^\/keys\/[^/]+$/, KeyEnvelopeSchema],
  ["DELETE", /^\/keys\/[^/]+$/, KeyEnvelopeSchema],
];

/** Keys whose value is null anywhere in a body (the contract never sends null for an item's optional keys). */
function nullItemKeys(value: unknown, path = "$"): string[] {
  if (Array.isArray(value))
    return value.flatMap((entry, index) => nullItemKeys(entry, `${path}[${index}]`));
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, entry]) =>
    entry === null && ["sourceUrl", "scheduledAt", "publishedAt", "publishedUrl"].includes(key)
      ? [`${path}.${key} is null`]
      : nullItemKeys(entry, `${path}.${key}`),
  );
}

/** Problems of one answer: schema issues, a body on 204, a null optional key, a `contentType`. */
export function schemaProblems(method: string, path: string, response: FakeResponse): string[] {
  const where = `${method} ${path} ${response.status}`;
  if (path === "/mcp") return mcpAnswerProblems(where, response);
  if (response.status === 204) return response.body === null ? [] : [`${where}: 204 with a body`];
  if (response.body === null) return [`${where}: no body`];
  const body = JSON.parse(response.body) as unknown;
  const schema =
    response.status >= 400
      ? ErrorEnvelopeSchema
      : SUCCESS_SCHEMAS.find(([m, pattern]) => m === method && pattern.test(path))?.[2];
  if (!schema) return [`${where}: no schema for this route`];
  const parsed = schema.safeParse(body);
  const problems = parsed.success ? [] : [`${where}: ${parsed.error.message}`];
  problems.push(...nullItemKeys(body).map((problem) => `${where}: ${problem}`));
  if (response.body.includes('"contentType"') && !path.startsWith("/schedule")) {
    problems.push(`${where}: contentType in a response`);
  }
  if (response.status >= 400) {
    const keys = Object.keys(body as object);
    if (keys.length !== 1)
      problems.push(`${where}: top-level keys beside error: ${keys.join(", ")}`);
  }
  return problems;
}
