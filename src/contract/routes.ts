/**
 * The v1 route table as data: each route's method and path (api-v1.md §4), the key scope and
 * member roles it needs (§5), and the rate budget it draws from (§8). The contract fake gives each
 * route its behaviour (`src/testing/fake/http/routes.ts`) and the OpenAPI document describes it
 * (`src/openapi/`); both read this table, so neither depends on the other.
 */
import type { RateBudget } from "../core/pacing/rate-budget.js";
import type { HttpMethod } from "../core/transport/http-method.js";
import type { KEY_SCOPES } from "../schemas/index.js";

/** The scopes the contract names; they cascade `admin` > `write` > `read`. */
export type ScopeName = (typeof KEY_SCOPES)[number];

/** A member's role in a workspace. */
export type Role = "owner" | "admin" | "member";

export interface ContractRoute {
  readonly method: HttpMethod;
  /** A path under `/api/v1`, with `:name` segments. */
  readonly pattern: string;
  readonly scope: ScopeName;
  /** The roles allowed on top of the scope, or `"any"` member. */
  readonly roles: readonly Role[] | "any";
  /** The per-key rate budget it draws from (§8): `create` for `POST /content`, else `other`. */
  readonly budget: RateBudget;
}

const ADMINS: readonly Role[] = ["owner", "admin"];

const read = { scope: "read", roles: "any", budget: "other" } as const;
const write = { scope: "write", roles: "any", budget: "other" } as const;

/** Every v1 route, in the order of §4. */
export const CONTRACT_ROUTES = [
  { method: "GET", pattern: "/content", ...read },
  { method: "POST", pattern: "/content", ...write, budget: "create" },
  { method: "GET", pattern: "/content/:id", ...read },
  { method: "PATCH", pattern: "/content/:id", ...write },
  { method: "DELETE", pattern: "/content/:id", ...write },
  { method: "POST", pattern: "/content/:id/schedule", ...write },
  { method: "GET", pattern: "/channels", ...read },
  { method: "GET", pattern: "/brand", ...read },
  { method: "GET", pattern: "/schedule", ...read },
  { method: "GET", pattern: "/stats", ...read },
  { method: "GET", pattern: "/keys", scope: "admin", roles: "any", budget: "other" },
  { method: "POST", pattern: "/keys", scope: "admin", roles: ADMINS, budget: "other" },
  { method: "GET", pattern: "/keys/:id", scope: "admin", roles: "any", budget: "other" },
  { method: "DELETE", pattern: "/keys/:id", scope: "admin", roles: ADMINS, budget: "other" },
] as const satisfies readonly ContractRoute[];

type KeyOf<R> = R extends { method: infer M extends string; pattern: infer P extends string }
  ? `${M} ${P}`
  : never;

/** A route's key in the table: `"<METHOD> <pattern>"`, e.g. `"GET /content/:id"`. */
export type RouteKey = KeyOf<(typeof CONTRACT_ROUTES)[number]>;
