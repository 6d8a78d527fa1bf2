/**
 * What a route rule receives: the resolved `Caller`, the parsed request and the model
 * (`RouteContext`), and the `RouteRule` type that takes it.
 */

import type { ApprovalSource } from "../../../contract/approval-source.js";
import type { KeyScope } from "../../../schemas/index.js";
import type { FakeProvider } from "../handles/provider.js";
import type { KeyRecord, MemberRecord, WorkspaceRecord } from "../model/records.js";
import type { FakeStore } from "../model/store.js";
import type { FakeResponse } from "./fake-response.js";
import type { SessionRecord } from "./sessions.js";

/** The credential behind a request (a key or a browser session), its member and their workspace. */
export interface Caller {
  /** The key, or `null` when a browser session made the request. */
  key: KeyRecord | null;
  /** The browser session, or `null` when a key made the request. */
  session: SessionRecord | null;
  member: MemberRecord;
  workspace: WorkspaceRecord;
  /** The key's scopes; a session holds every scope, and its member's role still applies. */
  scopes: readonly KeyScope[];
  /** Admin-scope keys (and sessions) also see `createdBy.email` (api-v1.md §5). */
  adminScope: boolean;
}

export interface RouteContext {
  store: FakeStore;
  provider: FakeProvider;
  caller: Caller;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body, or `undefined` when none was sent. */
  body: unknown;
  /** The face that says it sent the request (the review card), or `null`. */
  approvalSource: ApprovalSource | null;
}

export type RouteRule = (context: RouteContext) => FakeResponse;
