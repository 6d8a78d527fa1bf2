import type { z } from "zod";
import type { ToolDefinition } from "./define-tool.js";
import { type ToolErrorResult, toolError } from "./envelope.js";
import { MAX_INPUT_DEPTH, tooDeepParam } from "./input-depth.js";
import type { JsonValue } from "./json-schema.js";

/** The outcome of checking a model's input against a tool's schema. */
export type InputCheck<T> =
  | { readonly ok: true; readonly input: T }
  | { readonly ok: false; readonly failure: ToolErrorResult };

/**
 * Checks a model's input against a tool's zod schema. The input may be an object or the JSON
 * text of one (OpenAI sends `arguments` as a string), with whitespace or a byte-order mark around
 * it; `textLayers` says how many times that text may hold the JSON text of the input again
 * (models double-encode). A missing input counts as `{}`, and a
 * parameter set to `null` counts as not given (OpenAI's strict mode sends `null` for every
 * optional parameter the model leaves out), so both send the same request. A refusal
 * is a `validation_error` whose message names every parameter at fault, with `param` naming the
 * first, so a model can correct its call. An input nested deeper than {@link MAX_INPUT_DEPTH}
 * levels (or a cycle) is refused naming its top-level parameter, before anything recurses into it.
 */
export function validateToolInput<Input extends z.ZodType>(
  definition: ToolDefinition<string, Input>,
  rawInput: unknown,
  { textLayers = 1 }: { readonly textLayers?: number } = {},
): InputCheck<z.output<Input>> {
  let decoded: unknown;
  try {
    decoded = decodeInput(rawInput, textLayers);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return refused(`The input to ${definition.name} is not valid JSON: ${reason}`, {
      param: "(input)",
    });
  }
  // JSON.parse does not recurse: JSON text is checked once parsed, as an object is.
  const deepParam = tooDeepParam(decoded);
  if (deepParam !== undefined) {
    return refused(
      `The input to ${definition.name} is nested too deep at ${deepParam}: no parameter nests more than ${MAX_INPUT_DEPTH} levels`,
      { param: deepParam },
    );
  }
  const parsed = definition.inputSchema.safeParse(withoutNullFields(decoded), {
    reportInput: true,
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  const problems = parsed.error.issues.map((issue) => describeIssue(definition, issue));
  return refused(`Invalid input to ${definition.name}: ${problems.map((p) => p.text).join("; ")}`, {
    param: problems[0]?.param ?? "(input)",
    issues: problems.map(({ param, text }) => ({ param, message: text })),
  });
}

function refused(message: string, detail: { [key: string]: JsonValue }): InputCheck<never> {
  return { ok: false, failure: toolError("validation_error", message, detail) };
}

/** The input, its JSON text parsed up to `textLayers` times; throws on text that is not JSON. */
function decodeInput(rawInput: unknown, textLayers: number): unknown {
  let value = rawInput ?? {};
  for (let layer = 0; layer < textLayers && typeof value === "string"; layer++) {
    // trim() takes a byte-order mark too.
    const text = value.trim();
    value = text === "" ? {} : JSON.parse(text);
  }
  return value;
}

// Only object fields: a null inside an array is a value the model chose, and the schema judges it.
function withoutNullFields(value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, field]) => field !== null)
      .map(([key, field]) => [key, withoutNullFields(field)]),
  );
}

function describeIssue(
  definition: ToolDefinition,
  issue: z.core.$ZodIssue,
): { param: string; text: string } {
  const param = issue.path.length > 0 ? issue.path.map(String).join(".") : "(input)";
  if (issue.code === "unrecognized_keys") {
    const accepted = Object.keys(definition.parameters.properties);
    const unknown = issue.keys.map((key) => `"${key}"`).join(", ");
    const acceptedText = accepted.length > 0 ? accepted.join(", ") : "no parameters";
    return {
      param: issue.keys[0] ?? param,
      text: `unknown parameter ${unknown}; ${definition.name} accepts ${acceptedText}`,
    };
  }
  if (issue.code === "invalid_type" && issue.input === undefined) {
    const described = definition.parameters.properties[param]?.description;
    const why = typeof described === "string" ? ` — ${described.replace(/\.$/, "")}` : "";
    return { param, text: `${param} is required${why}` };
  }
  // The tools' own cross-field rules already name their parameters.
  if (issue.code === "custom") return { param, text: issue.message };
  return { param, text: `${param}: ${issue.message}` };
}
