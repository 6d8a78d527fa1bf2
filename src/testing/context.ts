/** What a route rule receives: the resolved caller, the parsed request, and the model. */
import type { FakeResponse } from "./fake-response.js";
import type { KeyRecord, MemberRecord, WorkspaceRecord } from "./model.js";
import type { FakeProvider } from "./provider.js";
import type { FakeStore } from "./store.js";

/** The key behind a request, its owner and their workspace. */
export interface Caller {
  key: KeyRecord;
  member: MemberRecord;
  workspace: WorkspaceRecord;
  /** Admin-scope keys also see `createdBy.email` (api-v1.md §5). */
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
}

export type RouteRule = (context: RouteContext) => FakeResponse;
