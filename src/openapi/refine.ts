/**
 * Adds the contract's shape rules to the component schemas that `z.toJSONSchema` produced. The
 * SDK's own schemas stay lenient for forward compatibility (SDK_DESIGN §7): they do not refuse a
 * missing channel field or a rate of 37.5. The document states the contract, so a response that
 * breaks it fails validation, and these refinements live here, beside the document only.
 */
import type { JsonSchema } from "./json-schema.js";

/** What the contract states about one object schema, beyond what the zod schema says. */
export interface Refinement {
  /**
   * The whole `required` list the contract states (it replaces the generated one); `"every"`
   * when the contract lists every field the schema declares.
   */
  required?: readonly string[] | "every";
  /** With `required: "every"`: the fields the contract lets be absent. */
  optional?: readonly string[];
  /** Per property: keywords added to the generated property schema. */
  properties?: Record<string, JsonSchema>;
  /** Properties whose type the contract does not show: any value. */
  anyValue?: readonly string[];
  /** Rules that tie fields together (`if`/`then`, `not`). */
  allOf?: readonly JsonSchema[];
  /** Other keywords set on the object schema itself (`additionalProperties`, `propertyNames`). */
  set?: JsonSchema;
}

/** `$ref` of a named schema. */
export const refTo = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** An ISO-8601 UTC timestamp (api-v1.md §1 convention 2): `Z`, or a zero offset. */
export const UTC_TIMESTAMP: JsonSchema = {
  type: "string",
  format: "date-time",
  pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]00:00)$",
};

/** A camelCase field name (api-v1.md §1 convention 2). */
export const CAMEL_CASE: JsonSchema = { pattern: "^[a-z][a-zA-Z0-9]*$" };

/** A non-negative whole number: a count. */
export const COUNT: JsonSchema = { type: "integer", minimum: 0 };

/**
 * `required` inside a subschema (`if`, `then`, `not`), with the names declared beside it: Redocly's
 * `no-required-schema-properties-undefined` reads each subschema on its own.
 */
export function requires(...names: string[]): JsonSchema {
  return { required: names, properties: Object.fromEntries(names.map((name) => [name, {}])) };
}

/** `if` the `field` holds `value` `then` the schema `then`. */
export function whenEquals(field: string, value: unknown, then: JsonSchema): JsonSchema {
  return {
    if: { ...requires(field), properties: { [field]: { const: value } } },
    then,
  };
}

/** The object schema at `path`: a component name, then property names (`ScheduleConfig.voices`). */
function objectAt(schemas: Record<string, JsonSchema>, path: string): JsonSchema {
  const [name, ...fields] = path.split(".");
  let schema = schemas[name as string];
  for (const field of fields) {
    const properties = schema?.properties as Record<string, JsonSchema> | undefined;
    schema = properties?.[field];
  }
  if (schema?.type !== "object")
    throw new Error(`The OpenAPI refinement names ${path}, which is no object schema`);
  return schema;
}

/** Adds `extra` to a property schema; beside a `$ref` it goes through `allOf` (3.0-era tools ignore siblings). */
function constrained(schema: JsonSchema | undefined, extra: JsonSchema): JsonSchema {
  if (!schema || Object.keys(schema).length === 0) return extra;
  if ("$ref" in schema) return { allOf: [schema, extra] };
  return { ...schema, ...extra };
}

/** Applies `refinements` to `schemas` in place; a refinement of a missing field is a build error. */
export function applyRefinements(
  schemas: Record<string, JsonSchema>,
  refinements: Record<string, Refinement>,
): void {
  for (const [path, stated] of Object.entries(refinements)) {
    // A copy: the document is built more than once, and its objects must not share a constant.
    const refinement = structuredClone(stated);
    const object = objectAt(schemas, path);
    const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
    for (const [field, extra] of Object.entries(refinement.properties ?? {})) {
      properties[field] = constrained(properties[field], extra);
    }
    for (const field of refinement.anyValue ?? []) properties[field] = {};
    object.properties = properties;
    const required =
      refinement.required === "every"
        ? Object.keys(properties).filter((field) => !refinement.optional?.includes(field))
        : refinement.required;
    for (const field of required ?? []) {
      if (!(field in properties))
        throw new Error(`${path} requires ${field}, which it does not define`);
    }
    if (required) object.required = [...required];
    if (refinement.allOf)
      object.allOf = [...((object.allOf as JsonSchema[]) ?? []), ...refinement.allOf];
    Object.assign(object, refinement.set);
  }
}
