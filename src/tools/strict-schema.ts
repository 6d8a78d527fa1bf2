import type { ToolParameters } from "./json-schema.js";

// The keywords OpenAI's strict mode documents as supported ("Supported schemas" in the
// Structured Outputs guide); any other keyword makes the request fail.
const STRICT_KEYWORDS = new Set([
  "type",
  "description",
  "enum",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "anyOf",
  "$ref",
  "$defs",
  "pattern",
  "format",
  "multipleOf",
  "maximum",
  "exclusiveMaximum",
  "minimum",
  "exclusiveMinimum",
  "minItems",
  "maxItems",
]);

/** The string formats strict mode supports. */
export const STRICT_STRING_FORMATS: ReadonlySet<string> = new Set([
  "date-time",
  "time",
  "date",
  "duration",
  "email",
  "hostname",
  "ipv4",
  "ipv6",
  "uuid",
]);

type SchemaNode = { [keyword: string]: unknown };

/** Reads the `strict` option of an adapter, refusing anything but a boolean. */
export function wantsStrict(options: { readonly strict?: boolean | undefined }): boolean {
  if (options === null || typeof options !== "object") {
    throw new TypeError("options must be an object such as { strict: true }.");
  }
  if (options.strict !== undefined && typeof options.strict !== "boolean") {
    throw new TypeError(`options.strict must be a boolean; got ${typeof options.strict}.`);
  }
  return options.strict === true;
}

/**
 * Rewrites a tool's JSON Schema for OpenAI strict function calling: every property is listed in
 * `required`, an optional one also accepts `null` (which `runTool` reads as "not given"), `const`
 * becomes a one-value `enum`, and keywords strict mode does not support (`minLength`, ...) are
 * dropped. Dropped constraints still hold: `runTool` checks the input with the tool's zod schema.
 */
export function toStrictParameters(parameters: ToolParameters): ToolParameters {
  return strictNode(parameters as SchemaNode) as unknown as ToolParameters;
}

function strictNode(
  node: SchemaNode,
  { nullable = false }: { readonly nullable?: boolean } = {},
): SchemaNode {
  const strict: SchemaNode = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword === "const") strict.enum = [value];
    else if (keyword === "format" && !STRICT_STRING_FORMATS.has(String(value))) continue;
    else if (STRICT_KEYWORDS.has(keyword)) strict[keyword] = structuredClone(value);
  }
  if (isNode(node.properties)) {
    const required = new Set(Array.isArray(node.required) ? node.required : []);
    strict.properties = Object.fromEntries(
      Object.entries(node.properties).map(([name, property]) => [
        name,
        strictNode(property as SchemaNode, { nullable: !required.has(name) }),
      ]),
    );
    strict.required = Object.keys(node.properties);
    strict.additionalProperties = false;
  }
  if (isNode(node.items)) strict.items = strictNode(node.items);
  if (Array.isArray(node.anyOf)) {
    strict.anyOf = node.anyOf.map((branch) => strictNode(branch as SchemaNode));
  }
  if (isNode(node.$defs)) {
    strict.$defs = Object.fromEntries(
      Object.entries(node.$defs).map(([name, definition]) => [
        name,
        strictNode(definition as SchemaNode),
      ]),
    );
  }
  return nullable ? withNull(strict) : strict;
}

// Strict mode has no optional properties: "not given" is written as null.
function withNull(node: SchemaNode): SchemaNode {
  if (typeof node.type === "string") {
    const nullable: SchemaNode = { ...node, type: [node.type, "null"] };
    if (Array.isArray(node.enum)) nullable.enum = [...node.enum, null];
    return nullable;
  }
  const { description, ...rest } = node;
  return {
    ...(description === undefined ? {} : { description }),
    anyOf: [rest, { type: "null" }],
  };
}

function isNode(value: unknown): value is SchemaNode {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
