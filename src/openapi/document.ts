/**
 * The OpenAPI 3.1 document of the v1 API, built from the contract's route table and limits
 * (`src/contract/`: paths, methods, scopes, roles, rate budgets), the zod schemas (`src/schemas`,
 * request schemas beside this file) and the error-code table, so it cannot drift from any of them.
 */

import { RATE_LIMITS } from "../contract/rate-limits.js";
import { CONTRACT_ROUTES, type ContractRoute } from "../contract/routes.js";
import { ERROR_CODE_TABLE, type ErrorCodeClassName } from "../core/errors/codes.js";
import { componentSchemas, nameOf, parameterSchema, refTo } from "./components.js";
import type { JsonSchema } from "./json-schema.js";
import { NOT_SHOWN, OPERATIONS, type OperationSpec } from "./operations.js";

/** The codes any route may answer: credentials, the workspace's state, scope, 429, 500. */
const EVERY_ROUTE: readonly ErrorCodeClassName[] = [
  "MissingAuthorizationError",
  "InvalidApiKeyError",
  "SubscriptionInactiveError",
  "ScopeRequiredError",
  "WorkspaceSuspendedError",
  "WorkspaceNotFoundError",
  "RateLimitError",
  "InternalServerError",
];

const RATE_LIMIT_HEADERS = {
  "Retry-After": "Seconds to wait.",
  "X-RateLimit-Limit": "The window's limit.",
  "X-RateLimit-Remaining": "Requests left in the window (0).",
  "X-RateLimit-Reset": "Unix timestamp (seconds) when the window rolls over.",
};

const DESCRIPTION = `The Postline Agent API v1, as \`@postline/sdk\` and its contract fake implement it.

- Requests and responses are JSON; fields are camelCase; timestamps ISO-8601 UTC.
- Every failure is the envelope \`{ "error": { "code", "message" } }\`; extra detail (e.g. \`channels\`, \`aiIsmMatches\`, \`acknowledgmentRequired\`) sits inside \`error\`.
- Optional response keys are absent, never \`null\`. Unknown keys and enum values may appear at any time (additive changes land in v1): clients must accept them. Enums that may grow are strings, their known values listed in \`x-extensible-enum\`.
- Where the contract does not show a type or a body, the schema allows any value. Every field the contract lists is required, and every field it retires is forbidden.
- Rate limits per key, rolling 60 s: ${RATE_LIMITS.create}/min for POST /content, ${RATE_LIMITS.other}/min for every other route; ${RATE_LIMITS.address}/min per address for requests without a valid key. Only a 429 carries the \`Retry-After\` and \`X-RateLimit-*\` headers.
- Scopes cascade \`admin\` > \`write\` > \`read\`; the key owner's role applies on top. A logged-in browser session is also accepted.
- The MCP endpoint that mirrors these routes speaks JSON-RPC and is not described here.`;

/** Where questions about the document go: the package's issue tracker. */
const CONTACT_URL = "https://github.com/postline/postline-sdk-typescript/issues";

/** `/content/:id` as OpenAPI writes it: `/content/{id}`. */
export function openApiPath(pattern: string): string {
  return pattern.replace(/:([A-Za-z]+)/g, "{$1}");
}

/** The spec of a route; a route without one is a build error, so the document covers them all. */
function operationOf(route: Pick<ContractRoute, "method" | "pattern">): OperationSpec {
  const spec = OPERATIONS[`${route.method} ${route.pattern}`];
  if (!spec) throw new Error(`No OpenAPI operation for ${route.method} ${route.pattern}`);
  return spec;
}

/** The error codes a route answers, by status, as Markdown labels (`` `not_found` ``). */
function errorsByStatus(route: ContractRoute): Map<number, string[]> {
  const classes = [...EVERY_ROUTE, ...(operationOf(route).errors ?? [])];
  if (route.roles !== "any") classes.push("ForbiddenError");
  const byStatus = new Map<number, string[]>();
  for (const name of classes) {
    const { code, status } = ERROR_CODE_TABLE[name];
    if (status === null) continue;
    const flag = "flag" in ERROR_CODE_TABLE[name] ? " with `acknowledgmentRequired: true`" : "";
    const label = `\`${code}\`${flag}`;
    const codes = byStatus.get(status) ?? [];
    if (!codes.includes(label)) codes.push(label);
    byStatus.set(status, codes);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

const json = (schema: JsonSchema): JsonSchema => ({ "application/json": { schema } });

function parameters(route: ContractRoute, spec: OperationSpec): JsonSchema[] {
  const path = [...route.pattern.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    description: "The resource's id.",
    schema: { type: "string", minLength: 1 },
    ...(spec.idExample ? { example: spec.idExample } : {}),
  }));
  const query = Object.entries(spec.query?.shape ?? {}).map(([name, field]) => {
    const { schema, description } = parameterSchema(field);
    const optional = field.safeParse(undefined).success;
    return { name, in: "query", required: !optional, description, schema };
  });
  return [...path, ...query];
}

