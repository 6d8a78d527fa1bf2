/**
 * The request journal of `GET /fake/requests`: the log from an index on, filtered by method,
 * path, status and error code, each entry without its body and with token shapes redacted.
 */

import type { ApprovalSource } from "../../../contract/approval-source.js";
import { createRedactor } from "../../../core/redact.js";
import { REQUEST_LOG_LIMITS, type RecordedRequest } from "../../fake/handles/request-log.js";
import { matchesPathFilter } from "../../fake/http/routes.js";
import type { FakeService } from "../../fake/service.js";

// No credential header reaches the log, but a path, a query or a JSON-RPC method is the caller's
// to fill (`DELETE /keys/<token>`): every string shown has its token shapes redacted.
const redact = createRedactor(undefined);

/** Which entries `GET /fake/requests` shows. */
export interface JournalFilter {
  /** The first index to show (default 0). */
  readonly after: number;
  /** Only this method (any case). */
  readonly method?: string;
  /** Only this path under `/api/v1`: exact, or a pattern with `:name` or `*` segments. */
  readonly path?: string;
  /** Only this status. */
  readonly status?: number;
  /** Only this `error.code`. */
  readonly errorCode?: string;
}

/** One entry of `/fake/requests`: what the log holds, without the body. */
export interface WatchedRequest {
  /** The entry's place in the log, from 0; pass `index + 1` as `after` to read on. */
  readonly index: number;
  /** When it arrived, by the model's clock (ISO-8601). */
  readonly at: string;
  /** The HTTP method. */
  readonly method: string;
  /** The path under `/api/v1` (a path outside it as it was sent), token shapes redacted. */
  readonly path: string;
  /** The query string without `?`, token shapes redacted. */
  readonly query: string;
  /** The status answered; `null` while it is answered, or when the connection failed. */
  readonly status: number | null;
  /** `response`, or `dropped` / `refused` when the connection failed. */
  readonly outcome: RecordedRequest["outcome"];
  /** The refusal's `error.code` (over MCP too); `null` for a success. */
  readonly errorCode: string | null;
  /** The id of the key that made it, when the bearer resolved. */
  readonly keyId: string | null;
  /** That key's name. */
  readonly keyName: string | null;
  /** What authenticated it, when something did. */
  readonly credential: "key" | "session" | null;
  /** For the MCP endpoint, the JSON-RPC call, e.g. `tools/call list_channels`. */
  readonly mcpCall: string | null;
  /** The injected fault that applied, if any. */
  readonly fault: string | null;
  /** Whether it changed the model. */
  readonly applied: boolean;
  /** Whether it carried `acknowledgeAiIsms: true`: the call that acknowledged AI-ism matches. */
  readonly acknowledgedAiIsms: boolean;
  /**
   * `review-card` when the MCP review card sent it (its approve or schedule, and the re-read of
   * the text just before); `null` otherwise.
   */
  readonly approvalSource: ApprovalSource | null;
}

/**
 * The kept entries from index `filter.after` on that match the filter. Indexes count from the
 * last clear: the entry at `kept[0]` is number `dropped`, as the entries before it were dropped
 * to keep the log bounded.
 */
export function readJournal(service: FakeService, filter: JournalFilter) {
  const { dropped, next } = window(service, filter.after);
  const requests = [...matching(service, filter)].map(([entry, index]) => shown(entry, index));
  return { requests, next, dropped, limits: REQUEST_LOG_LIMITS };
}

/** How many entries from `filter.after` on match, without building their views. */
export function countJournal(service: FakeService, filter: JournalFilter): number {
  return [...matching(service, filter)].length;
}

/** The kept entries from `filter.after` on that match, each with its index. */
function* matching(service: FakeService, filter: JournalFilter) {
  const { kept, start, dropped } = window(service, filter.after);
  for (let index = start; index < kept.length; index++) {
    const entry = kept[index] as RecordedRequest;
    if (matches(entry, filter)) yield [entry, dropped + index] as const;
  }
}

/**
 * Resolves with whether `count` entries from `filter.after` on match, once they do, after `ms`,
 * or on abort. The log is counted once; then each request answered is matched alone, so an open
 * wait costs one match per request however long the log is.
 */
export function waitForJournal(
  service: FakeService,
  filter: JournalFilter,
  count: number,
  ms: number,
  signal?: AbortSignal,
): Promise<boolean> {
  let matched = countJournal(service, filter);
  if (matched >= count || signal?.aborted) return Promise.resolve(matched >= count);
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      stop();
      signal?.removeEventListener("abort", finish);
      resolve(matched >= count);
    };
    const stop = service.onRequest((entry) => {
      if (matches(entry, filter) && ++matched >= count) finish();
    });
    const timer = setTimeout(finish, ms);
    signal?.addEventListener("abort", finish, { once: true });
  });
}

function window(service: FakeService, after: number) {
  const kept = service.requests;
  const dropped = service.droppedRequests;
  const next = dropped + kept.length;
  // A log cleared since the last read starts over from its first entry.
  const start = after > next ? 0 : Math.max(0, after - dropped);
  return { kept, start, dropped, next };
}

function matches(entry: RecordedRequest, filter: JournalFilter): boolean {
  if (filter.method !== undefined && entry.method !== filter.method.toUpperCase()) return false;
  if (filter.status !== undefined && entry.status !== filter.status) return false;
  if (filter.errorCode !== undefined && entry.errorCode !== filter.errorCode) return false;
  return filter.path === undefined || matchesPathFilter(filter.path, entry.path);
}

function shown(entry: RecordedRequest, index: number): WatchedRequest {
  const text = (value: string | undefined) => (value === undefined ? null : redact(value));
  return {
    index,
    at: entry.at.toISOString(),
    method: redact(entry.method),
    path: redact(entry.path),
    query: redact(entry.query),
    status: entry.status,
    outcome: entry.outcome,
    errorCode: text(entry.errorCode),
    keyId: text(entry.keyId),
    keyName: text(entry.keyName),
    credential: entry.credential ?? null,
    mcpCall: text(entry.mcpCall),
    fault: text(entry.fault),
    applied: entry.applied,
    acknowledgedAiIsms: entry.acknowledgedAiIsms === true,
    approvalSource: entry.approvalSource ?? null,
  };
}
