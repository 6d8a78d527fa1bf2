/**
 * The watch routes of `startFakeServer(service, { watch: true })`, outside `/api/v1` so they
 * never meet a contract route, and never in the request log or a rate window:
 *
 * - `GET /`: the page (`page.ts`), which polls the two JSON routes;
 * - `GET /fake/requests[?after=N]`: the request log from entry N on,
 *   `{ requests, next, dropped, limits }`;
 * - `GET /fake/state`: the overview (`overview.ts`);
 * - `GET /fake/watch.js`: the page's script.
 *
 * They show no token, no cookie and no body; key ids and names only. Whatever a caller sent
 * (a path, a query, a JSON-RPC method) is shown with token shapes redacted wherever they are. They send no CORS headers,
 * and answer only a `Host` that is an IP address or `localhost`, so a page of another site cannot
 * read them, not even through a DNS name rebound to this machine.
 */
import { createRedactor, redactDeep } from "../../core/redact.js";
import { REQUEST_LOG_LIMITS, type RecordedRequest } from "../controls/request-log.js";
import type { FakeResponse } from "../http/fake-response.js";
import type { FakeService } from "../service.js";
import { WATCH_PAGE, WATCH_SCRIPT } from "./page.js";

/** The paths the watch routes answer. */
export const WATCH_PATHS = {
  page: "/",
  requests: "/fake/requests",
  state: "/fake/state",
  script: "/fake/watch.js",
} as const;

const PATHS: ReadonlySet<string> = new Set(Object.values(WATCH_PATHS));

// No credential header reaches the log, but a path, a query or a JSON-RPC method is the caller's
// to fill (`DELETE /keys/<token>`): every string shown has its token shapes redacted.
const redact = createRedactor(undefined);

const COMMON_HEADERS = {
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
};

const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "connect-src 'self'",
  "style-src 'unsafe-inline'",
  "img-src data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * Answers a watch route, or `undefined` for any other path (the model answers it).
 *
 * @param target - the request's path and query, e.g. `/fake/requests?after=10`.
 * @param host - the request's `Host` header.
 */
export function answerWatch(
  service: FakeService,
  method: string,
  target: string,
  host: string | undefined,
): FakeResponse | undefined {
  const url = new URL(target, "http://watch.invalid");
  if (!PATHS.has(url.pathname)) return undefined;
  if (!isTrustedHost(host)) {
    return text(
      403,
      "The watch page answers only at an IP address or localhost, e.g. http://127.0.0.1:<port>/.",
    );
  }
  if (method !== "GET" && method !== "HEAD") {
    const response = text(405, `${url.pathname} answers GET only.`);
    response.headers.allow = "GET, HEAD";
    return response;
  }
  switch (url.pathname) {
    case WATCH_PATHS.page:
      return {
        status: 200,
        headers: {
          ...COMMON_HEADERS,
          "content-type": "text/html; charset=utf-8",
          "content-security-policy": PAGE_POLICY,
        },
        body: WATCH_PAGE,
      };
    case WATCH_PATHS.script:
      return {
        status: 200,
        headers: { ...COMMON_HEADERS, "content-type": "text/javascript; charset=utf-8" },
        body: WATCH_SCRIPT,
      };
    case WATCH_PATHS.state:
      // Key and workspace names are a caller's to choose, as a token could be.
      return json(redactDeep(service.overview(), redact));
    default:
      return json(
        requestsFrom(service.requests, service.droppedRequests, url.searchParams.get("after")),
      );
  }
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
}

/**
 * The log from index `after` on. Indexes count from the last clear: the entry at `kept[0]` is
 * number `dropped`, as the entries before it were dropped to keep the log bounded.
 */
function requestsFrom(kept: readonly RecordedRequest[], dropped: number, after: string | null) {
  const next = dropped + kept.length;
  const asked = after !== null && /^\d+$/.test(after) ? Number(after) : 0;
  // A log cleared since the last read starts over from its first entry.
  const start = asked > next ? 0 : Math.max(0, asked - dropped);
  const shown = (text: string | undefined) => (text === undefined ? null : redact(text));
  const requests: WatchedRequest[] = kept.slice(start).map((entry, offset) => ({
    index: dropped + start + offset,
    at: entry.at.toISOString(),
    method: redact(entry.method),
    path: redact(entry.path),
    query: redact(entry.query),
    status: entry.status,
    outcome: entry.outcome,
    errorCode: shown(entry.errorCode),
    keyId: shown(entry.keyId),
    keyName: shown(entry.keyName),
    credential: entry.credential ?? null,
    mcpCall: shown(entry.mcpCall),
    fault: shown(entry.fault),
    applied: entry.applied,
    acknowledgedAiIsms: entry.acknowledgedAiIsms === true,
  }));
  return { requests, next, dropped, limits: REQUEST_LOG_LIMITS };
}

/** An IP literal or `localhost`: a name a rebinding attack cannot point here. */
function isTrustedHost(host: string | undefined): boolean {
  if (host === undefined) return false;
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  return (
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) ||
    hostname.startsWith("[")
  );
}

function json(value: unknown): FakeResponse {
  return {
    status: 200,
    headers: { ...COMMON_HEADERS, "content-type": "application/json" },
    body: JSON.stringify(value),
  };
}

function text(status: number, message: string): FakeResponse {
  return {
    status,
    headers: { ...COMMON_HEADERS, "content-type": "text/plain; charset=utf-8" },
    body: `${message}\n`,
  };
}
