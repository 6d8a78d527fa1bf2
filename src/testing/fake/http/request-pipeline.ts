/**
 * One request through the model, in the order the service checks things: the route prefix,
 * authentication (with the per-address limit for failures), the per-key rate limit, the
 * workspace's state, the route and its method, scope and role, the body, then the rule.
 */

import type { ApprovalSource } from "../../../contract/approval-source.js";
import { RATE_LIMITS } from "../../../contract/rate-limits.js";
import type { RateBudget } from "../../../core/pacing/rate-budget.js";
import type { FakeProvider } from "../handles/provider.js";
import type { FakeStore } from "../model/store.js";
import { assertAccess, assertWorkspaceUsable, resolveCaller } from "../rules/auth.js";
import { parseJsonBody } from "../rules/input.js";
import type { RateLimiter } from "../rules/limits.js";
import { ApiFailure, type FakeResponse, methodNotAllowed } from "./fake-response.js";
import type { Caller, RouteContext } from "./route-context.js";
import { type FoundRoute, findRoute } from "./routes.js";
import type { SessionRecord } from "./sessions.js";

export interface PipelineRequest {
  method: string;
  /** Path under `/api/v1`, or `null` when the URL is not under it. */
  apiPath: string | null;
  query: URLSearchParams;
  authorization: string | null;
  /** The browser session the request's cookie carries; `null` or absent when none (MCP). */
  session?: SessionRecord | null;
  bodyText: string;
  clientAddress: string;
  /** The face that says it sent the request (the review card), if any. */
  approvalSource?: ApprovalSource | undefined;
}

export interface PipelineDeps {
  store: FakeStore;
  provider: FakeProvider;
  limiter: RateLimiter;
}

/** Runs a request; every refusal becomes the contract's envelope. */
export function runPipeline(
  deps: PipelineDeps,
  request: PipelineRequest,
): { response: FakeResponse; caller?: Caller } {
  let caller: Caller | undefined;
  try {
    caller = authenticate(deps, request);
    const found = routeOf(request);
    // §8: the route's budget counts it; a path with no route counts against the `other` one.
    admitKey(deps, caller, found.route?.budget ?? "other");
    return { response: dispatch(deps, request, caller, found), caller };
  } catch (failure) {
    return { response: responseOfFailure(failure), ...(caller ? { caller } : {}) };
  }
}

/** The envelope for what a step threw: its own refusal, or `internal_error` for a fault of the fake. */
export function responseOfFailure(failure: unknown): FakeResponse {
  if (failure instanceof ApiFailure) return failure.toResponse();
  const message = failure instanceof Error ? failure.message : String(failure);
  return new ApiFailure("internal_error", `The fake service failed: ${message}`).toResponse();
}

/** Resolves the bearer or session; a failure counts against the per-address budget of §8 first. */
export function authenticate({ store, limiter }: PipelineDeps, request: PipelineRequest): Caller {
  const nowMs = store.clock.now().getTime();
  try {
    return resolveCaller(store, request.authorization, request.session);
  } catch (failure) {
    // §8: unauthenticated or unresolved bearers share a per-address budget.
    limiter.admit(`address:${request.clientAddress}`, {
      limit: RATE_LIMITS.address,
      nowMs,
      what: "this address",
    });
    throw failure;
  }
}

/**
 * Counts one request against its caller's window: POST /content's 10, or the 60 of the rest (§8).
 * §8 counts per key; a session's limits are not shown, so each session gets a key's budgets.
 */
export function admitKey(
  { store, limiter }: PipelineDeps,
  caller: Caller,
  budget: RateBudget,
): void {
  const holder = caller.key ? `key:${caller.key.id}` : `session:${caller.session?.id}`;
  const who = caller.key ? "this key" : "this session";
  limiter.admit(`${holder}:${budget}`, {
    limit: RATE_LIMITS[budget],
    nowMs: store.clock.now().getTime(),
    what: budget === "create" ? `POST /content on ${who}` : who,
  });
}

/** Everything after the rate limit: the workspace's state, the route, scope and role, the rule. */
export function dispatch(
  deps: PipelineDeps,
  request: PipelineRequest,
  caller: Caller,
  found: FoundRoute = routeOf(request),
): FakeResponse {
  const { store } = deps;
  assertWorkspaceUsable(caller);
  if (request.apiPath === null)
    throw new ApiFailure("not_found", "No such route: paths start with /api/v1.");
  if (!found.route) {
    // GET /schedule is read-only (§4).
    if (found.allowed.length > 0) {
      return methodNotAllowed(
        `${request.method} is not allowed on /api/v1${request.apiPath}; use ${found.allowed.join(", ")}.`,
        found.allowed,
      );
    }
    throw new ApiFailure("not_found", `No route ${request.method} /api/v1${request.apiPath}.`);
  }
  assertAccess(caller, found.route);
  const context: RouteContext = {
    store,
    provider: deps.provider,
    caller,
    params: found.params,
    query: request.query,
    body: parseJsonBody(request.bodyText),
    approvalSource: request.approvalSource ?? null,
  };
  return found.route.rule(context);
}

/** The request's route and its parameters, or the methods its path allows; none off `/api/v1`. */
function routeOf(request: PipelineRequest): FoundRoute {
  return request.apiPath === null ? { allowed: [] } : findRoute(request.method, request.apiPath);
}
