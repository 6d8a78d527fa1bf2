/**
 * The official MCP clients against the fake's MCP endpoint over Streamable HTTP, served by
 * `startFakeServer`: what an agent that talks to the hosted endpoint does. The endpoint speaks
 * what the contract describes (`initialize`, `tools/list`, `ping`); the v2 client in `auto` mode
 * probes with `server/discover`, finds no 2026-07-28 there, and falls back to `initialize`.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  InvalidApiKeyError,
  MissingAuthorizationError,
  RateLimitError,
  ValidationError,
} from "../../src/index.js";
import { errorFromMcp } from "../../src/mcp/index.js";
import { listedTool } from "../../src/mcp/server/tool-listing.js";
import {
  createFakeService,
  type FakeServer,
  type FakeService,
  startFakeServer,
} from "../../src/testing/index.js";
import { serviceTools } from "../../src/tools/tool-list.js";
import { call, runAgentSession } from "./support/agent-session.js";
import { connectAutoClient, connectClient, type McpTestClient } from "./support/clients.js";

let server: FakeServer | undefined;
const clients: McpTestClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await server?.close();
  server = undefined;
});

const CLIENTS = ["v1 client", "v2 client in auto mode"] as const;

describe.each(CLIENTS)("the fake's MCP endpoint, over Streamable HTTP, with the %s", (which) => {
  async function connect(service: FakeService, token: string | null): Promise<McpTestClient> {
    server ??= await startFakeServer(service, { port: 0 });
    const headers: Record<string, string> =
      token === null ? {} : { authorization: `Bearer ${token}` };
    const target = { url: `${server.url}/api/v1/mcp`, headers };
    const client =
      which === "v1 client"
        ? await connectClient("2025-11-25", target, "http-proof")
        : await connectAutoClient(target, "http-proof");
    clients.push(client);
    // The fake speaks the 2025 handshake only: the v2 client fell back to it.
    expect(client.era()).toBe("legacy");
    return client;
  }

  it("lists the tools, calls each one, and recovers from a missing channel and from acknowledgmentRequired", async () => {
    const service = createFakeService();
    const mcp = await connect(service, service.defaults.apiKey);
    expect(mcp.serverName()).toBe("postline");
    const called = await runAgentSession(mcp);
    const listed = (await mcp.listTools()).tools.map((tool) => tool.name);
    expect(called.sort()).toEqual(listed.sort());
  });

  it("lists each tool as createMcpServer does: title, output schema, all four annotations", async () => {
    const service = createFakeService();
    const mcp = await connect(service, null);
    const listed = (await mcp.listTools()).tools;
    // The tools that call the service: get_rate_budget is the SDK's own, answered locally.
    expect(listed).toEqual(serviceTools.map((tool) => expect.objectContaining(listedTool(tool))));
    for (const tool of listed) {
      expect(tool.outputSchema?.type).toBe("object");
      expect(Object.keys(tool.annotations ?? {}).sort()).toEqual([
        "destructiveHint",
        "idempotentHint",
        "openWorldHint",
        "readOnlyHint",
        "title",
      ]);
    }
  });

  it("a create whose connection drops after the write makes exactly one item, found with list_content", async () => {
    const service = createFakeService();
    const mcp = await connect(service, service.defaults.apiKey);
    const [channelId] = service.defaults.channelIds;
    const before = service.workspace().items().length;
    service.faults.inject({ method: "POST", path: "/mcp", kind: "dropAfterWrite" });
    const body = "Doors open at nine on Saturday.";
    const dropped = await call(mcp, "create_content_draft", { body, channelId }).catch(
      (error: unknown) => error,
    );
    expect(dropped).toBeInstanceOf(Error);
    // The agent does what the tool's description says: list before creating again.
    const listed = await call(mcp, "list_content", { channelId, source: "api", limit: 10 });
    const matching = listed.json.items.filter((item: { content: string }) => item.content === body);
    expect(matching).toHaveLength(1);
    expect(service.workspace().items().length).toBe(before + 1);
  });

  it("discovery needs no key; a tool call without one is a JSON-RPC error that errorFromMcp types", async () => {
    const service = createFakeService();
    const anonymous = await connect(service, null);
    expect((await anonymous.listTools()).tools.length).toBeGreaterThan(0);
    const missing = await anonymous
      .callTool({ name: "list_channels", arguments: {} })
      .catch((error: unknown) => error);
    expect(errorFromMcp(missing as object)).toBeInstanceOf(MissingAuthorizationError);
    const wrong = await connect(service, "pl_test_notakey");
    const invalid = await wrong
      .callTool({ name: "list_channels", arguments: {} })
      .catch((error: unknown) => error);
    const typed = errorFromMcp(invalid as object);
    expect(typed).toBeInstanceOf(InvalidApiKeyError);
    expect(typed?.status).toBe(401);
  });

  it("a create over the limit is a JSON-RPC error that errorFromMcp makes a RateLimitError with retryAfterSeconds", async () => {
    const service = createFakeService();
    const mcp = await connect(service, service.defaults.apiKey);
    const [channelId] = service.defaults.channelIds;
    for (let index = 0; index < 10; index++) {
      const created = await call(mcp, "create_content_draft", { body: `Note ${index}`, channelId });
      expect(created.isError).toBe(false);
    }
    const refused = await mcp
      .callTool({
        name: "generate_content",
        arguments: { prompt: "more", channelIds: [channelId] },
      })
      .catch((error: unknown) => error);
    const typed = errorFromMcp(refused as object);
    expect(typed).toBeInstanceOf(RateLimitError);
    expect((typed as RateLimitError).retryAfterSeconds).toBeGreaterThan(0);
    expect(typed?.retryable).toBe(true);
    // The window of the other tools is not the create window.
    const other = await call(mcp, "generate_content", { prompt: "" }).catch((e: unknown) => e);
    expect(errorFromMcp(other as object)).toBeInstanceOf(RateLimitError);
    const reads = await call(mcp, "list_channels", {});
    expect(errorFromMcp(reads.raw)).toBeNull();
    const refusedDraft = await call(mcp, "create_content_draft", { body: "x" }).catch(
      (error: unknown) => error,
    );
    expect(errorFromMcp(refusedDraft as object)).not.toBeInstanceOf(ValidationError);
  });
});
