/**
 * CONV-1: the response objects' field names are camelCase. That is every object component but
 * the request bodies; the error envelope admits no key but `error`, so the rule sits on `error`.
 * Records keyed by a value (`counts`, `byStatus`, `sourceMix`: `news_reactive`...) are properties,
 * not components, and stay open.
 */
import type { JsonSchema } from "./json-schema.js";
import { CAMEL_CASE, type Refinement } from "./refine.js";

/** The rule as refinements of `components`, by component path. */
export function camelCaseRules(
  components: Readonly<Record<string, JsonSchema>>,
): Record<string, Refinement> {
  const paths = Object.keys(components)
    .filter((name) => components[name]?.type === "object" && !name.endsWith("Request"))
    .map((name) => (name === "ErrorEnvelope" ? "ErrorEnvelope.error" : name));
  return Object.fromEntries(paths.map((path) => [path, { set: { propertyNames: CAMEL_CASE } }]));
}
