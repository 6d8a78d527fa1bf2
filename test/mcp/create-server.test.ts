import { AjvJsonSchemaValidator } from "@modelcontextprotocol/server/validators/ajv";
import { describe, expect, it } from "vitest";
import { InvalidRequestError, Postline } from "../../src/index.js";
import { createMcpServer, MCP_REFUSAL_CODES, type McpServerOptions } from "../../src/mcp/index.js";
import { createFakeService, type FakeService } from "../../src/testing/index.js";
import { tools } from "../../src/tools/index.js";
import { toToolOutputSchema } from "../../src/tools/json-schema.js";
import { findTool } from "../../src/tools/tool-list.js";
import { thrownBy } from "../support/thrown.js";
import { call, runAgentSession } from "./support/agent-session.js";
import { REVISIONS } from "./support/clients.js";
import { connectedClient } from "./support/in-memory-client.js";

const HINTS = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const;

function clientOf(service: FakeService, apiKey = service.defaults.apiKey): Postline {
  return new Postline({
    apiKey,
    baseURL: service.defaults.baseURL,
    fetch: service.fetch,
    maxRetries: 0,
  });
}

/** A JSON-RPC error as either SDK's client throws it (`McpError`, `ProtocolError`). */
interface RpcError {
  code: number;
  data?: unknown;
}

describe.each(REVISIONS)("createMcpServer, %s", (revision) => {
  it("lists every tool with its title, input and output JSON Schemas, and all four annotations", async () => {
    const service = createFakeService();
    const mcp = await connectedClient(
      { client: clientOf(service) },
      "create-server-test",
      revision,
    );
    const listed = (await mcp.listTools()).tools;
    expect(listed.map((tool) => tool.name)).toEqual(tools.map((tool) => tool.name));
    for (const tool of tools) {
      const served = listed.find((candidate) => candidate.name === tool.name);
      expect(served?.title).toBe(tool.title);
      expect(served?.inputSchema).toEqual(tool.parameters);
      expect(served?.outputSchema).toEqual(tool.outputJsonSchema);
      expect(served?.outputSchema?.type).toBe("object");
      expect(served?.annotations).toEqual({ title: tool.title, ...tool.annotations });
      for (const hint of HINTS) expect(typeof served?.annotations?.[hint]).toBe("boolean");
      expect(served?.description).toBe(tool.description);
    }
  });

  it("the official client accepts every tool's structuredContent against its outputSchema in an agent session", async () => {
    const service = createFakeService();
    const mcp = await connectedClient(
      { client: clientOf(service) },
      "create-server-test",
      revision,
    );
    const called = await runAgentSession(mcp);
    // The hosted endpoint has no get_rate_budget: this server answers it alone, sending nothing.
    const sent = service.requests.length;
    const budget = await call(mcp, "get_rate_budget", {});
    expect(budget.isError).toBe(false);
    expect(budget.json).toMatchObject({ store: "memory", other: { limit: 60 } });
    expect(service.requests.length).toBe(sent);
    called.push("get_rate_budget");
    expect(called.sort()).toEqual(tools.map((tool) => tool.name).sort());
  });

  it("a success carries structuredContent and its JSON as the one text item; a failure keeps the envelope as text only", async () => {
    const service = createFakeService();
    const mcp = await connectedClient(
      { client: clientOf(service) },
      "create-server-test",
      revision,
    );
    await mcp.listTools();
    const listed = await mcp.callTool({ name: "list_channels", arguments: {} });
    expect(listed.structuredContent).toMatchObject({ channels: expect.any(Array) });
    expect(listed.content).toEqual([
      { type: "text", text: JSON.stringify(listed.structuredContent) },
    ]);
    const missing = await mcp.callTool({ name: "get_content", arguments: { id: "cnt_missing" } });
    expect(missing.isError).toBe(true);
    expect(missing).not.toHaveProperty("structuredContent");
    const text = (missing.content as { text: string }[])[0]?.text ?? "";
    expect(JSON.parse(text)).toMatchObject({
      error: { code: "not_found", message: expect.any(String) },
    });
  });

  it("readOnly serves only the reading tools; tools serves the named ones; others answer unknown_tool", async () => {
    const service = createFakeService();
    const readOnly = await connectedClient(
      { client: clientOf(service), readOnly: true },
      "create-server-test",
      revision,
    );
    const names = (await readOnly.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(
      tools.filter((tool) => tool.annotations.readOnlyHint).map((tool) => tool.name),
    );
    const before = service.workspace().items().length;
    const refused = await call(readOnly, "create_content_draft", {
      channelId: service.defaults.channelIds[0],
      body: "Not from a read-only server.",
    });
    expect(refused.isError).toBe(true);
    expect(refused.json.error.code).toBe("unknown_tool");
    expect(service.workspace().items().length).toBe(before);
    const some = await connectedClient(
      {
        client: clientOf(service),
        tools: ["get_stats", "list_content"],
      },
      "create-server-test",
      revision,
    );
    expect((await some.listTools()).tools.map((tool) => tool.name)).toEqual([
      "list_content",
      "get_stats",
    ]);
  });

  it("a credential failure is a JSON-RPC error whose data.code is the service's code", async () => {
    const service = createFakeService();
    const revoked = service.addKey({ scopes: ["read"], revoked: true });
    const mcp = await connectedClient(
      { client: clientOf(service, revoked.token) },
      "create-server-test",
      revision,
    );
    const error = await mcp
      .callTool({ name: "list_channels", arguments: {} })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as RpcError).code).toBe(MCP_REFUSAL_CODES.unauthorized);
    expect((error as RpcError).data).toMatchObject({ code: "invalid_api_key" });
    expect(JSON.stringify((error as RpcError).data)).not.toContain(revoked.token);
  });

  it("a rate-limit refusal is a JSON-RPC error with data.retryAfterSeconds", async () => {
    const service = createFakeService();
    service.faults.inject({ path: "/channels", kind: "rateLimited", retryAfterSeconds: 17 });
    const mcp = await connectedClient(
      { client: clientOf(service) },
      "create-server-test",
      revision,
    );
    const error = await mcp
      .callTool({ name: "list_channels", arguments: {} })
      .catch((caught: unknown) => caught);
    expect((error as RpcError).code).toBe(MCP_REFUSAL_CODES.rateLimited);
    expect((error as RpcError).data).toMatchObject({ code: "rate_limited", retryAfterSeconds: 17 });
  });

  it("every other failure is an isError result whose text is the envelope", async () => {
    const service = createFakeService();
    const mcp = await connectedClient(
      { client: clientOf(service) },
      "create-server-test",
      revision,
    );
    const missing = await call(mcp, "get_content", { id: "cnt_missing" });
    expect(missing.isError).toBe(true);
    expect(missing.json).toMatchObject({ error: { code: "not_found" } });
    const bad = await call(mcp, "list_content", { limit: 0 });
    expect(bad.json.error).toMatchObject({ code: "validation_error", param: "limit" });
  });

  it("a create whose connection drops after the write still makes exactly one item", async () => {
    const service = createFakeService();
    const mcp = await connectedClient(
      { client: clientOf(service) },
      "create-server-test",
      revision,
    );
    const [channelId] = service.defaults.channelIds;
    const before = service.workspace().items().length;
    service.faults.inject({ method: "POST", path: "/content", kind: "dropAfterWrite" });
    const created = await call(mcp, "create_content_draft", {
      channelId,
      body: "Our winter hours start Monday.",
    });
    expect(created.isError).toBe(false);
    expect(service.workspace().items().length).toBe(before + 1);
    const posts = service.requests.filter((r) => r.method === "POST" && r.path === "/content");
    expect(posts).toHaveLength(1);
  });
});

