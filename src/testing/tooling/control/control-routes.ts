/**
 * The control plane's routes under `/fake/` (SDK_DESIGN.md §20), each calling the in-process API
 * it stands for: `service.reset`, `service.clock`, `service.faults`, `service.workspace().addKey`.
 * The request journal (`GET /fake/requests`) and `GET /fake/state` are served beside them by
 * `watch/routes.ts`, which mounts this table.
 */
import type { FakeResponse } from "../../fake/http/fake-response.js";
import type { FakeService } from "../../fake/service.js";
import { answerClockMove, answerClockRead } from "./clock-route.js";
import { controlJson, methodNotAllowed } from "./control-answers.js";
import { buildControlDocument } from "./control-document.js";
import { guardControl } from "./control-guard.js";
import type { OwnRouteRequest } from "./control-request.js";
import { answerFaultClear, answerFaultInject, answerFaultList } from "./faults-route.js";
import { answerKeyAdd } from "./keys-route.js";
import { answerReset } from "./reset-route.js";

/** The paths of the control plane (beside `/fake/requests` and `/fake/state`). */
export const CONTROL_PATHS = {
  reset: "/fake/reset",
  clock: "/fake/clock",
  faults: "/fake/faults",
  keys: "/fake/keys",
  openapi: "/fake/openapi.json",
} as const;

type Handler = (
  service: FakeService,
  request: OwnRouteRequest,
) => FakeResponse | Promise<FakeResponse>;

const ROUTES: Readonly<Record<string, Readonly<Record<string, Handler>>>> = {
  [CONTROL_PATHS.reset]: { POST: answerReset },
  [CONTROL_PATHS.clock]: { GET: answerClockRead, POST: answerClockMove },
  [CONTROL_PATHS.faults]: {
    GET: answerFaultList,
    POST: answerFaultInject,
    DELETE: answerFaultClear,
  },
  [CONTROL_PATHS.keys]: { POST: answerKeyAdd },
};

/** Whether `pathname` is a control route. */
export function isControlPath(pathname: string): boolean {
  return pathname in ROUTES || pathname === CONTROL_PATHS.openapi;
}

/**
 * Answers a control route, after the gate (`control-guard.ts`). The document needs no token: it
 * holds nothing but the routes' shapes, and tools fetch a document without credentials.
 */
export async function answerControl(
  service: FakeService,
  pathname: string,
  request: OwnRouteRequest,
  token: string | undefined,
  allowHosts: readonly string[] = [],
): Promise<FakeResponse> {
  const refused = guardControl(
    request,
    pathname === CONTROL_PATHS.openapi ? { allowHosts } : { token, allowHosts },
  );
  if (refused) return refused;
  if (pathname === CONTROL_PATHS.openapi) {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return methodNotAllowed(pathname, ["GET", "HEAD"]);
    }
    // The document names this fake as its server, at the address it was reached by.
    const host = request.headers.get("host") ?? "127.0.0.1";
    return controlJson(200, buildControlDocument(`http://${host}`));
  }
  const routes = ROUTES[pathname] ?? {};
  const method = request.method === "HEAD" ? "GET" : request.method;
  const handler = routes[method];
  if (!handler) return methodNotAllowed(pathname, Object.keys(routes));
  return handler(service, onceBody(request));
}

/** The request with its body read at most once, however many checks read it. */
function onceBody(request: OwnRouteRequest): OwnRouteRequest {
  let body: Promise<string | null> | undefined;
  return { ...request, body: () => (body ??= request.body()) };
}
