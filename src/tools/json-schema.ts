import { z } from "zod";

/** A JSON value: what a tool result is made of. */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | JsonValue[]
  | { [key: string]: JsonValue };

/** An object `JSON.stringify` writes as it is: what a tool takes and gives back. */
export type JsonObject = { [key: string]: JsonValue };

/**
 * The JSON Schema (draft 2020-12, without the `$schema` key) of a tool's input: always an object
 * schema that lists its `properties`, which are `required`, and refuses other keys.
 */
export interface ToolParameters {
  /** Always `"object"`: a tool takes named parameters. */
  readonly type: "object";
  /** Each parameter's JSON Schema, with a `description` for the model. */
  readonly properties: { readonly [key: string]: JsonObject };
  /** The parameters that must be sent; absent when none must. */
  readonly required?: readonly string[];
  /** Always `false`: unknown parameters are refused. */
  readonly additionalProperties: false;
  /** Any other JSON Schema keyword zod wrote. */
  readonly [keyword: string]: unknown;
}

/**
 * Generates a tool's JSON Schema from its zod input schema with zod's own `z.toJSONSchema`.
 * `$schema` is dropped because several model providers refuse unknown top-level keywords, and the
 * long regex zod writes for ISO timestamps is dropped beside `format: "date-time"`, which says the
 * same to a model in far fewer tokens.
 */
export function toToolParameters(inputSchema: z.ZodType): ToolParameters {
  const parameters = jsonSchemaOf(inputSchema, "input");
  if (parameters.type !== "object" || parameters.additionalProperties !== false) {
    throw new TypeError("A tool's input schema must be a strict zod object.");
  }
  return parameters as unknown as ToolParameters;
}

/**
 * The JSON Schema (draft 2020-12, without `$schema`) of a tool's successful result: always an
 * object schema, since MCP's `structuredContent` is an object. Unknown keys are allowed, as the
 * response schemas keep them.
 */
export interface ToolOutputSchema {
  /** Always `"object"`. */
  readonly type: "object";
  /** Each result field's JSON Schema. */
  readonly properties: { readonly [key: string]: JsonObject };
  /** The fields every result has. */
  readonly required?: readonly string[];
  /** Any other JSON Schema keyword zod wrote. */
  readonly [keyword: string]: unknown;
}

/**
 * Generates a tool's output JSON Schema from the zod schema of its result, the same response
 * schemas the SDK parses with, read on their output side (what the tool hands back).
 */
export function toToolOutputSchema(outputSchema: z.ZodType): ToolOutputSchema {
  const schema = jsonSchemaOf(outputSchema, "output");
  if (schema.type !== "object" || typeof schema.properties !== "object") {
    throw new TypeError("A tool's output schema must be a zod object: MCP results are objects.");
  }
  return schema as unknown as ToolOutputSchema;
}

function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  const { $schema: _dialect, ...generated } = z.toJSONSchema(schema, {
    io,
    target: "draft-2020-12",
    override: ({ jsonSchema }) => {
      if (io === "input" && jsonSchema.format === "date-time") delete jsonSchema.pattern;
    },
  }) as Record<string, unknown>;
  return generated;
}
