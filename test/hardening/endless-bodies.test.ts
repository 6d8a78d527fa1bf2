/**
 * A body that never ends (trickled, or fast and endless) is bounded by the SDK itself: the
 * per-attempt timeout and the caller's signal cut it even when a garbage collection runs while it
 * is read (nodejs/node#55428 loses fetch's own abort then), and a body past the SDK's cap is
 * cancelled with a clear error. docs/retries.md, "Deadline, body cap and redirects".
 */
import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  ResponseValidationError,
  ServerError,
} from "../../src/index.js";
import {
  clientOf,
  collectGarbage,
  type HostileServer,
  startHostileServer,
} from "../support/hostile-server.js";

let server: HostileServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Headers at once, then one byte every 50 ms, forever (until the client goes away). */
function trickle(response: ServerResponse, status = 200) {
  response.writeHead(status, { "content-type": "application/json" });
  response.write('{"id":"');
  const timer = setInterval(() => response.write("a"), 50);
  response.on("close", () => clearInterval(timer));
}

/** Headers at once, then 64 KiB chunks as fast as the client takes them, forever. */
function flood(response: ServerResponse, status = 200) {
  response.writeHead(status, { "content-type": "application/json" });
  const chunk = Buffer.alloc(64 * 1024, "a");
  let open = true;
  response.on("close", () => {
    open = false;
  });
  const pump = () => {
    while (open && response.write(chunk)) {}
    if (open) response.once("drain", pump);
  };
  pump();
}

/** Runs GCs every 20 ms while `work` is pending. */
async function underGarbageCollection<T>(work: Promise<T>): Promise<T> {
  let running = true;
  const collecting = (async () => {
    while (running) {
      await collectGarbage();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    return await work;
  } finally {
    running = false;
    await collecting;
  }
}

describe("a body that trickles forever", () => {
  it("is cut by the per-attempt timeout under GC, and its connection is closed", async () => {
    server = await startHostileServer((_request, response) => trickle(response));
    const client = clientOf(server, { timeout: 400, maxRetries: 0 });
    // A caller's signal that never aborts: the timeout then sits in a chain of dependent signals.
    const { signal } = new AbortController();
    const started = Date.now();
    const error = await underGarbageCollection(
      client.content.get("cnt_1", { signal }).catch((e) => e),
    );
    expect(error).toBeInstanceOf(APITimeoutError);
    expect((error as APITimeoutError).timeoutMs).toBe(400);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await server.allSocketsClosed(2_000)).toBe(true);
  });

  it("is cut by the caller's signal under GC, and its connection is closed", async () => {
    server = await startHostileServer((_request, response) => trickle(response));
    const client = clientOf(server, { timeout: 60_000, maxRetries: 0 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("enough")), 400);
    const started = Date.now();
    const error = await underGarbageCollection(
      client.content.get("cnt_1", { signal: controller.signal }).catch((e) => e),
    );
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await server.allSocketsClosed(2_000)).toBe(true);
  });

  it("is retried as a timeout on a read, each attempt within its own deadline", async () => {
    server = await startHostileServer((_request, response) => trickle(response));
    const client = clientOf(server, { timeout: 300, maxRetries: 1 });
    const error = await underGarbageCollection(client.channels.list().catch((e) => e));
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(server.requests).toHaveLength(2);
  });
});