describe("createMcpServer", () => {
  it("each outputSchema is generated from the tool's zod result schema, and refuses what that schema refuses", () => {
    const validator = new AjvJsonSchemaValidator();
    for (const tool of tools) {
      expect(tool.outputJsonSchema).toEqual(toToolOutputSchema(tool.outputSchema));
      const check = validator.getValidator(tool.outputJsonSchema as never);
      expect(check({}).valid, `${tool.name} refuses {}`).toBe(
        tool.outputSchema.safeParse({}).success,
      );
    }
    const listContent = validator.getValidator(
      findTool("list_content")?.definition.outputJsonSchema as never,
    );
    expect(listContent({ items: "none", nextCursor: null }).valid).toBe(false);
    expect(listContent({ items: [], nextCursor: null, more: 1 }).valid).toBe(true);
  });

  it("refuses unusable options with an error naming the option", () => {
    const client = clientOf(createFakeService());
    const refusal = (options: unknown) =>
      thrownBy(() => createMcpServer(options as McpServerOptions));
    expect(refusal({})).toMatchObject({ name: "InvalidRequestError", param: "client" });
    expect(refusal(undefined)).toBeInstanceOf(InvalidRequestError);
    const unknown = refusal({ client, tools: ["list_content", "post_it"] });
    expect(unknown).toBeInstanceOf(TypeError);
    expect((unknown as Error).message).toMatch(/options\.tools.*"post_it"/);
    const writer = refusal({ client, readOnly: true, tools: ["list_content", "update_content"] });
    expect((writer as Error).message).toMatch(/options\.tools.*update_content/);
  });
});
