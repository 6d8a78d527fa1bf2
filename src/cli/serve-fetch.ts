/**
 * A web-standard `(Request) => Promise<Response>` served over node:http on 127.0.0.1. A response
 * body streams as it is written (SSE), and a client that goes away cancels it, which is how the
 * MCP SDK learns that a 2026-07-28 host cancelled a call.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/** A listening server. */
export interface FetchServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  close(): Promise<void>;
}

/** Requests another node:http listener answers, on the same port: those of the paths it `owns`. */
export interface Beside {
  owns(pathname: string): boolean;
  listener(incoming: IncomingMessage, outgoing: ServerResponse): void;
}

/**
 * Listens on 127.0.0.1:`port` (0: a free one) and answers every request with `handle`, but those
 * `beside` owns.
 */
export async function serveFetch(
  handle: (request: Request) => Promise<Response>,
  port: number,
  beside?: Beside,
): Promise<FetchServer> {
  const server = createServer((incoming, outgoing) => {
    if (beside?.owns(pathnameOf(incoming))) {
      beside.listener(incoming, outgoing);
      return;
    }
    const gone = new AbortController();
    outgoing.once("close", () => gone.abort());
    let request: Request;
    try {
      request = requestOf(incoming, gone.signal);
    } catch {
      outgoing.writeHead(400).end();
      return;
    }
    handle(request)
      .then(async (response) => {
        outgoing.writeHead(response.status, Object.fromEntries(response.headers));
        outgoing.flushHeaders();
        if (response.body === null) return void outgoing.end();
        await pipeline(Readable.fromWeb(response.body as never), outgoing);
      })
      .catch(() => {
        if (!outgoing.headersSent) outgoing.writeHead(500).end();
        else outgoing.destroy();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const address = server.address();
  const bound = typeof address === "object" && address !== null ? address.port : port;
  return {
    origin: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The request's path, or `""` when its target is no URL (it is then answered 400 below). */
function pathnameOf(incoming: IncomingMessage): string {
  try {
    return new URL(incoming.url ?? "/", "http://127.0.0.1").pathname;
  } catch {
    return "";
  }
}

function requestOf(incoming: IncomingMessage, signal: AbortSignal): Request {
  const headers = new Headers();
  for (let index = 0; index < incoming.rawHeaders.length; index += 2) {
    headers.append(incoming.rawHeaders[index] ?? "", incoming.rawHeaders[index + 1] ?? "");
  }
  const method = incoming.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  // The guards judge the Host header itself; the URL only carries the path.
  const url = new URL(incoming.url ?? "/", "http://127.0.0.1");
  return new Request(url, {
    method,
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(incoming) as ReadableStream, duplex: "half" } : {}),
  } as RequestInit);
}
