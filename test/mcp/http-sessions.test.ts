/**
 * `postline mcp --http`'s 2025-era sessions, through real HTTP (node:http on 127.0.0.1) on a clock
 * the test moves: an idle session expires; a full table closes the least recently *used* idle
 * session; an active one (here, an open SSE stream) is never closed, and with every session
 * active a new one gets 503. Requests whose answer cannot be read are refused with JSON-RPC
 * bodies: an Accept without JSON or an event stream (406), a body not in UTF-8 (415).
 */
import { afterEach, describe, expect, it } from "vitest";
import { serveFetch } from "../../src/cli/serve-fetch.js";
import { createMcpServer } from "../../src/mcp/server/create-server.js";
import { createMcpHttpEndpoint } from "../../src/mcp/transport/http-endpoint.js";
import { fakeClient } from "../support/fake-client.js";

const IDLE_MS = 60_000;
const ACCEPT = "application/json, text/event-stream";
let now = 0;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** An endpoint with `maxSessions`, served over HTTP; its address. */
async function served(maxSessions: number): Promise<string> {
  now = 1_000_000;
  const endpoint = createMcpHttpEndpoint(() => createMcpServer({ client: fakeClient().client }), {
    sessionIdleMs: IDLE_MS,
    maxSessions,
    now: () => now,
  });
  const server = await serveFetch((request) => endpoint.fetch(request), 0);
  closers.push(
    () => server.close(),
    () => endpoint.close(),
  );
  return `${server.origin}/mcp`;
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: ACCEPT, ...headers },
    body: JSON.stringify(body),
  });

/** Opens a 2025-11-25 session; its id, or the refusal's status and body. */
async function open(url: string): Promise<{ id?: string; status: number; body?: unknown }> {
  const response = await post(url, {
    jsonrpc: "2.0",
    id: "init",
    method: "initialize",
    params: {
      protocolVersion: "2025-11-25",
      capabilities: {},
      clientInfo: { name: "session-test", version: "1.0.0" },
    },
  });
  const id = response.headers.get("mcp-session-id");
  if (!id) return { status: response.status, body: await response.json() };
  await response.body?.cancel();
  const initialized = await post(
    url,
    { jsonrpc: "2.0", method: "notifications/initialized" },
    { "mcp-session-id": id, "mcp-protocol-version": "2025-11-25" },
  );
  expect(initialized.status).toBe(202);
  return { id, status: response.status };
}

/** The status of a `ping` in session `id`. */
async function ping(url: string, id: string): Promise<number> {
  const response = await post(
    url,
    { jsonrpc: "2.0", id: "ping", method: "ping" },
    { "mcp-session-id": id, "mcp-protocol-version": "2025-11-25" },
  );
  await response.body?.cancel();
  return response.status;
}

/** Opens the session's SSE stream (GET); aborting the signal closes it. */
async function stream(url: string, id: string, signal: AbortSignal): Promise<void> {
  const response = await fetch(url, {
    headers: {
      accept: "text/event-stream",
      "mcp-session-id": id,
      "mcp-protocol-version": "2025-11-25",
    },
    signal,
  });
  expect(response.status).toBe(200);
}

describe("2025-era sessions over HTTP", () => {
  it("a session idle for the idle time expires: its next request is 404", async () => {
    const url = await served(8);
    const { id } = await open(url);
    now += IDLE_MS - 1;
    expect(await ping(url, id!)).toBe(200);
    now += IDLE_MS - 1;
    expect(await ping(url, id!)).toBe(200);
    now += IDLE_MS;
    expect(await ping(url, id!)).toBe(404);
  });

  it("a DELETE ends the session: the table forgets it, so its next request is 404", async () => {
    const url = await served(1);
    const { id } = await open(url);
    const headers = { "mcp-session-id": id!, "mcp-protocol-version": "2025-11-25" };
    const ended = await fetch(url, { method: "DELETE", headers });
    expect(ended.status).toBe(200);
    await ended.body?.cancel();

    const after = await post(url, { jsonrpc: "2.0", id: "ping", method: "ping" }, headers);
    expect(after.status).toBe(404);
    // The endpoint's own answer for an id its table does not hold, not the closed transport's.
    expect(await after.json()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32001, message: "Session not found: start a new one with initialize" },
    });
    expect((await open(url)).status).toBe(200);
  });

  it("a full table closes the least recently used idle session, not the oldest created", async () => {
    const url = await served(3);
    const first = (await open(url)).id!;
    now += 10;
    const second = (await open(url)).id!;
    now += 10;
    const third = (await open(url)).id!;
    now += 10;
    expect(await ping(url, first)).toBe(200);
    now += 10;
    const fourth = await open(url);
    expect(fourth.status).toBe(200);
    expect(await ping(url, second)).toBe(404);
    for (const id of [first, third, fourth.id!]) expect(await ping(url, id)).toBe(200);
  });

  it("an active session (an open SSE stream) is never closed; with all active, a new one gets 503", async () => {
    const url = await served(2);
    const first = (await open(url)).id!;
    const second = (await open(url)).id!;
    const streams = [new AbortController(), new AbortController()];
    await stream(url, first, streams[0]!.signal);
    await stream(url, second, streams[1]!.signal);
    now += IDLE_MS * 10;

    const refused = await open(url);
    expect(refused).toEqual({
      status: 503,
      body: {
        jsonrpc: "2.0",
        id: null,
        error: {
          code: -32000,
          message: "Service Unavailable: every MCP session is busy; retry when one is done",
        },
      },
    });
    // An active session does not expire either.
    expect(await ping(url, first)).toBe(200);

    // The second's stream ends: it is idle (and long unused), so a newcomer takes its place.
    streams[1]!.abort();
    // The abort reaches the server's stream asynchronously; on a loaded machine that takes a while.
    await expect.poll(async () => (await open(url)).status, { timeout: 10_000 }).toBe(200);
    expect(await ping(url, second)).toBe(404);
    expect(await ping(url, first)).toBe(200);
    streams[0]!.abort();
  });
});

describe("requests whose answer cannot be read", () => {
  it("an Accept without application/json or text/event-stream is refused with 406", async () => {
    const url = await served(8);
    const response = await post(
      url,
      { jsonrpc: "2.0", id: 1, method: "ping" },
      { accept: "text/html" },
    );
    expect(response.status).toBe(406);
    expect(await response.json()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: {
        code: -32000,
        message: "Not Acceptable: Accept must include application/json or text/event-stream",
      },
    });
  });

  it.each(["iso-8859-1", "utf-16", '"windows-1252"'])(
    "a body with charset=%s is refused with 415",
    async (charset) => {
      const url = await served(8);
      const response = await post(
        url,
        { jsonrpc: "2.0", id: 1, method: "ping" },
        { "content-type": `application/json; charset=${charset}` },
      );
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({
        jsonrpc: "2.0",
        id: null,
        error: {
          code: -32000,
          message: "Unsupported Media Type: the body must be UTF-8 (charset=utf-8, or no charset)",
        },
      });
    },
  );

  it("charset=utf-8 and an Accept of */* are served", async () => {
    const url = await served(8);
    const { status } = await (async () => {
      const response = await post(
        url,
        {
          jsonrpc: "2.0",
          id: "init",
          method: "initialize",
          params: {
            protocolVersion: "2025-11-25",
            capabilities: {},
            clientInfo: { name: "t", version: "1" },
          },
        },
        {
          "content-type": "application/json; charset=UTF-8",
          accept: "application/json, text/event-stream, */*",
        },
      );
      await response.body?.cancel();
      return response;
    })();
    expect(status).toBe(200);
  });
});
