/** The route table of api-v1.md §4 with each route's scope and role from §5. */

import type { Role } from "../model/records.js";
import type { ScopeName } from "../rules/auth.js";
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

export interface Route {
  method: string;
  /** A path under `/api/v1`, with `:name` segments. */
  pattern: string;
  scope: ScopeName;
  roles: readonly Role[] | "any";
  /** Which of the key's rate-limit windows counts it (§8): only `POST /content` is `create`. */
  limit: "create" | "general";
  rule: RouteRule;
}

const ADMINS: readonly Role[] = ["owner", "admin"];

export const ROUTES: readonly Route[] = [
  {
    method: "GET",
    pattern: "/content",
    scope: "read",
    roles: "any",
    limit: "general",
    rule: listContent,
  },
  {
    method: "POST",
    pattern: "/content",
    scope: "write",
    roles: "any",
    limit: "create",
    rule: createContent,
  },
  {
    method: "GET",
    pattern: "/content/:id",
    scope: "read",
    roles: "any",
    limit: "general",
    rule: getContent,
  },
  {
    method: "PATCH",
    pattern: "/content/:id",
    scope: "write",
    roles: "any",
    limit: "general",
    rule: updateContent,
  },
  {
    method: "DELETE",
    pattern: "/content/:id",
    scope: "write",
    roles: "any",
    limit: "general",
    rule: deleteContent,
  },
  {
    method: "POST",
    pattern: "/content/:id/schedule",
    scope: "write",
    roles: "any",
    limit: "general",
    rule: scheduleContent,
  },
  {
    method: "GET",
    pattern: "/channels",
    scope: "read",
    roles: "any",
    limit: "general",
    rule: listChannels,
  },
  {
    method: "GET",
    pattern: "/brand",
    scope: "read",
    roles: "any",
    limit: "general",
    rule: getBrand,
  },
  {
    method: "GET",
    pattern: "/schedule",
    scope: "read",
    roles: "any",
    limit: "general",
    rule: getSchedule,
  },
  {
    method: "GET",
    pattern: "/stats",
    scope: "read",
    roles: "any",
    limit: "general",
    rule: getStats,
  },
  {
    method: "GET",
    pattern: "/keys",
    scope: "admin",
    roles: "any",
    limit: "general",
    rule: listKeys,
  },
  {
    method: "POST",
    pattern: "/keys",
    scope: "admin",
    roles: ADMINS,
    limit: "general",
    rule: createKey,
  },
  {
    method: "GET",
    pattern: "/keys/:id",
    scope: "admin",
    roles: "any",
    limit: "general",
    rule: getKey,
  },
  {
    method: "DELETE",
    pattern: "/keys/:id",
    scope: "admin",
    roles: ADMINS,
    limit: "general",
    rule: revokeKey,
  },
];

/** Matches a path against a `:name` pattern, returning the decoded params. */
export function matchPattern(pattern: string, path: string): Record<string, string> | null {
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
