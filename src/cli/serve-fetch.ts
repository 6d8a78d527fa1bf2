/**
 * A web-standard `(Request) => Promise<Response>` served over node:http on 127.0.0.1. A response
 * body streams as it is written (SSE), and a client that goes away cancels it, which is how the
 * MCP SDK learns that a 2026-07-28 host cancelled a call.
 */
import { createServer, type IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/** A listening server. */
export interface FetchServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1:`port` (0: a free one) and answers every request with `handle`. */
export async function serveFetch(
  handle: (request: Request) => Promise<Response>,
  port: number,
): Promise<FetchServer> {
  const server = createServer((incoming, outgoing) => {
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
