/** The fake's routes: the contract's route table (`src/contract/routes.ts`), each with its rule. */
import { CONTRACT_ROUTES, type ContractRoute, type RouteKey } from "../../../contract/routes.js";
import { createContent } from "../rules/content-create.js";
import { createKey, getKey, listKeys, revokeKey } from "../rules/keys.js";
import { deleteContent, updateContent } from "../rules/lifecycle.js";
import {
  getBrand,
  getContent,
  getSchedule,
  getStats,
  listChannels,
  listContent,
} from "../rules/reads.js";
import { scheduleContent } from "../rules/schedule.js";
import type { RouteRule } from "./route-context.js";

/** What answers each route; a route of the table without a rule does not compile. */
const RULES: Readonly<Record<RouteKey, RouteRule>> = {
  "GET /content": listContent,
  "POST /content": createContent,
  "GET /content/:id": getContent,
  "PATCH /content/:id": updateContent,
  "DELETE /content/:id": deleteContent,
  "POST /content/:id/schedule": scheduleContent,
  "GET /channels": listChannels,
  "GET /brand": getBrand,
  "GET /schedule": getSchedule,
  "GET /stats": getStats,
  "GET /keys": listKeys,
  "POST /keys": createKey,
  "GET /keys/:id": getKey,
  "DELETE /keys/:id": revokeKey,
};

/** A route of the table with the rule that answers it. */
interface Route extends ContractRoute {
  readonly rule: RouteRule;
}

const ROUTES: readonly Route[] = CONTRACT_ROUTES.map((route) => ({
  ...route,
  rule: RULES[`${route.method} ${route.pattern}` as RouteKey],
}));
/** Matches a path against a `:name` pattern, returning the decoded params. */
function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const wanted = pattern.split("/");
  const actual = path.split("/");
  if (wanted.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of wanted.entries()) {
    const value = actual[index] ?? "";
    if (segment.startsWith(":")) {
      if (value === "") return null;
      try {
        params[segment.slice(1)] = decodeURIComponent(value);
      } catch {
        params[segment.slice(1)] = value;
      }
    } else if (segment !== value) return null;
  }
  return params;
}

/**
 * Whether a path under `/api/v1` matches a filter: a path such as `/content` or
 * `/content/:id/schedule` (`*` is any one segment), with or without `/api/v1` in front.
 */
export function matchesPathFilter(filter: string, path: string): boolean {
  const pattern = filter.replace(/^\/api\/v1(?=\/)/, "").replace(/\*/g, ":any");
  return matchPattern(pattern, path) !== null;
}

/** A request's route with its path parameters, or (no route) the methods its path allows. */
export type FoundRoute =
  | { readonly route: Route; readonly params: Record<string, string> }
  | { readonly route?: undefined; readonly allowed: readonly string[] };

/** The route for a method and path, or which methods the path allows (for a 405). */
export function findRoute(method: string, path: string): FoundRoute {
  const allowed: string[] = [];
  for (const route of ROUTES) {
    const params = matchPattern(route.pattern, path);
    if (!params) continue;
    if (route.method === method) return { route, params };
    allowed.push(route.method);
  }
  return { allowed };
}
