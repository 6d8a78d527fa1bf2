/** The key routes (api-v1.md §2.6, §4): list, get, create (the only response with `token`), revoke. */
import { KEY_SCOPES, type KeyScope } from "../../../schemas/index.js";
import { ApiFailure, invalidParam, jsonResponse } from "../http/fake-response.js";
import type { RouteContext } from "../http/route-context.js";
import { addSeededKey, newBearerToken } from "../model/build-workspace.js";
import type { KeyRecord } from "../model/records.js";
import { serializeKey } from "../model/serialize.js";
import { bodyObject } from "./input.js";

function keyOrNotFound(context: RouteContext): KeyRecord {
  const id = context.params.id ?? "";
  const key = context.store.keys.get(id);
  if (!key || key.workspaceId !== context.caller.workspace.id) {
    throw new ApiFailure("not_found", `No key ${id} in this workspace.`);
  }
  return key;
}

/** GET /keys: active and revoked keys of the workspace, oldest first, never a secret. */
export function listKeys(context: RouteContext) {
  const keys = [...context.store.keys.values()].filter(
    (key) => key.workspaceId === context.caller.workspace.id,
  );
  return jsonResponse(200, { keys: keys.map(serializeKey) });
}

/** GET /keys/:id. */
export function getKey(context: RouteContext) {
  return jsonResponse(200, { key: serializeKey(keyOrNotFound(context)) });
}

/** POST /keys: a new test-environment key owned by the caller's member. */
export function createKey(context: RouteContext) {
  const fields = bodyObject(context.body);
  const { name, scopes } = fields;
  if (typeof name !== "string" || name.trim() === "" || name.length > 100) {
    throw invalidParam("name", "must be a non-empty string of at most 100 characters");
  }
  if (
    !Array.isArray(scopes) ||
    scopes.length === 0 ||
    scopes.some((scope) => !(KEY_SCOPES as readonly unknown[]).includes(scope))
  ) {
    throw invalidParam("scopes", `must be a non-empty array of ${KEY_SCOPES.join(", ")}`);
  }
  const { store, caller } = context;
  const key = addSeededKey(store, caller.workspace, {
    id: store.nextId("key"),
    userId: caller.member.userId,
    name,
    scopes: [...new Set(scopes as KeyScope[])],
    // Given, so a fresh id never takes a token kept from before a reset.
    token: newBearerToken("test"),
  });
  store.markWritten();
  return jsonResponse(201, { ...serializeKey(key), token: key.token });
}

/** DELETE /keys/:id: revokes, idempotently; a token cannot revoke itself. */
export function revokeKey(context: RouteContext) {
  const key = keyOrNotFound(context);
  if (key.id === context.caller.key?.id) {
    throw new ApiFailure(
      "cannot_revoke_self_in_request",
      "A key cannot revoke itself in the same request; revoke it with another admin key.",
    );
  }
  if (key.revokedAt === null) {
    key.revokedAt = context.store.clock.now();
    context.store.markWritten();
  }
  return jsonResponse(200, { key: serializeKey(key) });
}
