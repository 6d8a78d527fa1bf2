/**
 * The fake's watch surfaces against hostile input: `postline fake --log` and `/fake/requests`
 * print what any web page can send to a local port (keyless `text/plain` POSTs to the MCP
 * endpoint, paths holding a token), and the request log keeps what it is sent. What is printed
 * cannot drive the terminal or forge lines, no token shows, and the log stays bounded.
 */
import { afterEach, describe, expect, it } from "vitest";
import { REQUEST_LOG_LIMITS } from "../../src/testing/fake/handles/request-log.js";
import { createFakeService, type FakeServer, startFakeServer } from "../../src/testing/index.js";
import { exitOf, startPostline } from "../cli/support/run-postline.js";

const TOKEN = "pl_live_Zq81xVbN3kLmP0aS9dF2";
// OSC 52 (clipboard), a window title, a screen clear, a bidi override, a forged line.
const HOSTILE_METHODS = [
  "\u001b]52;c;ZWNobyBwd25lZA==\u0007",
  "\u001b]0;owned\u0007",
  "\u001b[2J\u001b[H",
  "tools/call \u202egnp.exe",
  "ping\n10:00:00.000  GET     /keys  200  -  Seeded owner key (key_acme_owner)",
  "\u009b31m",
  "\u0085next line",
];

let child: ReturnType<typeof startPostline> | undefined;
let server: FakeServer | undefined;
afterEach(async () => {
  if (child && child.exitCode === null) {
    child.kill("SIGKILL");
    await exitOf(child);
  }
  child = undefined;
  await server?.close();
  server = undefined;
});

/** `postline fake --log`, started: its base URL, and everything it has printed so far. */
async function fakeWithLog() {
  child = startPostline(["fake", "--port", "0", "--json", "--log"]);
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  await expect.poll(() => output.includes("\n")).toBe(true);
  const { baseURL } = JSON.parse(output.slice(0, output.indexOf("\n"))) as { baseURL: string };
  return { baseURL, logged: () => output.slice(output.indexOf("\n") + 1) };
}

const keylessTextPost = (url: string, method: string) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "text/plain" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: { name: method } }),
  });

describe("postline fake --log", () => {
  it("prints one safe line per request: no escape, no control character, no forged line", async () => {
    const { baseURL, logged } = await fakeWithLog();
    for (const method of HOSTILE_METHODS) await keylessTextPost(`${baseURL}/api/v1/mcp`, method);
    await expect.poll(() => logged().split("\n").length - 1).toBe(HOSTILE_METHODS.length);
    const text = logged();
    for (const line of text.trimEnd().split("\n")) {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: what must not be printed
      expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
      expect(line).toMatch(/^\d\d:\d\d:\d\d\.\d{3} {2}POST {4}\/mcp \[/);
    }
    expect(text).toContain("\\u001b]52;c;");
    expect(text).toContain("\\u202e");
  });

  it("never prints a token in a path: DELETE /keys/<token>, GET /content/<token>", async () => {
    const { baseURL, logged } = await fakeWithLog();
    await fetch(`${baseURL}/api/v1/keys/${TOKEN}`, { method: "DELETE" });
    await fetch(`${baseURL}/api/v1/content/${TOKEN}?ref=${TOKEN}`);
    await expect.poll(() => logged().split("\n").length - 1).toBe(2);
    expect(logged()).not.toContain("Zq81xVbN3kLmP0aS9dF2");
    expect(logged()).toMatch(/DELETE {2}\/keys\/\[redacted\] {2}401/);
    expect(logged()).toMatch(/GET {5}\/content\/\[redacted\]\?ref=\[redacted\] {2}401/);
  });
});

describe("/fake/requests", () => {
  it("shows no token anywhere in an entry: path, query or JSON-RPC call", async () => {
    const service = createFakeService();
    server = await startFakeServer(service, { port: 0, watch: true });
    await fetch(`${server.url}/api/v1/keys/${TOKEN}`, { method: "DELETE" });
    await fetch(`${server.url}/api/v1/content/${TOKEN}`);
    await keylessTextPost(`${server.url}/api/v1/mcp`, `tools/call ${TOKEN}`);
    const text = await (await fetch(`${server.url}/fake/requests`)).text();
    const { requests } = JSON.parse(text) as { requests: { path: string; mcpCall: string }[] };
    expect(requests).toHaveLength(3);
    expect(text).not.toContain("Zq81xVbN3kLmP0aS9dF2");
    expect(requests.map((entry) => entry.path)).toEqual([
      "/keys/[redacted]",
      "/content/[redacted]",
      "/mcp",
    ]);
    expect(requests[2]!.mcpCall).toContain("[redacted]");
  });
});

describe("/fake/state", () => {
  it("shows no token shape, even as a key's name", async () => {
    const service = createFakeService();
    server = await startFakeServer(service, { port: 0, watch: true });
    const { apiKey } = service.defaults;
    const created = await fetch(`${server.url}/api/v1/keys`, {
      method: "POST",
      headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ name: `leaked ${TOKEN}`, scopes: ["read"] }),
    });
    expect(created.status).toBe(201);
    const text = await (await fetch(`${server.url}/fake/state`)).text();
    expect(text).not.toContain("Zq81xVbN3kLmP0aS9dF2");
    expect(text).toContain("leaked [redacted]");
  });
});

describe("the request log is bounded", () => {
  it(`keeps at most ${REQUEST_LOG_LIMITS.bodyChars} characters of bodies, dropping the oldest, and says how many were dropped`, async () => {
    const service = createFakeService();
    server = await startFakeServer(service, { port: 0, watch: true });
    const body = "x".repeat(1_000_000);
    const sent = Math.ceil(REQUEST_LOG_LIMITS.bodyChars / body.length) + 4;
    for (let i = 0; i < sent; i++) {
      await fetch(`${server.url}/api/v1/content`, { method: "POST", body });
    }
    const kept = service.requests.length;
    expect(kept).toBeLessThan(sent);
    expect(kept * body.length).toBeLessThanOrEqual(REQUEST_LOG_LIMITS.bodyChars);
    const log = (await (await fetch(`${server.url}/fake/requests`)).json()) as {
      requests: { index: number }[];
      next: number;
      dropped: number;
    };
    expect(log.dropped).toBe(sent - kept);
    expect(log.next).toBe(sent);
    expect(log.requests[0]!.index).toBe(sent - kept);
    // Reading on from an index already dropped starts at the oldest entry kept.
    const later = (await (await fetch(`${server.url}/fake/requests?after=1`)).json()) as {
      requests: { index: number }[];
    };
    expect(later.requests[0]!.index).toBe(sent - kept);
  });

  it(`keeps at most ${REQUEST_LOG_LIMITS.entries} entries`, async () => {
    const service = createFakeService();
    const sent = REQUEST_LOG_LIMITS.entries + 25;
    for (let i = 0; i < sent; i++) {
      await service.handle({ url: "http://fake.test/api/v1/brand", method: "GET", headers: {} });
    }
    expect(service.requests).toHaveLength(REQUEST_LOG_LIMITS.entries);
    expect(service.droppedRequests).toBe(25);
    service.clearRequests();
    expect(service.droppedRequests).toBe(0);
  });
});
