/** The shape every answer of the fake's MCP endpoint must have: JSON-RPC 2.0, failures in the §1 envelope. */
import { z } from "zod";
import { ErrorEnvelopeSchema } from "../../../src/schemas/index.js";
import type { FakeResponse } from "../../../src/testing/index.js";

const ReplySchema = z.union([
  z.strictObject({
    jsonrpc: z.literal("2.0"),
    id: z.union([z.string(), z.number(), z.null()]),
    result: z.record(z.string(), z.unknown()),
  }),
  z.strictObject({
    jsonrpc: z.literal("2.0"),
    id: z.union([z.string(), z.number(), z.null()]),
    error: z.looseObject({
      code: z.number().int(),
      message: z.string().min(1),
      data: z.optional(z.looseObject({ code: z.string(), message: z.string() })),
    }),
  }),
]);

const ToolResultSchema = z.looseObject({
  content: z.array(z.looseObject({ type: z.literal("text"), text: z.string() })).min(1),
  isError: z.optional(z.boolean()),
});

/** Problems of one MCP answer: a reply that is not JSON-RPC, or an `isError` text that is not the envelope. */
export function mcpAnswerProblems(where: string, response: FakeResponse): string[] {
  if (response.status === 202) return response.body === null ? [] : [`${where}: 202 with a body`];
  if (response.body === null) return [`${where}: no body`];
  const body = JSON.parse(response.body) as unknown;
  const problems: string[] = [];
  for (const reply of Array.isArray(body) ? body : [body]) {
    const parsed = ReplySchema.safeParse(reply);
    if (!parsed.success) {
      problems.push(`${where}: not a JSON-RPC 2.0 reply: ${parsed.error.message}`);
      continue;
    }
    if (!("result" in parsed.data) || !("content" in parsed.data.result)) continue;
    const result = ToolResultSchema.safeParse(parsed.data.result);
    if (!result.success) {
      problems.push(`${where}: not a tool result: ${result.error.message}`);
      continue;
    }
    if (result.data.isError !== true) continue;
    const text = result.data.content[0]?.text ?? "";
    const envelope = ErrorEnvelopeSchema.safeParse(JSON.parse(text));
    if (!envelope.success || Object.keys(JSON.parse(text) as object).length !== 1)
      problems.push(`${where}: an isError text that is not the §1 envelope: ${text}`);
  }
  return problems;
}