function responses(route: ContractRoute, spec: OperationSpec): JsonSchema {
  const answers: JsonSchema = {};
  for (const success of spec.success) {
    answers[String(success.status)] = {
      description: success.description,
      ...(success.body === undefined
        ? {}
        : { content: json(success.body === NOT_SHOWN ? {} : refTo(nameOf(success.body))) }),
    };
  }
  // PATCH-3: a route that gates approval answers 409 with the acknowledgment fields.
  const conflict = spec.errors?.includes("AcknowledgmentRequiredError")
    ? "ConflictEnvelope"
    : "ErrorEnvelope";
  for (const [status, codes] of errorsByStatus(route)) {
    answers[String(status)] =
      status === 429
        ? { $ref: "#/components/responses/RateLimited" }
        : {
            description: `${codes.join(", ")}.`,
            content: json(refTo(status === 409 ? conflict : "ErrorEnvelope")),
          };
  }
  return answers;
}

/** A path's tag, by its first segment: Content, Keys, or else Workspace. */
function tagOf(pattern: string): string {
  if (pattern.startsWith("/content")) return "Content";
  return pattern.startsWith("/keys") ? "Keys" : "Workspace";
}

function operation(route: ContractRoute): JsonSchema {
  const spec = operationOf(route);
  const roles = route.roles === "any" ? "any member" : route.roles.join(" or ");
  const limit = RATE_LIMITS[route.budget];
  const access = `Scope \`${route.scope}\`; role: ${roles}. Rate limit: ${limit} per minute per key. SDK: ${spec.sdk.map((m) => `\`${m}\``).join(", ")}.`;
  const result: JsonSchema = {
    operationId: spec.operationId,
    tags: [tagOf(route.pattern)],
    summary: spec.summary,
    description: spec.description ? `${spec.description}\n\n${access}` : access,
    "x-postline-scope": route.scope,
    "x-postline-roles": route.roles,
    "x-postline-rate-limit": limit,
    "x-postline-sdk": spec.sdk,
  };
  const params = parameters(route, spec);
  if (params.length > 0) result.parameters = params;
  if (spec.body) {
    result.requestBody = {
      required: spec.bodyRequired === true,
      content: {
        "application/json": {
          schema: refTo(nameOf(spec.body)),
          ...(spec.example ? { example: spec.example } : {}),
        },
      },
    };
  }
  result.responses = responses(route, spec);
  return result;
}

/**
 * The OpenAPI 3.1 document of the v1 API; `baseURL` is the default of the `baseURL` server
 * variable (the fake puts its own address here).
 */
export function buildOpenApiDocument({ baseURL }: { baseURL?: string } = {}): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  for (const route of CONTRACT_ROUTES) {
    const path = openApiPath(route.pattern);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route) };
  }
  const schemas = componentSchemas();
  return {
    openapi: "3.1.0",
    info: {
      title: "Postline Agent API",
      version: "v1",
      description: DESCRIPTION,
      license: { name: "MIT", identifier: "MIT" },
      contact: { name: "@postline/sdk", url: CONTACT_URL },
    },
    servers: [
      {
        url: "{baseURL}/api/v1",
        description: "The service; `postline fake` prints the base URL of its own.",
        variables: {
          baseURL: {
            default: baseURL ?? "http://127.0.0.1:4010",
            description: "The service's base address, without `/api/v1`.",
          },
        },
      },
    ],
    security: [{ bearerAuth: [] }],
    tags: [
      { name: "Content", description: "Content items and their lifecycle." },
      { name: "Workspace", description: "Channels, brand profile, schedule and stats." },
      { name: "Keys", description: "Agent keys (admin scope)." },
    ],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description:
            "An agent key: `Authorization: Bearer <API_KEY>`. Test keys start `<prefix>_test_`, live keys `<prefix>_live_`.",
        },
      },
      responses: {
        RateLimited: {
          description: "`rate_limited`: the message states the seconds to wait.",
          headers: Object.fromEntries(
            Object.entries(RATE_LIMIT_HEADERS).map(([name, description]) => [
              name,
              { description, required: true, schema: { type: "integer", minimum: 0 } },
            ]),
          ),
          content: { "application/json": { schema: refTo("RateLimitedEnvelope") } },
        },
      },
      schemas,
    },
  };
}
