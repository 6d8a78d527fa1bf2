/**
 * A model's tool call decoded once, at the entry of every face: the approval decision, the
 * question shown to the person and the call that runs all read this one value, never the raw
 * input again.
 */
import type { z } from "zod";
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
  const checked = validateToolInput(tool.definition, unwrapText(rawInput));
  if (!checked.ok) return { ok: false, failure: checked.failure, tool };
  const { gated } = tool.definition;
  const input = (
    stripAcknowledgment && gated ? withoutModelAcknowledgment(checked.input) : checked.input
  ) as object;
  const itemId = tool.approvedItem?.(input as never);
  if (stripAcknowledgment && itemId !== undefined && "content" in input) {
    // The person is shown the stored text: a new text is saved, and then approved, apart.
    return { ok: false, failure: approveNewTextRefusal(itemId), tool };
  }
  return {
    ok: true,
    call: { tool, name, input, itemId, argumentDigest: await argumentDigest(input) },
  };
}

function approveNewTextRefusal(itemId: string): ToolErrorResult {
  return toolError(
    "validation_error",
    `update_content cannot change the text of ${itemId} and approve it in one call here: the ` +
      "user approves the text as it is stored. Call update_content with { id, content } first, " +
      'then with { id, status: "pending" }.',
    { param: "content" },
  );
}

/** The input with the text layers a model wrapped it in taken off (the last one is parsed by validation). */
function unwrapText(rawInput: unknown): unknown {
  let value = rawInput;
  for (let layer = 0; layer < MAX_TEXT_LAYERS && typeof value === "string"; layer++) {
    const text = value.replace(/^\uFEFF/, "").trim();
    if (layer === MAX_TEXT_LAYERS - 1) return text;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return text; // validation names the JSON fault
    }
    if (typeof parsed !== "string") return text;
    value = parsed;
  }
  return value;
}

/** The input without the model's own `acknowledgeAiIsms`: where a person decides, only theirs counts. */
function withoutModelAcknowledgment<T extends object>(input: T): T {
  const { acknowledgeAiIsms: _ignored, ...rest } = input as T & { acknowledgeAiIsms?: unknown };
  return rest as T;
}

/** SHA-256 (hex) of the input's canonical JSON, without `acknowledgeAiIsms`. */
async function argumentDigest(input: object): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalJson(withoutModelAcknowledgment(input)));
  const digest = await globalThis.crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function canonicalJson(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
