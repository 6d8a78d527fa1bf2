/**
 * What both protocol revisions give alike through the endpoint `postline mcp --http` serves
 * (in process): the list's order and cache hint, the host's trace context, an answer to every
 * request that has an id, and the localhost guards.
 */
import { describe, expect, it } from "vitest";
import { Postline } from "../../src/index.js";
import { createMcpServer } from "../../src/mcp/index.js";
import { createMcpServerWithSeams } from "../../src/mcp/server/create-server.js";
import type { McpToolCall } from "../../src/mcp/server/tool-call.js";
import { TOOL_LIST_CACHE_HINT } from "../../src/mcp/server/tool-listing.js";
import { createMcpHttpEndpoint } from "../../src/mcp/transport/http-endpoint.js";
import { createFakeService } from "../../src/testing/index.js";
import { tools } from "../../src/tools/index.js";
import { MAX_INPUT_DEPTH } from "../../src/tools/input-depth.js";
import { call } from "./support/agent-session.js";
import { REVISIONS } from "./support/clients.js";
import { connectedClient } from "./support/in-memory-client.js";
import { MALFORMED_PROGRESS_TOKENS, metaFor, postAs } from "./support/raw-rpc.js";

const URL_ = "http://127.0.0.1/mcp";
const TRACEPARENT = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";

function fakeClient(): Postline {
  const service = createFakeService();
  const { apiKey, baseURL } = service.defaults;
  return new Postline({ apiKey, baseURL, fetch: service.fetch });
}

describe.each(REVISIONS)("both revisions alike, %s", (revision) => {
  it("lists the tools in a fixed order, list_content first, with a cache hint in 2026-07-28", async () => {
    const mcp = await connectedClient({ client: fakeClient() }, "revisions-test", revision);
    expect(mcp.protocolVersion()).toBe(revision);
    const listed = (await mcp.listTools()) as { tools: { name: string }[]; ttlMs?: number };
    expect(listed.tools.map((tool) => tool.name)).toEqual(tools.map((tool) => tool.name));
    expect(listed.tools[0]?.name).toBe("list_content");
    if (revision === "2026-07-28") expect(listed).toMatchObject(TOOL_LIST_CACHE_HINT);
    else expect(listed).not.toHaveProperty("ttlMs");
  });

  it("hands the host's traceparent and tracestate from _meta to the tool call", async () => {
    const calls: McpToolCall[] = [];
    const options = { client: fakeClient() };
    const mcp = await connectedClient(options, "revisions-test", revision, () =>
      createMcpServerWithSeams(options, { onToolCall: (call) => calls.push(call) }),
    );
    await mcp.callTool({
      name: "list_channels",
      arguments: {},
      _meta: { traceparent: TRACEPARENT, tracestate: "vendor=abc" },
    } as never);
    await mcp.callTool({
      name: "get_brand",
      arguments: {},
      _meta: { traceparent: "00-zz" },
    } as never);
    expect(calls.map((call) => call.trace)).toEqual([
      { traceparent: TRACEPARENT, tracestate: "vendor=abc" },
      {},
    ]);
  });

  it("refuses a tool input nested deeper than the depth limit, naming the parameter", async () => {
    const mcp = await connectedClient({ client: fakeClient() }, "revisions-test", revision);
    let deep: unknown = "x";
    for (let level = 0; level < MAX_INPUT_DEPTH + 5; level++) deep = { deeper: deep };
    const refused = await call(mcp, "list_content", { channelId: deep });
    expect(refused.isError).toBe(true);
    expect(refused.json.error).toMatchObject({ code: "validation_error", param: "channelId" });
  });

  it("answers a tools/call whose _meta.progressToken is an object, null, a float, a boolean or an array, running it without progress", async () => {
    const endpoint = createMcpHttpEndpoint(() => createMcpServer({ client: fakeClient() }));
    for (const [index, progressToken] of MALFORMED_PROGRESS_TOKENS.entries()) {
      const id = index + 1;
      const answers = await postAs(revision, endpoint.fetch, URL_, {
        jsonrpc: "2.0",
        id,
        method: "tools/call",
        params: {
          name: "list_channels",
          arguments: {},
          _meta: metaFor(revision, { progressToken }),
        },
      } as never);
      const answer = answers.find((message) => message.id === id);
      expect(answer, JSON.stringify(progressToken)).toMatchObject({
        result: { structuredContent: { channels: expect.any(Array) } },
      });
      expect(answers.some((message) => message.method === "notifications/progress")).toBe(false);
    }
  });

  it("answers a request whose _meta is not an object with an invalid-params error naming the field", async () => {
    const endpoint = createMcpHttpEndpoint(() => createMcpServer({ client: fakeClient() }));
    const answers = await postAs(revision, endpoint.fetch, URL_, {
      jsonrpc: "2.0",
      id: 7,
      method: "tools/call",
      params: { name: "list_channels", arguments: {}, _meta: "not an object" },
    } as never);
    expect(answers).toEqual([
      {
        jsonrpc: "2.0",
        id: 7,
        error: { code: -32602, message: expect.stringMatching(/^Invalid params: params\._meta: /) },
      },
    ]);
  });
});

describe("the endpoint's localhost guards", () => {
  const endpoint = createMcpHttpEndpoint(() => createMcpServer({ client: fakeClient() }));
  const post = (headers: Record<string, string>, url = URL_) =>
    endpoint.fetch(
      new Request(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...headers,
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: {
            protocolVersion: "2025-11-25",
            capabilities: {},
            clientInfo: { name: "guard-test", version: "1.0.0" },
          },
        }),
      }),
    );

  it("refuses a foreign Host (DNS rebinding) and a foreign Origin with 403", async () => {
    expect((await post({ host: "attacker.example" })).status).toBe(403);
    expect(
      (await post({ host: "127.0.0.1:3000", origin: "https://attacker.example" })).status,
    ).toBe(403);
  });

  it("answers the loopback names, with or without a localhost Origin, and only at /mcp", async () => {
    for (const host of ["127.0.0.1:3000", "localhost:3000", "[::1]:3000"]) {
      expect((await post({ host })).status, host).toBe(200);
    }
    expect((await post({ host: "localhost", origin: "http://localhost:6274" })).status).toBe(200);
    expect((await post({ host: "127.0.0.1" }, "http://127.0.0.1/other")).status).toBe(404);
  });
});
