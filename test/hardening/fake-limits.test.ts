/**
 * The fake's own defences, probed as a hostile client would: a tool argument nested 20,000 deep
 * sent to its MCP endpoint, a 2 MB body, and an `X-Forwarded-For` header that picks a fresh
 * address for every request. Each gets an answer in the contract's shapes (docs/testing.md); none
 * drops the connection or slips past the per-address limits.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  createFakeService,
  type FakeServer,
  type FakeServerOptions,
  startFakeServer,
} from "../../src/testing/index.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(options: FakeServerOptions = {}) {
  const service = createFakeService();
  server = await startFakeServer(service, { port: 0, ...options });
  return { service, url: server.url, apiKey: service.defaults.apiKey };
}

const MCP_HEADERS = { "content-type": "application/json", accept: "application/json" };

function toolCall(name: string, argumentsText: string) {
  return `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"${name}","arguments":${argumentsText}}}`;
}

describe("the MCP endpoint and deeply nested arguments", () => {
  it("answers a 20,000-level argument with a validation_error tool result instead of dropping the connection", async () => {
    const { url, apiKey } = await serve();
    const levels = 20_000;
    const deep = `{"id":${'{"a":'.repeat(levels)}1${"}".repeat(levels)}}`;
    const response = await fetch(`${url}/api/v1/mcp`, {
      method: "POST",
      headers: { ...MCP_HEADERS, authorization: `Bearer ${apiKey}` },
      body: toolCall("get_content", deep),
    });
    expect(response.status).toBe(200);
    const reply = (await response.json()) as {
      result: { isError: boolean; content: { text: string }[] };
    };
    expect(reply.result.isError).toBe(true);
    expect(JSON.parse(reply.result.content[0]?.text ?? "")).toMatchObject({
      error: { code: "validation_error", param: "id" },
    });
  });
});

describe("the body size cap", () => {
  const big = (bytes: number) => JSON.stringify({ channelId: "ch_1", body: "x".repeat(bytes) });

  it("refuses a 2 MB REST body with the envelope, naming body, and stores nothing", async () => {
    const { service, url, apiKey } = await serve();
    const before = service.workspace().items().length;
    const response = await fetch(`${url}/api/v1/content`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${apiKey}` },
      body: big(2_000_000),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: "validation_error", param: "body" },
    });
    expect(service.workspace().items()).toHaveLength(before);
    const list = await fetch(`${url}/api/v1/content`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(list.status).toBe(200);
  });

  it("refuses it through service.fetch too, and over MCP as a JSON-RPC error", async () => {
    const service = createFakeService();
    const { apiKey, baseURL } = service.defaults;
    const rest = await service.fetch(`${baseURL}/api/v1/content`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${apiKey}` },
      body: big(2_000_000),
    });
    expect(rest.status).toBe(400);
    const mcp = await service.fetch(`${baseURL}/api/v1/mcp`, {
      method: "POST",
      headers: { ...MCP_HEADERS, authorization: `Bearer ${apiKey}` },
      body: toolCall("create_content_draft", big(2_000_000)),
    });
    expect(mcp.status).toBe(413);
    expect(await mcp.json()).toMatchObject({
      error: { data: { code: "validation_error", param: "body" } },
    });
  });

  it("a body just under the cap is read as usual", async () => {
    const service = createFakeService();
    const { apiKey, baseURL } = service.defaults;
    const response = await service.fetch(`${baseURL}/api/v1/content`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({ channelId: "ch_missing", body: "x".repeat(900_000) }),
    });
    const envelope = (await response.json()) as { error?: { param?: string } };
    expect(envelope.error?.param).not.toBe("body");
  });
});

describe("X-Forwarded-For on the HTTP server", () => {
  /** Sends `count` MCP pings, each claiming a different address; how many were rate limited. */
  async function pingsLimited(url: string, count: number): Promise<number> {
    let limited = 0;
    for (let i = 0; i < count; i++) {
      const response = await fetch(`${url}/api/v1/mcp`, {
        method: "POST",
        headers: { ...MCP_HEADERS, "x-forwarded-for": `203.0.113.${i % 250}, 10.0.0.1` },
        body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
      });
      const reply = (await response.json()) as { error?: unknown };
      if (reply.error !== undefined) limited += 1;
    }
    return limited;
  }

  it("is ignored by default: a client cannot pick a fresh address per request", async () => {
    const { url } = await serve();
    expect(await pingsLimited(url, 65)).toBe(5);
  });

  it("is trusted with trustForwardedFor: true, as behind a proxy", async () => {
    const { url } = await serve({ trustForwardedFor: true });
    expect(await pingsLimited(url, 65)).toBe(0);
  });
});
