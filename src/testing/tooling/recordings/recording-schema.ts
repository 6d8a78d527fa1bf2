/**
 * The recording file as JSON (SDK_DESIGN.md §21): what `postline record` and `recordingFetch`
 * write, and what `postline fake --replay`, `postline fake check`, `replayFetch` and
 * `checkRecording` read. `recording.schema.json` is this schema's input side
 * (`z.toJSONSchema`, scripts/write-openapi.ts), so the published schema cannot drift from it.
 */
import { z } from "zod";
import { FakeSeedSchema, inputJsonSchema, jsonPath } from "../../fake/model/seed-schema.js";

const instant = z.iso.datetime({ offset: true }).describe("An ISO-8601 date-time");

const RecordedRequestSchema = z.strictObject({
  method: z.string().min(1).describe("GET, POST, PATCH or DELETE"),
  path: z.string().startsWith("/").describe("The URL path, under /api/v1"),
  query: z.string().describe("The query string without its `?`; empty when none"),
  body: z.unknown().optional().describe("The JSON body, or its text when it was not JSON"),
});

const RecordedResponseSchema = z.strictObject({
  status: z.int().min(100).max(599),
  headers: z
    .record(z.string(), z.string())
    .describe("Only content-type, retry-after and x-ratelimit-*"),
  body: z.unknown().describe("The JSON body, its text when it was not JSON, or null when empty"),
});

const RecordedExchangeSchema = z.strictObject({
  request: RecordedRequestSchema,
  response: RecordedResponseSchema,
  at: instant.describe("When the request was sent"),
  ms: z.number().min(0).describe("How long the answer took, in milliseconds"),
});

/** A recording: where it was made, the workspace's seed (with `--snapshot`) and the exchanges. */
export const RecordingSchema = z.strictObject({
  $schema: z.string().optional().describe("The schema this file follows (ignored)"),
  postlineRecording: z.literal(1).describe("The file format's version"),
  target: z.string().describe("The base URL of the service recorded"),
  startedAt: instant,
  seed: FakeSeedSchema.optional().describe("The workspace at the start, as a fake seed"),
  exchanges: z.array(RecordedExchangeSchema),
});

/** A recording file, parsed. */
export type Recording = z.infer<typeof RecordingSchema>;
/** A recording file as JSON, before parsing (its seed as the seed file has it). */
export type RecordingJson = z.input<typeof RecordingSchema>;
/** One request and its answer. */
export type RecordedExchange = Recording["exchanges"][number];

/** The recording in `value`, or each problem with its JSON path. */
export function parseRecording(
  value: unknown,
): { ok: true; recording: Recording } | { ok: false; problems: string[] } {
  const parsed = RecordingSchema.safeParse(value);
  if (parsed.success) return { ok: true, recording: parsed.data };
  return {
    ok: false,
    problems: parsed.error.issues.map((issue) => `${jsonPath(issue.path)}: ${issue.message}`),
  };
}

/** The JSON Schema of a recording file (`@postline/sdk/recording.schema.json`). */
export function recordingJsonSchema(): Record<string, unknown> {
  return inputJsonSchema(RecordingSchema);
}
