import { describe, expect, it } from "vitest";
import { MCP_TOOL_NAMES } from "../support/mcp-tool-names.js";
import { type FakeContext, useFake } from "./support/fake-harness.js";

const fake = useFake();

interface RpcOptions {
  /** The bearer token; the default key when omitted, none when `null`. */
  token?: string | null;
  /** The caller's address (sent as X-Forwarded-For). */
  address?: string;
}

let nextId = 1;

/** Posts one JSON-RPC request to the fake's MCP endpoint and returns the reply. */
async function rpc(
  context: FakeContext,
  method: string,
  params: Record<string, unknown> = {},
  options: RpcOptions = {},
): Promise<any> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "x-forwarded-for": options.address ?? "203.0.113.7",
  };
  const token = options.token === undefined ? context.service.defaults.apiKey : options.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${context.service.defaults.baseURL}/api/v1/mcp`, {
    method: "POST",
    headers,
    body: JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params }),
  });
  expect(response.status).toBe(200);
  return response.json();
}

/** Calls a tool and returns the JSON-RPC reply. */
function callTool(name: string, args: Record<string, unknown>, options: RpcOptions = {}) {
  return rpc(fake, "tools/call", { name, arguments: args }, options);
}

/** The parsed text of a tool result. */
function textOf(reply: any): any {
  expect(reply.result?.content?.[0]?.type).toBe("text");
  return JSON.parse(reply.result.content[0].text);
}

function itemCount(): number {
  return fake.service.workspace().items().length;
}

describe("§4 Tool-protocol (MCP) endpoint at /api/v1/mcp", () => {
  it("MCP-3 Discovery calls (`initialize`, `tools/list`, `ping`) need no key", async () => {
    const init = await rpc(
      fake,
      "initialize",
      {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "contract-test", version: "1" },
      },
      { token: null },
    );
    expect(init.result.protocolVersion).toBe("2025-06-18");
    expect(init.result.capabilities.tools).toBeDefined();
    const listed = await rpc(fake, "tools/list", {}, { token: null });
    expect(listed.result.tools.map((tool: { name: string }) => tool.name)).toEqual(
      expect.arrayContaining([...MCP_TOOL_NAMES]),
    );
    expect((await rpc(fake, "ping", {}, { token: null })).result).toEqual({});
    // The key is needed from tools/call on.
    const call = await callTool("list_channels", {}, { token: null });
    expect(call.error.data.code).toBe("missing_authorization");
  });

  it("MCP-4 Discovery calls are limited to 60 a minute per address", async () => {
    const methods = ["initialize", "tools/list", "ping"];
    for (let index = 0; index < 60; index++) {
      const reply = await rpc(fake, methods[index % 3] as string, {}, { address: "198.51.100.1" });
      expect(reply.error).toBeUndefined();
    }
    // A key does not lift the per-address limit of discovery calls.
    const refused = await rpc(fake, "tools/list", {}, { address: "198.51.100.1" });
    expect(refused.error.data).toMatchObject({ code: "rate_limited" });
    expect(refused.error.data.retryAfterSeconds).toBeGreaterThan(0);
    expect((await rpc(fake, "ping", {}, { address: "198.51.100.2" })).result).toEqual({});
    // Tool calls are counted per key, not in the discovery window.
    expect(
      textOf(await callTool("list_channels", {}, { address: "198.51.100.1" })).channels,
    ).toBeDefined();
    fake.service.clock.advance(60_000);
    expect((await rpc(fake, "ping", {}, { address: "198.51.100.1" })).result).toEqual({});
  });

  it("MCP-5 Credential failures arrive as a JSON-RPC error whose `error.data.code` is the §7 code", async () => {
    const before = itemCount();
    const draft = { channelId: "ch_x_acme", body: "Hello from MCP." };
    const missing = await callTool("create_content_draft", draft, { token: null });
    expect(missing.result).toBeUndefined();
    expect(missing.error.data.code).toBe("missing_authorization");
    expect(typeof missing.error.code).toBe("number");
    const unknown = await callTool("create_content_draft", draft, { token: "pl_test_nosuchkey" });
    expect(unknown.error.data.code).toBe("invalid_api_key");
    const revoked = fake.service.addKey({ scopes: ["write"], revoked: true });
    const refused = await callTool("create_content_draft", draft, { token: revoked.token });
    expect(refused.error.data.code).toBe("invalid_api_key");
    expect(refused.error.message).not.toContain(revoked.token);
    expect(itemCount()).toBe(before);
  });

  it("MCP-6 A rate-limit refusal is reported before the tool runs, as a JSON-RPC error with `error.data.retryAfterSeconds`; nothing is written", async () => {
    for (let index = 0; index < 10; index++) {
      const reply = await callTool("create_content_draft", {
        channelId: "ch_x_acme",
        body: `Post ${index}`,
      });
      expect(textOf(reply).item.content).toBe(`Post ${index}`);
      fake.service.clock.advance(1_000);
    }
    const before = itemCount();
    fake.service.clearRequests();
    const refused = await callTool("generate_content", {
      prompt: "One more",
      channelIds: ["ch_x_acme"],
    });
    expect(refused.result).toBeUndefined();
    expect(refused.error.data).toMatchObject({ code: "rate_limited" });
    expect(refused.error.data.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.error.data.retryAfterSeconds).toBeLessThanOrEqual(51);
    expect(itemCount()).toBe(before);
    expect(fake.service.requests.map((request) => request.applied)).toEqual([false]);
  });

  it("MCP-7 Every other failure arrives as the tool result's text, holding the §1 envelope", async () => {
    const noChannel = await callTool("create_content_draft", { body: "No channel named." });
    expect(noChannel.result.isError).toBe(true);
    const refusal = textOf(noChannel);
    expect(Object.keys(refusal)).toEqual(["error"]);
    expect(refusal.error.code).toBe("validation_error");
    expect(refusal.error.channels.map((channel: { id: string }) => channel.id)).toContain(
      "ch_x_acme",
    );
    const created = textOf(
      await callTool("create_content_draft", { channelId: "ch_x_acme", body: "Let us delve in." }),
    ).item;
    const approve = await callTool("update_content", { id: created.id, status: "pending" });
    expect(approve.result.isError).toBe(true);
    expect(textOf(approve).error).toMatchObject({
      code: "validation_error",
      acknowledgmentRequired: true,
      aiIsmMatches: [{ label: "delve", match: "delve" }],
    });
    const acknowledged = await callTool("update_content", {
      id: created.id,
      status: "pending",
      acknowledgeAiIsms: true,
    });
    expect(acknowledged.result.isError).toBeUndefined();
    expect(textOf(acknowledged).item.status).toBe("pending");
    const missing = await callTool("get_content", { id: "cnt_nope" });
    expect(textOf(missing).error.code).toBe("not_found");
    const badInput = await callTool("list_content", { limit: 500 });
    expect(textOf(badInput).error).toMatchObject({ code: "validation_error", param: "limit" });
    const reader = fake.service.addKey({ scopes: ["read"] });
    const scope = await callTool(
      "create_content_draft",
      { channelId: "ch_x_acme", body: "x" },
      { token: reader.token },
    );
    expect(textOf(scope).error.code).toBe("scope_required");
    const unknownTool = await callTool("publish_everything", {});
    expect(unknownTool.result.isError).toBe(true);
    expect(textOf(unknownTool).error.code).toBe("unknown_tool");
  });

  it("MCP-8 Tool calls count against the same per-key limits as the REST routes: the two create tools share the 10-a-minute window of POST /content", async () => {
    for (let index = 0; index < 5; index++) {
      const rest = await fake.raw("POST", "/content", {
        body: { body: `REST ${index}`, channelId: "ch_x_acme" },
      });
      expect(rest.status).toBe(201);
      const tool =
        index % 2 === 0
          ? await callTool("create_content_draft", { channelId: "ch_x_acme", body: `MCP ${index}` })
          : await callTool("generate_content", {
              prompt: `MCP ${index}`,
              channelIds: ["ch_x_acme"],
            });
      expect(tool.result.isError).toBeUndefined();
    }
    const overMcp = await callTool("create_content_draft", { channelId: "ch_x_acme", body: "11" });
    expect(overMcp.error.data.code).toBe("rate_limited");
    const overRest = await fake.raw("POST", "/content", {
      body: { body: "11", channelId: "ch_x_acme" },
    });
    expect(overRest.status).toBe(429);
    // The other tools share the key's window of 60 with the other REST routes.
    for (let index = 0; index < 59; index++)
      expect((await fake.raw("GET", "/brand")).status).toBe(200);
    expect(textOf(await callTool("list_channels", {})).channels.length).toBeGreaterThan(0);
    expect((await callTool("get_brand", {})).error.data.code).toBe("rate_limited");
    expect((await fake.raw("GET", "/brand")).status).toBe(429);
  });
});
