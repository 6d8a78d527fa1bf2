/**
 * A model's tool call decoded once, at the entry of every face: the approval decision, the
 * question shown to the person and the call that runs all read this one value, never the raw
 * input again.
 */
import type { z } from "zod";
import { textDigest } from "../resources/content/review.js";
import type { ToolImplementation } from "./define-tool.js";
import { type ToolErrorResult, toolError } from "./envelope.js";
import { findTool, tools } from "./tool-list.js";
import { validateToolInput } from "./validate-input.js";

/** A tool call whose input is valid for its tool. */
export interface DecodedToolCall {
  readonly tool: ToolImplementation<string, z.ZodType>;
  readonly name: string;
  /** The validated input, without the model's `acknowledgeAiIsms` when the policy strips it. */
  readonly input: object;
  /** The item the call approves or schedules, when it meets the acknowledgment gate. */
  readonly itemId: string | undefined;
  /** SHA-256 of the input as it runs (canonical JSON, `acknowledgeAiIsms` aside). */
  readonly argumentDigest: string;
}

/** The outcome of decoding: the call, or the envelope that refuses it. */
export type DecodeOutcome =
  | { readonly ok: true; readonly call: DecodedToolCall }
  | {
      readonly ok: false;
      readonly failure: ToolErrorResult;
      /** The tool, when the input (not the name) was refused. */
      readonly tool?: ToolImplementation<string, z.ZodType> | undefined;
    };

/** How many times a JSON text may hold the JSON text of the input (models double-encode). */
const MAX_TEXT_LAYERS = 2;

/**
 * Decodes and validates a model's input for tool `name`: an object, its JSON text, or the JSON
 * text of that JSON text, with a byte-order mark or whitespace around either. With
 * `stripAcknowledgment` (a person decides), the model's own `acknowledgeAiIsms` is dropped from
 * every call of the two gated tools, and an approval that also changes the text is refused: the
 * person is shown the stored text, so a new one is saved first.
 */
export async function decodeToolCall(
  name: string,
  rawInput: unknown,
  { stripAcknowledgment }: { readonly stripAcknowledgment: boolean },
): Promise<DecodeOutcome> {
  const tool = findTool(name);
  if (tool === undefined) {
    return {
      ok: false,
      failure: toolError(
        "unknown_tool",
        `No tool is named "${name}". Available tools: ${tools.map((t) => t.name).join(", ")}.`,
      ),
    };
  }
  const checked = validateToolInput(tool.definition, rawInput, { textLayers: MAX_TEXT_LAYERS });
  if (!checked.ok) return { ok: false, failure: checked.failure, tool };
  const { gated } = tool.definition;
  const input = (
    stripAcknowledgment && gated ? withoutModelAcknowledgment(checked.input) : checked.input
  ) as object;
  const itemId = tool.approvedItem?.(input as never);
  if (stripAcknowledgment && itemId !== undefined && "content" in input) {
    // The person is shown the stored text: a new text is saved, and then approved, apart.
    const failure = toolError(
      "validation_error",
      `update_content cannot change the text of ${itemId} and approve it in one call here: the ` +
        "user approves the text as it is stored. Call update_content with { id, content } first, " +
        'then with { id, status: "pending" }.',
      { param: "content" },
    );
    return { ok: false, failure, tool };
  }
  // SHA-256 of the input's canonical JSON, without `acknowledgeAiIsms`.
  const argumentDigest = await textDigest(canonicalJson(withoutModelAcknowledgment(input)));
  return { ok: true, call: { tool, name, input, itemId, argumentDigest } };
}

/** The input without the model's own `acknowledgeAiIsms`: where a person decides, only theirs counts. */
function withoutModelAcknowledgment<T extends object>(input: T): T {
  const { acknowledgeAiIsms: _ignored, ...rest } = input as T & { acknowledgeAiIsms?: unknown };
  return rest as T;
}

/**
 * JSON with every object's keys in order, so equal inputs give equal text (no tool input has keys
 * shaped like array indexes, which an object lists first).
 */
function canonicalJson(value: object): string {
  return JSON.stringify(value, (_key, field: unknown) =>
    field !== null && typeof field === "object" && !Array.isArray(field)
      ? Object.fromEntries(Object.entries(field).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : field,
  );
}
