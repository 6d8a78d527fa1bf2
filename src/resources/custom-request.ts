/**
 * `client.request()`: any v1 route, including ones this SDK version does not know yet (api-v1.md
 * §9: additive changes land without notice), with the client's auth, pacing, retries, typed
 * errors, logging and redaction.
 */
import type { z } from "zod";
import { InvalidRequestError } from "../core/errors/local-errors.js";
import type { RequestOptions } from "../core/request-options.js";
import { parseWith, readJson } from "./parse-response.js";
import type { ResourceContext } from "./resource-context.js";

/** What `client.request()` sends. */
export interface CustomRequest<S extends z.ZodType | undefined = undefined> {
  /** The HTTP method. */
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Relative to `/api/v1/`, e.g. `content/cnt_1/schedule`; encode ids with `encodeURIComponent`. */
  path: string;
  /** Query parameters; `undefined` values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** A JSON body. */
  body?: unknown;
  /** A zod schema the response body is validated with and typed by; without one, `unknown`. */
  schema?: S;
}

const METHODS: readonly string[] = ["GET", "POST", "PATCH", "DELETE"];

/** Sends a {@link CustomRequest} and returns its body, parsed with `schema` when one is given. */
export async function sendCustomRequest<S extends z.ZodType | undefined>(
  ctx: ResourceContext,
  spec: CustomRequest<S>,
  options?: RequestOptions,
): Promise<S extends z.ZodType ? z.output<S> : unknown> {
  if (spec === null || typeof spec !== "object") {
    throw new InvalidRequestError(
      "request",
      "client.request() takes { method, path, query?, body?, schema? }",
    );
  }
  const { method, schema } = spec;
  if (!METHODS.includes(method)) {
    throw new InvalidRequestError(
      "method",
      `method must be one of ${METHODS.join(", ")}; got ${JSON.stringify(String(method))}`,
    );
  }
  const path = checkedPath(spec.path);
  if (schema !== undefined && typeof (schema as { safeParse?: unknown }).safeParse !== "function") {
    throw new InvalidRequestError("schema", "schema must be a zod schema");
  }
  const query: Record<string, string | number | undefined> = {};
  for (const [name, value] of Object.entries(spec.query ?? {})) {
    if (value !== undefined && !["string", "number", "boolean"].includes(typeof value)) {
      throw new InvalidRequestError(
        `query.${name}`,
        `query.${name} must be a string, number or boolean`,
      );
    }
    query[name] = typeof value === "boolean" ? String(value) : value;
  }
  const response = await ctx.transport.request({
    operation: "request",
    method,
    path,
    query,
    ...(spec.body === undefined ? {} : { body: spec.body }),
    options,
    // POST /content draws from the create budget, as the content resource's creates do (§8).
    budget: method === "POST" && path === "content" ? "create" : "other",
  });
  const body = readJson(response, ctx.reader);
  return (schema === undefined ? body : parseWith(schema, body, response, ctx.reader)) as never;
}

/** The path without leading slashes; refuses what would leave `/api/v1/` or smuggle a query. */
function checkedPath(path: unknown): string {
  if (typeof path !== "string" || path.trim() === "") {
    throw new InvalidRequestError("path", 'path must be a non-empty string, e.g. "content"');
  }
  const relative = path.replace(/^\/+/, "").replace(/^api\/v1\//, "");
  if (
    /^[a-z][a-z0-9+.-]*:/i.test(path) ||
    relative.split("/").some((part) => part === ".." || part === ".")
  ) {
    throw new InvalidRequestError(
      "path",
      `path must stay under /api/v1/; got ${JSON.stringify(path)}`,
    );
  }
  if (/[?#]/.test(relative)) {
    throw new InvalidRequestError(
      "path",
      "path must not hold a query or fragment: pass query parameters in `query`",
    );
  }
  return relative;
}
