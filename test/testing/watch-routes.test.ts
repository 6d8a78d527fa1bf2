/**
 * The watch routes of `startFakeServer(service, { watch: true })`: the request log as JSON, the
 * overview, what they never show, and who may read them.
 */
import { request as httpRequest } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { Postline } from "../../src/index.js";
import {
  createFakeService,
  type FakeServer,
  type FakeService,
  type RecordedRequest,
  startFakeServer,
  type WatchedRequest,
} from "../../src/testing/index.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function watched(service: FakeService, options: { cors?: boolean } = {}) {
  server = await startFakeServer(service, { port: 0, watch: true, ...options });
  return server.url;
}

/** A GET with a chosen Host header (fetch may not set it). */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const sent = httpRequest(url, { headers }, (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => {
          body += chunk.toString("utf8");
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      });
      sent.on("error", reject);
      sent.end();
    },
  );
}

async function requestsOf(baseURL: string, after?: number) {
  const response = await fetch(
    `${baseURL}/fake/requests${after === undefined ? "" : `?after=${after}`}`,
  );
  expect(response.headers.get("content-type")).toBe("application/json");
  return (await response.json()) as { requests: WatchedRequest[]; next: number };
}

describe("the watch routes", () => {
  it("/fake/requests gives each request's time, key, method, path, status and error code, over REST and MCP, and reads on with after", async () => {
    const service = createFakeService();
    const baseURL = await watched(service);
    const { apiKey } = service.defaults;
    const client = new Postline({ apiKey, baseURL, maxRetries: 0 });
    await client.channels.list();
    await client.content.get("cnt_missing").catch(() => undefined);
    await fetch(`${baseURL}/api/v1/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${apiKey}` },
      body: JSON.stringify([
        {
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "list_content", arguments: { limit: 0 } },
        },
        { jsonrpc: "2.0", id: 2, method: "ping" },
      ]),
    });
    const log = await requestsOf(baseURL);
    expect(log.next).toBe(3);
    expect(
      log.requests.map(({ index, method, path, status, errorCode, keyId, keyName }) => ({
        index,
        method,
        path,
        status,
        errorCode,
        keyId,
        keyName,
      })),
    ).toEqual([
      {
        index: 0,
        method: "GET",
        path: "/channels",
        status: 200,
        errorCode: null,
        keyId: "key_acme_owner",
        keyName: "Seeded owner key",
      },
      {
        index: 1,
        method: "GET",
        path: "/content/cnt_missing",
        status: 404,
        errorCode: "not_found",
        keyId: "key_acme_owner",
        keyName: "Seeded owner key",
      },
      {
        index: 2,
        method: "POST",
        path: "/mcp",
        status: 200,
        errorCode: "validation_error",
        keyId: "key_acme_owner",
        keyName: "Seeded owner key",
      },
    ]);
    expect(log.requests[2]?.mcpCall).toBe("tools/call list_content, ping");
    expect(Date.parse(log.requests[0]?.at ?? "")).not.toBeNaN();
    expect((await requestsOf(baseURL, 2)).requests.map((entry) => entry.index)).toEqual([2]);
    expect((await requestsOf(baseURL, 3)).requests).toEqual([]);
    service.clearRequests();
    await client.channels.list();
    // A log cleared since the last read starts over.
    expect((await requestsOf(baseURL, 3)).requests.map((entry) => entry.index)).toEqual([0]);
  });

  it("a rate-limit refusal over MCP (a JSON-RPC error, HTTP 200) is counted as rate_limited, like a 429 over REST", async () => {
    const service = createFakeService();
    const baseURL = await watched(service);
    const { apiKey } = service.defaults;
    const channelId = service.defaults.channelIds[0] ?? "";
    const client = new Postline({ apiKey, baseURL, maxRetries: 0, rateLimit: false });
    for (let index = 0; index < 10; index++) {
      await client.content.createDraft({ channelId, body: `Post ${index}` });
    }
    await client.content
      .createDraft({ channelId, body: "Refused over REST" })
      .catch(() => undefined);
    const reply = await fetch(`${baseURL}/api/v1/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: {
          name: "create_content_draft",
          arguments: { channelId, body: "Refused over MCP" },
        },
      }),
    });
    expect(((await reply.json()) as { error: { data: { code: string } } }).error.data.code).toBe(
      "rate_limited",
    );
    const [rest, mcp] = (await requestsOf(baseURL, 10)).requests;
    expect(rest).toMatchObject({ status: 429, errorCode: "rate_limited" });
    expect(mcp).toMatchObject({
      status: 200,
      errorCode: "rate_limited",
      mcpCall: "tools/call create_content_draft",
    });
    expect(service.overview().requests).toMatchObject({
      total: 12,
      rateLimited: 2,
      byStatus: { "201": 10, "429": 1, "200": 1 },
    });
  });

  it("never shows a token: not the bearer, not one put in a query string, not one a key create answers", async () => {
    const service = createFakeService();
    const baseURL = await watched(service);
    const { apiKey } = service.defaults;
    const client = new Postline({ apiKey, baseURL, maxRetries: 0 });
    const created = await client.keys.create({ name: "Watched key", scopes: ["read"] });
    await fetch(`${baseURL}/api/v1/content?token=${apiKey}`, {
      headers: { authorization: `Bearer ${created.token}` },
    });
    const shown =
      JSON.stringify(await requestsOf(baseURL)) +
      JSON.stringify(await (await fetch(`${baseURL}/fake/state`)).json());
    expect(shown).not.toContain(apiKey);
    expect(shown).not.toContain(created.token);
    expect(shown).toContain("Watched key");
    expect(shown).not.toContain('"body"');
  });

  it("/fake/state counts items by status and each key's two windows", async () => {
    const service = createFakeService();
    const baseURL = await watched(service);
    const client = new Postline({ apiKey: service.defaults.apiKey, baseURL, maxRetries: 0 });
    await client.content.createDraft({
      channelId: service.defaults.channelIds[0] ?? "",
      body: "Counted.",
    });
    await client.channels.list();
    const state = (await (await fetch(`${baseURL}/fake/state`)).json()) as ReturnType<
      FakeService["overview"]
    >;
    const acme = state.workspaces.find((workspace) => workspace.id === "ws_acme");
    const items = service.workspace().items();
    expect(acme?.total).toBe(items.length);
    expect(acme?.itemsByStatus.draft).toBe(items.filter((item) => item.status === "draft").length);
    const key = state.keys.find((candidate) => candidate.id === "key_acme_owner");
    expect(key?.windows).toEqual([
      { counts: "requests", limit: 60, used: 1, resetsAt: expect.any(String) },
      { counts: "creates", limit: 10, used: 1, resetsAt: expect.any(String) },
    ]);
    expect(Date.parse(key?.windows[0]?.resetsAt ?? "") - Date.parse(state.now)).toBeLessThanOrEqual(
      60_000,
    );
  });

  it("answers only an IP address or localhost as Host, with no CORS headers, and GET only", async () => {
    const service = createFakeService();
    const baseURL = await watched(service, { cors: true });
    const { port } = new URL(baseURL);
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `[::1]:${port}`,
      `10.0.0.7:${port}`,
    ]) {
      expect((await get(`${baseURL}/fake/requests`, { host })).status, host).toBe(200);
    }
    const rebound = await get(`${baseURL}/fake/requests`, { host: `attacker.example:${port}` });
    expect(rebound.status).toBe(403);
    const page = await fetch(`${baseURL}/`, { headers: { origin: "https://attacker.example" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("access-control-allow-origin")).toBeNull();
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(await page.text()).toContain('<script src="/fake/watch.js">');
    const script = await fetch(`${baseURL}/fake/watch.js`);
    expect(script.headers.get("content-type")).toContain("text/javascript");
    expect((await fetch(`${baseURL}/fake/requests`, { method: "POST" })).status).toBe(405);
    expect(service.requests).toHaveLength(0);
  });

  it("is off unless asked, and never takes a contract route: /api/v1 is the model's", async () => {
    const service = createFakeService();
    server = await startFakeServer(service, { port: 0 });
    const root = await fetch(`${server.url}/`);
    expect(root.headers.get("content-type")).toBe("application/json");
    expect(root.status).toBe(401);
    await server.close();
    const baseURL = await watched(service);
    const api = await fetch(`${baseURL}/api/v1/`, {
      headers: { authorization: `Bearer ${service.defaults.apiKey}` },
    });
    expect(api.headers.get("content-type")).toBe("application/json");
    expect(await fetch(`${baseURL}/api/v1/fake/requests`).then((r) => r.status)).toBe(401);
  });

  it("onRequest tells a listener of each answered request, with its status and error code", async () => {
    const service = createFakeService();
    const seen: RecordedRequest[] = [];
    const stop = service.onRequest((entry) => seen.push({ ...entry }));
    const client = new Postline({
      apiKey: service.defaults.apiKey,
      baseURL: service.defaults.baseURL,
      fetch: service.fetch,
      maxRetries: 0,
    });
    await client.content.get("cnt_missing").catch(() => undefined);
    stop();
    await client.channels.list();
    expect(seen.map(({ path, status, errorCode }) => ({ path, status, errorCode }))).toEqual([
      { path: "/content/cnt_missing", status: 404, errorCode: "not_found" },
    ]);
  });
});
