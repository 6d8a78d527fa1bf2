import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { Postline, type PostlineOptions } from "../../src/index.js";

/** A request as the misbehaving server saw it. */
export interface HostileRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage["headers"];
}

/** A `node:http` server on 127.0.0.1 that answers with `handle`, and what it saw. */
export interface HostileServer {
  readonly baseURL: string;
  readonly requests: HostileRequest[];
  /** Sockets that carried a request and are not yet closed (by either side). */
  readonly openSockets: Set<Socket>;
  /** Resolves once every socket that carried a request is closed, or after `ms` with `false`. */
  allSocketsClosed(ms: number): Promise<boolean>;
  close(): Promise<void>;
}

export const HOSTILE_TOKEN = "pl_test_hostileServerToken0123456789";

/** Starts a server for one test; `handle` decides how it misbehaves. */
export async function startHostileServer(
  handle: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<HostileServer> {
  const requests: HostileRequest[] = [];
  const openSockets = new Set<Socket>();
  const allSockets = new Set<Socket>();
  const server = createServer((request, response) => {
    requests.push({
      method: request.method ?? "",
      url: request.url ?? "",
      headers: request.headers,
    });
    const { socket } = request;
    if (!socket.destroyed && !openSockets.has(socket)) {
      openSockets.add(socket);
      socket.on("close", () => openSockets.delete(socket));
    }
    handle(request, response);
  });
  server.on("connection", (socket) => {
    allSockets.add(socket);
    socket.on("close", () => allSockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    requests,
    openSockets,
    async allSocketsClosed(ms) {
      const until = Date.now() + ms;
      while (openSockets.size > 0 && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return openSockets.size === 0;
    },
    close() {
      for (const socket of allSockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A client of `server`: unpaced, so only the behaviour under test decides timing. */
export function clientOf(server: HostileServer, options: PostlineOptions = {}): Postline {
  return new Postline({
    apiKey: HOSTILE_TOKEN,
    baseURL: server.baseURL,
    rateLimit: false,
    ...options,
  });
}

/** A full garbage collection, as the one that loses fetch's abort (nodejs/node#55428). */
export async function collectGarbage(): Promise<void> {
  const { setFlagsFromString } = await import("node:v8");
  const { runInNewContext } = await import("node:vm");
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  gc();
}
