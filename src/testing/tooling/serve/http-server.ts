/**
 * The node:http transport: the same model over real HTTP, for examples, soak runs and clients in
 * other languages. node:http is imported lazily so the browser bundle never pulls it in.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { isLoopbackHost } from "../../../core/setup/base-url.js";
import { MAX_REQUEST_BODY_BYTES } from "../../fake/http/body-limit.js";
import type { FakeService } from "../../fake/service.js";
import type { ControlOptions } from "../control/control-guard.js";
import { MAX_CONTROL_BODY_BYTES } from "../control/control-request.js";
import { answerWatch } from "../watch/routes.js";
import { forbiddenHost, isTrustedHost } from "../watch/trusted-host.js";
import { headersOf, readCapped } from "./node-message.js";

/** Options of {@link startFakeServer}. */
export interface FakeServerOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to bind; default `127.0.0.1`. */
  host?: string;
  /**
   * Answer browsers on other origins: `true` allows any origin without cookies, a string allows
   * that one origin with cookies too (`Access-Control-Allow-Credentials`), so a page there can
   * sign in and use a browser session. Off by default, since the contract does not describe
   * cross-origin access. Preflights are answered by the server itself and never reach the model
   * (no rate budget, no request log).
   */
  cors?: boolean | string;
  /**
   * Take the client's address from the first `X-Forwarded-For` entry, for the per-address limits
   * (api-v1.md §8), as behind a proxy you run. Off by default: any client could otherwise claim
   * a fresh address per request and never meet those limits.
   */
  trustForwardedFor?: boolean;
  /**
   * Serve the watch page at `/` and the request log as JSON at `/fake/requests` (and the
   * overview at `/fake/state`), as `postline fake` does. Off by default. They show no token,
   * cookie or body, answer only an IP address or `localhost` as `Host`, and send no CORS headers.
   */
  watch?: boolean;
  /**
   * The control plane under `/fake/` (reset, clock, faults, keys, the request journal with its
   * long-poll; `docs/testing.md`), on by default. `false` turns it off; `{ token }` requires
   * `Authorization: Bearer <token>` on its routes, for a fake served on another interface. It
   * answers only an IP address or `localhost` as `Host`, takes JSON writes only and sends no
   * CORS headers.
   */
  control?: ControlOptions;
  /**
   * Host names to answer besides IP addresses and `localhost`, e.g. `["fake.internal"]`. A fake
   * bound to a loopback interface answers every route (sign-in and `/api/v1` too) only at such a
   * `Host`, so that a page whose DNS name is rebound to 127.0.0.1 cannot sign in as the owner or
   * call the API; other names get 403 `forbidden_host`. Bound elsewhere (`0.0.0.0`), the API
   * answers any `Host`, and the watch and control routes keep the rule.
   */
  allowHosts?: readonly string[];
}

/** Options of {@link fakeRequestListener}. */
export interface FakeRequestListenerOptions extends Omit<FakeServerOptions, "port" | "host"> {
  /**
   * Answer the service's routes (`/api/v1`, the sign-in) at any `Host`, as a fake bound to
   * another interface than loopback does; default `false`: the Host rule covers every route.
   */
  anyHostForApi?: boolean;
}

/** A running fake server. */
export interface FakeServer {
  /** The base URL to give a client, e.g. `http://127.0.0.1:54321` (`/api/v1` is under it). */
  url: string;
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
}

/**
 * Serves a fake service over real HTTP. A dropped or refused connection fault destroys the socket.
 *
 * @example
 * ```ts
 * const server = await startFakeServer(service, { port: 0 });
 * const client = new Postline({ apiKey: service.defaults.apiKey, baseURL: server.url });
 * await server.close();
 * ```
 */
