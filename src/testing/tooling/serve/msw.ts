/** The msw transport: request handlers serving a fake service (msw 3, `setupServer` or `setupWorker`). */

import { SESSION_PATH } from "../../fake/http/sessions.js";
import type { FakeService } from "../../fake/service.js";
import { loadMsw } from "./msw-module.js";
import { assertNodeNewEnough } from "./required-node.js";

/** Options of {@link handlers}. */
export interface HandlersOptions {
  /** Where to answer; `service.defaults.baseURL` when omitted. `/api/v1` is added. */
  baseURL?: string;
}

/**
 * msw request handlers for every route of the fake service under `{baseURL}/api/v1`, and its
 * sign-in at `{baseURL}/fake/session` (docs/testing.md). A request to `/api/v1` under another
 * path of the same origin (a wrong base URL) answers 404 naming the base URL served.
 * A dropped or refused connection fault becomes `Response.error()` (the fetch rejects). msw is
 * loaded here, on the first call: nothing else in `@postline/sdk/testing` needs it.
 *
 * @example
 * ```ts
 * const server = setupServer(...handlers(service));
 * ```
 */
export function handlers(service: FakeService, options: HandlersOptions = {}) {
  assertNodeNewEnough();
  const { HttpResponse, http } = loadMsw();
  const base = (options.baseURL ?? service.defaults.baseURL)
    .replace(/\/+$/, "")
    .replace(/\/api\/v1$/, "");
  const basePath = new URL(base).pathname;
  const serve = async ({ request }: { request: Request }) => {
    const body = request.method === "GET" || request.method === "HEAD" ? "" : await request.text();
    const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    const outcome = await service.handle({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body,
      clientAddress: forwarded || "127.0.0.1",
      basePath,
      signal: request.signal,
    });
    if (outcome.kind === "network-error") return HttpResponse.error();
    const { status, headers, body: responseBody } = outcome.response;
    return new HttpResponse(status === 204 ? null : responseBody, { status, headers });
  };
  // Last: `/api/v1` under another path of the same origin is a wrong base URL, answered 404
  // naming the one served, rather than left to the network.
  const elsewhere = new RegExp(`^${escapeRegExp(new URL(base).origin)}(/.*)?/api/v1(/|$)`);
  return [
    http.all(`${base}/api/v1/*`, serve),
    http.all(`${base}${SESSION_PATH}`, serve),
    http.all(elsewhere, serve),
  ];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
