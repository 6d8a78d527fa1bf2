/**
 * `client.request()`: any v1 route, including ones this SDK version does not know yet (api-v1.md
 * §9: additive changes land without notice), with the client's auth, pacing, retries, typed
 * errors, logging and redaction.
 */
import type { z } from "zod";
import { InvalidRequestError } from "../core/errors/local-errors.js";
import { thrownMessage } from "../core/observe/guarded-call.js";
import type { RateBudget } from "../core/pacing/rate-budget.js";
import type { Redactor } from "../core/redact.js";
import type { RequestOptions } from "../core/request-options.js";
import { HTTP_METHODS, type HttpMethod } from "../core/transport/http-method.js";
import { parseWith, readJson } from "./parse-response.js";
import type { ResourceContext } from "./resource-context.js";

/** What `client.request()` sends. */
export interface CustomRequest<S extends z.ZodType | undefined = undefined> {
  /** Checked at run time too: another is refused with `InvalidRequestError` naming `method`. */
  method: HttpMethod;
  /** Relative to `/api/v1/`, e.g. `content/cnt_1/schedule`; encode ids with `encodeURIComponent`. */
  path: string;
  /** Query parameters; `undefined` values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** Sent as JSON; one `JSON.stringify` cannot carry (a BigInt, a cycle) is refused first. */
  body?: unknown;
  /** A zod schema the response body is validated with and typed by; without one, `unknown`. */
  schema?: S;
}

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
  if (!(HTTP_METHODS as readonly string[]).includes(method)) {
    throw new InvalidRequestError(
      "method",
      `method must be one of ${HTTP_METHODS.join(", ")}; got ${JSON.stringify(String(method))}`,
    );
  }
  const path = checkedPath(spec.path, new URL(ctx.transport.urlFor("")));
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
  if (spec.body !== undefined) checkJsonBody(spec.body, ctx.reader.redact);
  const response = await ctx.transport.request({
    operation: "request",
    method,
    path,
    query,
    ...(spec.body === undefined ? {} : { body: spec.body }),
    options,
    budget: budgetOf(method, path),
  });
  const body = readJson(response, ctx.reader);
  return (schema === undefined ? body : parseWith(schema, body, response, ctx.reader)) as never;
}

/**
 * Refuses a body `JSON.stringify` cannot carry (a BigInt, a cycle, a throwing `toJSON`, a function),
 * here rather than at send time, where it would look like a write that may have happened.
 */
function checkJsonBody(body: unknown, redact: Redactor): void {
  let text: string | undefined;
  let reason = "it serialises to nothing";
  try {
    text = JSON.stringify(body);
  } catch (error) {
    reason = redact(thrownMessage(error));
  }
  if (text === undefined) {
    throw new InvalidRequestError(
      "body",
      `body must be a value JSON can carry (no BigInt, cycle or function): ${reason}`,
    );
  }
}

/**
 * The path relative to `/api/v1/`, as the URL parser resolves it against `base`. The parser decodes
 * `%2e`, turns `\` into `/` and drops tab, CR and LF, so checking the text as given is not enough:
 * a path is refused unless its resolved URL stays on the base's origin under its `/api/v1/`.
 */
function checkedPath(path: unknown, base: URL): string {
  if (typeof path !== "string" || path.trim() === "") {
    throw new InvalidRequestError("path", 'path must be a non-empty string, e.g. "content"');
  }
  const outside = () =>
    new InvalidRequestError("path", `path must stay under /api/v1/; got ${JSON.stringify(path)}`);
  // Control characters are dropped or refused by the parser; none belongs in a route.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: what is refused
  if (/[\u0000-\u001f\u007f]/.test(path)) {
    throw new InvalidRequestError(
      "path",
      `path must not hold control characters (tab, CR, LF, NUL); got ${JSON.stringify(path)}`,
    );
  }
  if (path.includes("\\") || path.startsWith("//")) {
    throw new InvalidRequestError(
      "path",
      `path must not hold a backslash or start with //: encode ids with encodeURIComponent; got ${JSON.stringify(path)}`,
    );
  }
  const relative = path.replace(/^\/+/, "").replace(/^api\/v1\//, "");
  if (SCHEME.test(path) || SCHEME.test(relative)) throw outside();
  if (/[?#]/.test(relative)) {
    throw new InvalidRequestError(
      "path",
      "path must not hold a query or fragment: pass query parameters in `query`",
    );
  }
  let url: URL;
  try {
    url = new URL(relative, base);
  } catch {
    throw outside();
  }
  const under = base.pathname;
  if (url.origin !== base.origin || !url.pathname.startsWith(under) || url.search || url.hash) {
    throw outside();
  }
  const resolved = url.pathname.slice(under.length);
  // A gateway that decodes again would see `..` in `%252e%252e` or `..%2f`: refused as well.
  if (resolved === "" || resolved.split("/").some(hasDotComponent)) throw outside();
  return resolved;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * The rate budget a request draws from (api-v1.md §8): `POST /content` is a create, however the
 * path is written (`content/`, `content//`), as the service routes it; everything else is other.
 */
function budgetOf(method: HttpMethod, path: string): RateBudget {
  const segments = path.split("/").filter((segment) => segment !== "");
  return method === "POST" && segments.length === 1 && segments[0] === "content"
    ? "create"
    : "other";
}

/** Whether a segment, decoded as often as it decodes, holds a `.` or `..` component. */
function hasDotComponent(segment: string): boolean {
  let text = segment;
  for (let i = 0; i < 4; i++) {
    if (text.split(/[/\\]/).some((part) => part === "." || part === "..")) return true;
    let next: string;
    try {
      next = decodeURIComponent(text);
    } catch {
      return false;
    }
    if (next === text) return false;
    text = next;
  }
  return true;
}