export async function startFakeServer(
  service: FakeService,
  options: FakeServerOptions = {},
): Promise<FakeServer> {
  // A computed specifier: browser bundlers leave it alone, so the browser path never sees node:http.
  const nodeHttp = "node:http";
  const { createServer } = (await import(
    /* @vite-ignore */ nodeHttp
  )) as typeof import("node:http");
  const host = options.host ?? "127.0.0.1";
  const server = createServer(
    fakeRequestListener(service, { ...options, anyHostForApi: !isLoopbackHost(host) }),
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === "string")
    throw new Error("The fake server has no TCP address");
  const hostPart = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${hostPart}:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/**
 * The node:http request listener of {@link startFakeServer}: the watch routes when asked for,
 * the control plane under `/fake/`, CORS, and every other request answered by the service, each
 * only at a trusted `Host` (`allowHosts`). `postline mcp --fake --http` mounts it beside its MCP
 * endpoint.
 */
export function fakeRequestListener(
  service: FakeService,
  options: FakeRequestListenerOptions = {},
): (request: IncomingMessage, response: ServerResponse) => void {
  const corsHeaders = corsHeadersFor(options.cors);
  return (request, response) => {
    if (
      options.anyHostForApi !== true &&
      !isTrustedHost(request.headers.host, options.allowHosts)
    ) {
      const refused = forbiddenHost(request.headers.host);
      request.resume();
      response.writeHead(refused.status, refused.headers).end(refused.body);
      return;
    }
    answerOwnRoute(service, request, response, options)
      .then((answered) => {
        if (answered) return;
        if (corsHeaders) {
          for (const [name, value] of Object.entries(corsHeaders)) response.setHeader(name, value);
          if (request.method === "OPTIONS") {
            response.writeHead(204, PREFLIGHT_HEADERS).end();
            return;
          }
        }
        return serve(service, request, response, options);
      })
      .catch(() => response.destroy());
  };
}

const PREFLIGHT_HEADERS = {
  "access-control-allow-methods": "GET, POST, PATCH, DELETE",
  "access-control-allow-headers": "authorization, content-type, accept, x-postline-sdk",
  "access-control-max-age": "600",
};

function corsHeadersFor(cors: FakeServerOptions["cors"]): Record<string, string> | undefined {
  if (cors === undefined || cors === false) return undefined;
  const headers: Record<string, string> = {
    "access-control-allow-origin": cors === true ? "*" : cors,
    // Without these a browser hides the 429 headers, and RateLimitError loses its fields.
    "access-control-expose-headers":
      "retry-after, x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset",
  };
  // Browsers send cookies across origins only to a server naming the origin, never to `*`.
  if (cors !== true) headers["access-control-allow-credentials"] = "true";
  return headers;
}

/**
 * Serves the watch and control routes (before CORS: no other origin may read or steer them);
 * `false` when the path is the model's.
 */
async function answerOwnRoute(
  service: FakeService,
  request: IncomingMessage,
  response: ServerResponse,
  options: FakeServerOptions,
): Promise<boolean> {
  const abort = new AbortController();
  response.on("close", () => abort.abort());
  const page = await answerWatch(
    service,
    {
      method: request.method ?? "GET",
      target: request.url ?? "/",
      headers: headersOf(request.headers),
      body: async () =>
        (await readCapped(request, MAX_CONTROL_BODY_BYTES))?.toString("utf8") ?? null,
      signal: abort.signal,
    },
    options,
  );
  if (!page) return false;
  if (!response.destroyed) {
    response.writeHead(page.status, page.headers).end(request.method === "HEAD" ? "" : page.body);
  }
  return true;
}

async function serve(
  service: FakeService,
  request: IncomingMessage,
  response: ServerResponse,
  { trustForwardedFor }: FakeServerOptions,
): Promise<void> {
  const chunks: Buffer[] = [];
  let read = 0;
  for await (const chunk of request) {
    // Past the cap the rest is drained unkept: the service refuses the body by its size alone.
    if (read <= MAX_REQUEST_BODY_BYTES) chunks.push(chunk as Buffer);
    read += (chunk as Buffer).length;
  }
  const abort = new AbortController();
  response.on("close", () => {
    if (!response.writableFinished) abort.abort();
  });
  const headers = headersOf(request.headers);
  const forwarded =
    trustForwardedFor === true ? headers.get("x-forwarded-for")?.split(",")[0]?.trim() : undefined;
  const outcome = await service.handle({
    method: request.method ?? "GET",
    url: `http://${request.headers.host ?? "127.0.0.1"}${request.url ?? "/"}`,
    // Over HTTP the API is at the server's root: `/foo/api/v1` is a wrong base URL.
    basePath: "",
    headers,
    body: Buffer.concat(chunks).toString("utf8"),
    clientAddress: forwarded || request.socket.remoteAddress || "127.0.0.1",
    signal: abort.signal,
  });
  if (outcome.kind === "network-error") {
    request.socket.destroy();
    return;
  }
  const { status, headers: responseHeaders, body } = outcome.response;
  response.writeHead(status, responseHeaders);
  response.end(status === 204 ? undefined : (body ?? undefined));
}
