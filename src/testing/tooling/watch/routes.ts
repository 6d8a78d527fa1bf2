/**
 * The fake's own routes, outside `/api/v1` so they never meet a contract route, and never in
 * the request log or a rate window. One function, {@link answerWatch}, serves them all, so every
 * transport that mounts it (`startFakeServer`, `postline fake`) serves the same set:
 *
 * - the watch page (`watch: true`): `GET /` (`page.ts`), which polls the two JSON routes, and
 *   `GET /fake/watch.js`, the page's script;
 * - `GET /fake/requests`: the request journal, filtered and with a long-poll
 *   (`control/requests-route.ts`), `{ requests, next, dropped, limits, matched }`;
 * - `GET /fake/state`: the overview (`overview.ts`);
 * - the control plane (`control: true`, `control/control-routes.ts`): reset, clock, faults,
 *   keys and its OpenAPI document.
 *
 * They show no token, no cookie and no body (but the key `POST /fake/keys` was asked to make);
 * key ids and names only. Whatever a caller sent (a path, a query, a JSON-RPC method) is shown
 * with token shapes redacted wherever they are. They send no CORS headers, and answer only a
 * `Host` that is an IP address or `localhost`, so a page of another site cannot read them, not
 * even through a DNS name rebound to this machine.
 */
import { createRedactor, redactDeep } from "../../../core/redact.js";
import type { FakeResponse } from "../../fake/http/fake-response.js";
import type { FakeService } from "../../fake/service.js";
import { controlError, controlJson, ownRouteAnswer } from "../control/control-answers.js";
import { type ControlOptions, refuseWithoutToken } from "../control/control-guard.js";
import type { OwnRouteRequest } from "../control/control-request.js";
import { answerControl, isControlPath } from "../control/control-routes.js";
import { answerRequests } from "../control/requests-route.js";
import { WATCH_PAGE, WATCH_SCRIPT } from "./page.js";
import { forbiddenHost, isTrustedHost } from "./trusted-host.js";

/** The paths the watch routes answer. */
export const WATCH_PATHS = {
  page: "/",
  requests: "/fake/requests",
  state: "/fake/state",
  script: "/fake/watch.js",
} as const;

const PAGE_PATHS: ReadonlySet<string> = new Set([WATCH_PATHS.page, WATCH_PATHS.script]);
const JSON_PATHS: ReadonlySet<string> = new Set([WATCH_PATHS.requests, WATCH_PATHS.state]);

// Key and workspace names are a caller's to choose, as a token could be.
const redact = createRedactor(undefined);

/** Which of the fake's own routes a transport serves. */
export interface OwnRouteOptions {
  /** The watch page (`/`, `/fake/watch.js`). Default `false`. */
  readonly watch?: boolean;
  /** The control plane: `false` turns it off, `{ token }` requires a bearer. Default `true`. */
  readonly control?: ControlOptions;
  /** Names answered besides IP addresses and `localhost` (the `Host` header). Default none. */
  readonly allowHosts?: readonly string[];
}

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
 * Answers one of the fake's own routes, or `undefined` for any other path (the model answers
 * it). The request and journal JSON (`/fake/requests`, `/fake/state`) is served when the page or
 * the control plane is.
 */
export async function answerWatch(
  service: FakeService,
  request: OwnRouteRequest,
  options: OwnRouteOptions = {},
): Promise<FakeResponse | undefined> {
  const url = new URL(request.target, "http://watch.invalid");
  const watch = options.watch === true;
  const control = options.control ?? true;
  const token = typeof control === "object" ? control.token : undefined;
  if (isControlPath(url.pathname)) {
    if (control === false) {
      return controlError(
        404,
        "control_off",
        "The control plane is off on this fake (postline fake --no-control, or startFakeServer's control: false).",
      );
    }
    return answerControl(service, url.pathname, request, token, options.allowHosts);
  }
  const served =
    (watch && PAGE_PATHS.has(url.pathname)) ||
    ((watch || control !== false) && JSON_PATHS.has(url.pathname));
  // Other `/fake/` paths (the sign-in at `/fake/session`) are the service's.
  if (!served) return undefined;
  const host = request.headers.get("host");
  if (!isTrustedHost(host, options.allowHosts)) return forbiddenHost(host, "The watch page");
  if (request.method !== "GET" && request.method !== "HEAD") {
    const refusal = `${url.pathname} answers GET only.\n`;
    return ownRouteAnswer(405, "text/plain; charset=utf-8", refusal, { allow: "GET, HEAD" });
  }
  switch (url.pathname) {
    case WATCH_PATHS.page:
      return ownRouteAnswer(200, "text/html; charset=utf-8", WATCH_PAGE, {
        "content-security-policy": PAGE_POLICY,
      });
    case WATCH_PATHS.script:
      return ownRouteAnswer(200, "text/javascript; charset=utf-8", WATCH_SCRIPT);
    case WATCH_PATHS.state:
      return controlJson(200, redactDeep(service.overview(), redact));
    default: {
      // A wait holds a connection and a listener: with a control token set, it needs the token.
      const refused = url.searchParams.has("wait") ? refuseWithoutToken(request, token) : undefined;
      return refused ?? answerRequests(service, url.searchParams, request.signal);
    }
  }
}

export type { WatchedRequest } from "./request-journal.js";
