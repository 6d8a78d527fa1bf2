/**
 * docs/rest.md: the route reference for callers without the SDK (curl, other languages), rendered
 * from the OpenAPI document so the two always say the same.
 */

import { GENERATED_CLIENTS_SECTION } from "./generated-clients.js";
import type { JsonSchema } from "./json-schema.js";

type Schema = JsonSchema & {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
  minimum?: number;
  maximum?: number;
  default?: unknown;
};

const refName = (ref: string) => ref.split("/").at(-1) ?? ref;
const anchor = (name: string) => `#${name.toLowerCase()}`;
const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");

/** A schema in a few words: `string`, `ContentItem[]`, `integer (1 to 100)`, `any`. */
function typeOf(schema: Schema | undefined): string {
  if (!schema || Object.keys(schema).length === 0) return "any";
  if (schema.$ref) return `[${refName(schema.$ref)}](${anchor(refName(schema.$ref))})`;
  // A named schema with the contract's rules beside it reads as that schema.
  if (schema.allOf?.[0] && !schema.type) return typeOf(schema.allOf[0]);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && !schema.type) return variants.map(typeOf).join(" or ");
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``;
  if (schema.enum) return schema.enum.map((value) => `\`${String(value)}\``).join(", ");
  if (schema.type === "array") return `${typeOf(schema.items)}[]`;
  if (schema.type === "null") return "null";
  if (schema.type === "object" && schema.properties) {
    return `{ ${Object.keys(schema.properties).join(", ")} }`;
  }
  const range =
    schema.minimum !== undefined &&
    schema.maximum !== undefined &&
    Math.abs(schema.maximum) < Number.MAX_SAFE_INTEGER
      ? ` (${schema.minimum} to ${schema.maximum})`
      : "";
  return `${Array.isArray(schema.type) ? schema.type.join(" or ") : (schema.type ?? "any")}${range}`;
}

function fieldTable(schema: Schema): string[] {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) return ["Any JSON object."];
  const required = new Set(schema.required ?? []);
  return [
    "| Field | Type | Required | Notes |",
    "|---|---|---|---|",
    ...properties.map(
      ([name, field]) =>
        `| \`${name}\` | ${cell(typeOf(field))} | ${required.has(name) ? "yes" : "no"} | ${cell(field.description ?? "")} |`,
    ),
  ];
}

function schemaSection(name: string, schema: Schema): string[] {
  const lines = [`### ${name}`, ""];
  if (schema.description) lines.push(schema.description, "");
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && !schema.properties && variants.some((variant) => variant.description)) {
    lines.push("One of:", "", ...variants.map((v) => `- ${typeOf(v)}: ${v.description ?? ""}`), "");
  } else if (variants && !schema.properties) {
    lines.push(`One of: ${variants.map(typeOf).join(", ")}.`, "");
  } else if (schema.allOf?.[0] && !schema.properties) {
    lines.push(`A ${typeOf(schema.allOf[0])}, with the rules above.`, "");
  } else lines.push(...fieldTable(schema), "");
  return lines;
}

function curlOf(method: string, path: string, example: unknown, query: string): string {
  const parts = [`curl -sS -X ${method} "$POSTLINE_BASE_URL/api/v1${path}${query}"`];
  parts.push('-H "Authorization: Bearer $POSTLINE_API_KEY"');
  if (example !== undefined) {
    parts.push('-H "Content-Type: application/json"', `-d '${JSON.stringify(example)}'`);
  }
  return ["```sh", parts.join(" \\\n  "), "```"].join("\n");
}

/** The whole of docs/rest.md. */
export function renderRestReference(document: JsonSchema): string {
  const paths = document.paths as Record<string, Record<string, Schema>>;
  const schemas = (document.components as { schemas: Record<string, Schema> }).schemas;
  const operations = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      path,
      method: method.toUpperCase(),
      operation,
    })),
  );
  const lines = [
    "# REST reference (v1)",
    "",
    "<!-- Generated from the OpenAPI document by `npm run rest-docs`; do not edit by hand. -->",
    "",
    "Every route of the Postline Agent API under `{baseURL}/api/v1`, for callers without the SDK.",
    "The same reference is an OpenAPI 3.1 document: `@postline/sdk/openapi.json` in the package,",
    "and `GET /api/v1/openapi.json` on `postline fake` (no key needed). The examples run against",
    "`postline fake` after the `export` line it prints; `$ID` is an id from an earlier answer.",
    "",
    "- Send `Authorization: Bearer <API_KEY>`; bodies are JSON with `Content-Type: application/json`.",
    '- Every failure is `{ "error": { "code": "...", "message": "..." } }`; details sit inside `error`.',
    "- A 429 carries `Retry-After`, `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset`.",
    "- Optional response fields are absent, never `null`; unknown fields and values may appear.",
    "",
    "| Method | Path | Scope | Summary |",
    "|---|---|---|---|",
    ...operations.map(
      ({ path, method, operation }) =>
        `| ${method} | [\`${path}\`](#${method.toLowerCase()}-${path.replace(/[^a-z0-9]+/gi, "").toLowerCase()}) | ${operation["x-postline-scope"]} | ${operation.summary} |`,
    ),
    "",
    ...GENERATED_CLIENTS_SECTION,
    "## Routes",
    "",
  ];
  for (const { path, method, operation } of operations) {
    lines.push(
      `### ${method} ${path}`,
      "",
      `**${operation.summary}.** ${operation.description}`,
      "",
    );
    const parameters = (operation.parameters ?? []) as Array<Schema & { name: string; in: string }>;
    if (parameters.length > 0) {
      lines.push("| Parameter | In | Type | Required | Notes |", "|---|---|---|---|---|");
      for (const parameter of parameters) {
        const schema = parameter.schema as Schema;
        const fallback = schema.default === undefined ? "" : ` Default \`${schema.default}\`.`;
        lines.push(
          `| \`${parameter.name}\` | ${parameter.in} | ${cell(typeOf(schema))} | ${parameter.required ? "yes" : "no"} | ${cell(`${parameter.description ?? ""}${fallback}`)} |`,
        );
      }
      lines.push("");
    }
    const body = (operation.requestBody as Schema | undefined)?.content as
      | Record<string, { schema: Schema; example?: unknown }>
      | undefined;
    const json = body?.["application/json"];
    if (json) {
      const named = json.schema.$ref ? schemas[refName(json.schema.$ref)] : json.schema;
      lines.push(`Body (${typeOf(json.schema)}):`, "");
      if (named?.description) lines.push(named.description, "");
      lines.push(...fieldTable(named ?? {}), "");
    }
    lines.push("| Status | Answer |", "|---|---|");
    for (const [status, answer] of Object.entries(operation.responses as Record<string, Schema>)) {
      const resolved = answer.$ref
        ? (document.components as Record<string, Record<string, Schema>>).responses?.[
            refName(answer.$ref)
          ]
        : answer;
      const content = (resolved?.content as Record<string, { schema: Schema }> | undefined)?.[
        "application/json"
      ];
      const shape = content ? ` Body: ${typeOf(content.schema)}.` : "";
      lines.push(`| ${status} | ${cell(`${resolved?.description ?? ""}${shape}`)} |`);
    }
    lines.push(
      "",
      curlOf(
        method,
        path.replace("{id}", "$ID"),
        json?.example,
        method === "GET" && path === "/content" ? "?limit=20" : "",
      ),
      "",
    );
  }
  lines.push("## Schemas", "");
  for (const [name, schema] of Object.entries(schemas)) lines.push(...schemaSection(name, schema));
  return `${lines.join("\n").trimEnd()}\n`;
}
