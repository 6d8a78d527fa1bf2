/**
 * Logged-in browser sessions (api-v1.md §1 convention 5, §5 rule 1: a session is accepted on v1
 * routes instead of a key). How a session is made is not shown, so the fake offers a sign-in of
 * its own, outside `/api/v1`: `POST {baseURL}/fake/session` sets the session cookie, `DELETE`
 * removes it, and `service.signIn()` does the same for tests that set the cookie themselves.
 */

import type { MemberRecord, WorkspaceRecord } from "../model/records.js";
import type { FakeStore } from "../model/store.js";
import { bodyObject, optionalString, parseJsonBody } from "../rules/input.js";
import {
  ApiFailure,
  type FakeResponse,
  invalidParam,
  jsonResponse,
  methodNotAllowed,
} from "./fake-response.js";

/** The cookie that carries a session. */
export const SESSION_COOKIE = "postline_session";
/** Where the fake's sign-in answers, under the service root (not under `/api/v1`). */
export const SESSION_PATH = "/fake/session";

/** Whether a path under the base is the fake's sign-in. */
export function isSignInPath(pathname: string): boolean {
  return pathname.replace(/\/+$/, "") === SESSION_PATH;
}

/** One signed-in member of one workspace. */
export interface SessionRecord {
  /** The cookie's value; a secret, like a token: never logged. */
  readonly id: string;
  readonly workspaceId: string;
  readonly userId: string;
}

/** A session made by {@link FakeService.signIn}. */
export interface FakeSession {
  /** The `Cookie` request header that sends it, e.g. `postline_session=sess_...`. */
  cookie: string;
  /** The signed-in member. */
  userId: string;
  /** Their workspace. */
  workspaceId: string;
}

/** Whom to sign in: a member by email or user id; the main workspace's owner when neither. */
export interface SignInOptions {
  /** The member's email, e.g. `mia@acme.test`. */
  email?: string;
  /** The member's user id, e.g. `usr_mia`. */
  userId?: string;
}

/** Sessions by cookie value. */
export class SessionRegistry {
  readonly #sessions = new Map<string, SessionRecord>();
  #counter = 0;

  readonly #store: FakeStore;
  readonly #defaultWorkspaceId: string;

  constructor(store: FakeStore, defaultWorkspaceId: string) {
    this.#store = store;
    this.#defaultWorkspaceId = defaultWorkspaceId;
  }

  /** Starts a session for a member; refuses an unknown member or one who left. */
  signIn(options: SignInOptions = {}): FakeSession {
    const { workspace, member } = this.#findMember(options);
    this.#counter += 1;
    // Unguessable, as a real session id is; the counter keeps ids unique.
    const id = `sess_${this.#counter.toString(36)}${crypto.randomUUID().replaceAll("-", "")}`;
    this.#sessions.set(id, { id, workspaceId: workspace.id, userId: member.userId });
    return { cookie: `${SESSION_COOKIE}=${id}`, userId: member.userId, workspaceId: workspace.id };
  }

  /** The live session a `Cookie` header carries, or `null`. */
  resolve(cookieHeader: string | null): SessionRecord | null {
    const id = sessionIdOf(cookieHeader);
    return id === null ? null : (this.#sessions.get(id) ?? null);
  }

  /** Answers `POST` (sign in, body `{ email?, userId? }`) and `DELETE` (sign out) on {@link SESSION_PATH}. */
  answer(method: string, bodyText: string, cookieHeader: string | null): FakeResponse {
    try {
      if (method === "DELETE") {
        // Ends the session the cookie carries; nothing happens when it carries none.
        const id = sessionIdOf(cookieHeader);
        if (id !== null) this.#sessions.delete(id);
        const cleared = `${SESSION_COOKIE}=; Path=/; HttpOnly; Max-Age=0`;
        return { status: 204, headers: { "set-cookie": cleared }, body: null };
      }
      if (method !== "POST") {
        const message = `${method} is not allowed; use POST or DELETE.`;
        return methodNotAllowed(message, ["POST", "DELETE"]);
      }
      const session = this.signIn(readSignIn(bodyText));
      const response = jsonResponse(201, {
        userId: session.userId,
        workspaceId: session.workspaceId,
      });
      // Host-only, HttpOnly and SameSite=Lax, as a product's own session cookie would be: sent by
      // pages of the same site (another port is another origin, not another site).
      response.headers["set-cookie"] = `${session.cookie}; Path=/; HttpOnly; SameSite=Lax`;
      return response;
    } catch (failure) {
      if (failure instanceof ApiFailure) return failure.toResponse();
      throw failure;
    }
  }

  #findMember(options: SignInOptions): { workspace: WorkspaceRecord; member: MemberRecord } {
    if (options.email === undefined && options.userId === undefined) {
      const workspace = this.#store.workspace(this.#defaultWorkspaceId);
      const owner = workspace.members.find((member) => member.role === "owner" && !member.left);
      if (!owner) throw invalidParam("email", "the main workspace has no owner to sign in");
      return { workspace, member: owner };
    }
    for (const workspace of this.#store.workspaces.values()) {
      const member = workspace.members.find(
        (candidate) =>
          (options.email === undefined || candidate.email === options.email) &&
          (options.userId === undefined || candidate.userId === options.userId),
      );
      if (member && !member.left) return { workspace, member };
    }
    const param = options.email === undefined ? "userId" : "email";
    throw invalidParam(param, "no current member of any workspace matches it");
  }
}

/** The sign-in body: optional `email` and `userId` strings. */
function readSignIn(bodyText: string): SignInOptions {
  const fields = bodyObject(
    parseJsonBody(bodyText),
    'expected an object such as { "email": "mia@acme.test" }',
  );
  const email = optionalString(fields, "email");
  const userId = optionalString(fields, "userId");
  return {
    ...(email === undefined ? {} : { email }),
    ...(userId === undefined ? {} : { userId }),
  };
}

/** The session id in a `Cookie` header, or `null`. */
function sessionIdOf(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const at = part.indexOf("=");
    if (at !== -1 && part.slice(0, at).trim() === SESSION_COOKIE) {
      return part.slice(at + 1).trim() || null;
    }
  }
  return null;
}