describe("a body that declares its Content-Length and does not keep to it", () => {
  it("a declared length within the cap that trickles is cut by the per-attempt timeout under GC", async () => {
    server = await startHostileServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json", "content-length": 4096 });
      response.write('{"id":"');
      const timer = setInterval(() => response.write("a"), 50);
      response.on("close", () => clearInterval(timer));
    });
    const client = clientOf(server, { timeout: 400, maxRetries: 0 });
    const { signal } = new AbortController();
    const started = Date.now();
    const error = await underGarbageCollection(
      client.content.get("cnt_1", { signal }).catch((e) => e),
    );
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await server.allSocketsClosed(2_000)).toBe(true);
  });

  it("is cut by the timeout and its connection closed even when fetch never sees the abort", async () => {
    server = await startHostileServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json", "content-length": 4096 });
      response.write('{"id":"');
      const timer = setInterval(() => response.write("a"), 50);
      response.on("close", () => clearInterval(timer));
    });
    // What a lost abort signal amounts to, made certain: the request goes out without one.
    const signalDeafFetch: typeof fetch = (input) => {
      const request = input as Request;
      return fetch(request.url, { method: request.method, headers: request.headers });
    };
    const client = clientOf(server, { timeout: 400, maxRetries: 0, fetch: signalDeafFetch });
    const started = Date.now();
    const error = await client.content.get("cnt_1").catch((e) => e);
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await server.allSocketsClosed(2_000)).toBe(true);
  });

  it("a body that ends short of its declared length is a connection error, never a success", async () => {
    server = await startHostileServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json", "content-length": 4096 });
      response.write('{"id":"cnt_1"}', () => response.destroy());
    });
    const client = clientOf(server, { timeout: 5_000, maxRetries: 0 });
    const error = await client.content.get("cnt_1").catch((e) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).not.toBeInstanceOf(APITimeoutError);
  });

  it("bytes sent past the declared length are not read as part of the body", async () => {
    // Written to the socket directly: node:http refuses to send more than the declared length.
    server = await startHostileServer((request) => {
      const body = '{"id":"cnt_1"}';
      request.socket.write(
        `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 5\r\n\r\n${body}`,
      );
    });
    const client = clientOf(server, { timeout: 5_000, maxRetries: 0 });
    const error = await client.content.get("cnt_1").catch((e) => e);
    // Five bytes, `{"id"`, are not a content item.
    expect(error).toBeInstanceOf(ResponseValidationError);
  });
});

describe("a body that never ends and arrives fast", () => {
  // The RSS it costs is measured by bench/body-cap-memory.ts.
  it("a 2xx past the 8 MiB cap is cancelled with ResponseValidationError", async () => {
    server = await startHostileServer((_request, response) => flood(response));
    const client = clientOf(server, { timeout: 30_000, maxRetries: 2 });
    const started = Date.now();
    const error = await client.content.get("cnt_1").catch((e) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).message).toMatch(/cap of 8388608 bytes/);
    // Not retried: the service did answer 2xx, so the call ends here.
    expect(server.requests).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await server.allSocketsClosed(2_000)).toBe(true);
  });

  it("a 2xx that declares a Content-Length over the cap is not read at all", async () => {
    server = await startHostileServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json", "content-length": 50e6 });
      response.write("{");
    });
    const client = clientOf(server, { timeout: 30_000, maxRetries: 0 });
    const error = await client.content.get("cnt_1").catch((e) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(await server.allSocketsClosed(2_000)).toBe(true);
  });

  it("a create answered 2xx past the cap is not sent again (the service acted on it)", async () => {
    server = await startHostileServer((request, response) => {
      if (request.method === "POST") return flood(response, 201);
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ items: [], nextCursor: null }));
    });
    const client = clientOf(server, { timeout: 30_000 });
    await client.content.createDraft({ channelId: "ch_1", body: "Hello" }).catch(() => {});
    expect(server.requests.filter((r) => r.method === "POST")).toHaveLength(1);
  });
});

describe("an error body past the cap", () => {
  it("a 50 MB error page ends as the status's error, unexpected_response, nothing kept past 64 KiB", async () => {
    server = await startHostileServer((_request, response) => flood(response, 500));
    const client = clientOf(server, { timeout: 30_000, maxRetries: 0 });
    const error = await client.content.get("cnt_1").catch((e) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).status).toBe(500);
    expect((error as ServerError).code).toBe("unexpected_response");
    expect((error as ServerError).message).toMatch(/over the SDK's cap of 65536 bytes/);
    expect(JSON.stringify((error as ServerError).body ?? null).length).toBeLessThanOrEqual(
      64 * 1024,
    );
    expect(await server.allSocketsClosed(2_000)).toBe(true);
  });

  it("an error body within the cap is read whole", async () => {
    server = await startHostileServer((_request, response) => {
      response.writeHead(404, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { code: "not_found", message: "No such item" } }));
    });
    const error = await clientOf(server)
      .content.get("cnt_1")
      .catch((e) => e);
    expect(error).toMatchObject({ status: 404, code: "not_found", message: "No such item" });
  });
});
