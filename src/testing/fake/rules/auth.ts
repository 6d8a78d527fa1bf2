/**
 * Authentication and authorization (api-v1.md §5): the bearer, its environment, the workspace's
 * state, scopes that cascade admin > write > read, and the owner's role on top.
 */
import type { Role, ScopeName } from "../../../contract/routes.js";
import type { ErrorCode } from "../../../core/errors/codes.js";
import { ApiFailure } from "../http/fake-response.js";
import type { Caller } from "../http/route-context.js";
import type { SessionRecord } from "../http/sessions.js";
import type { FakeStore } from "../model/store.js";
import type { WorkspaceState } from "../model/workspace-settings.js";

/** The fake is a test environment: only `<prefix>_test_` tokens resolve. */
const TOKEN_SHAPE = /^[a-z]+_(test|live)_[A-Za-z0-9]+$/;
const SCOPE_RANK: Record<ScopeName, number> = { read: 1, write: 2, admin: 3 };
const ALL_SCOPES: readonly ScopeName[] = ["read", "write", "admin"];

/** The bearer token of an Authorization header, `null` when there is no header at all. */
function bearerOf(authorization: string | null): string | null {
  if (authorization === null) return null;
  const match = /^Bearer\s+(\S*)\s*$/i.exec(authorization);
  return match?.[1] ?? "";
}

function invalidKey(): ApiFailure {
  return new ApiFailure(
    "invalid_api_key",
    "The API key is invalid, revoked or for another environment.",
  );
}

/**
 * Resolves the request's credential (§5 rule 3). A bearer is resolved to its key, owner and
 * workspace: malformed, unknown, revoked, live, or owner left gives 401 `invalid_api_key`. With
 * no Authorization header, a live browser session is accepted instead (§1 convention 5, §5 rule
 * 1); with neither, 401 `missing_authorization`. A bearer wins over a session: it was sent on purpose.
 */
export function resolveCaller(
  store: FakeStore,
  authorization: string | null,
  session: SessionRecord | null = null,
): Caller {
  const token = bearerOf(authorization);
  if (token === null) {
    if (session !== null) return sessionCaller(store, session);
    throw new ApiFailure(
      "missing_authorization",
      "Missing Authorization header. Send `Authorization: Bearer <API_KEY>`.",
    );
  }
  const shape = TOKEN_SHAPE.exec(token);
  if (shape?.[1] !== "test") throw invalidKey();
  const key = [...store.keys.values()].find((candidate) => candidate.token === token);
  if (!key || key.revokedAt !== null || key.environment !== "test") throw invalidKey();
  const workspace = store.workspaces.get(key.workspaceId);
  const member = workspace?.members.find((candidate) => candidate.userId === key.userId);
  if (!workspace || !member || member.left) throw invalidKey();
  key.lastUsedAt = store.clock.now();
  return {
    key,
    session: null,
    member,
    workspace,
    scopes: key.scopes,
    adminScope: hasScope(key.scopes, "admin"),
  };
}

/** A session acts as its member with every scope; the role checks of §5 rule 4 still apply. */
function sessionCaller(store: FakeStore, session: SessionRecord): Caller {
  const workspace = store.workspaces.get(session.workspaceId);
  const member = workspace?.members.find((candidate) => candidate.userId === session.userId);
  // The member left or the workspace is gone: the session no longer signs anyone in.
  if (!workspace || !member || member.left) {
    throw new ApiFailure(
      "missing_authorization",
      "Missing Authorization header, and the session cookie no longer signs anyone in.",
    );
  }
  return { key: null, session, member, workspace, scopes: ALL_SCOPES, adminScope: true };
}

/** The refusal of each workspace state of §7 that refuses every route. */
const UNUSABLE: Partial<Record<WorkspaceState, [ErrorCode, string]>> = {
  gone: ["workspace_not_found", "The workspace behind this key no longer exists."],
  suspended: ["workspace_suspended", "This workspace is suspended."],
  subscription_inactive: [
    "subscription_inactive",
    "This workspace's subscription has expired. Renew it to use the API.",
  ],
};

/** Refuses a caller whose workspace is in a state of §7 that refuses every route. */
export function assertWorkspaceUsable(caller: Caller): void {
  const refusal = UNUSABLE[caller.workspace.state];
  if (refusal) throw new ApiFailure(...refusal);
}

function hasScope(scopes: readonly string[], required: ScopeName): boolean {
  return scopes.some(
    (scope) => (SCOPE_RANK[scope as keyof typeof SCOPE_RANK] ?? 0) >= SCOPE_RANK[required],
  );
}

/** Both checks of §5 rule 4: the key's scope (403 `scope_required`), then the owner's role (403 `forbidden`). */
export function assertAccess(
  caller: Caller,
  requirement: { scope: ScopeName; roles: readonly Role[] | "any" },
): void {
  if (!hasScope(caller.scopes, requirement.scope)) {
    throw new ApiFailure(
      "scope_required",
      `This route needs the \`${requirement.scope}\` scope; the key has ${caller.scopes.map((s) => `\`${s}\``).join(", ") || "none"}.`,
      { requiredScope: requirement.scope },
    );
  }
  if (requirement.roles !== "any" && !requirement.roles.includes(caller.member.role)) {
    throw new ApiFailure(
      "forbidden",
      `${caller.key ? "The key's owner" : "The signed-in member"} is ${caller.member.role === "member" ? "a member" : `the ${caller.member.role}`}; this route needs ${requirement.roles.join(" or ")}.`,
    );
  }
}
