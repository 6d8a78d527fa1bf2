/**
 * `errorFromMcp` gives the class REST gives for the same failure: each case below makes one
 * failure twice against fresh fakes, once over REST with the client and once through the fake's
 * MCP endpoint, and compares the two errors.
 */
import { describe, expect, it } from "vitest";
import {
  AcknowledgmentRequiredError,
  APIError,
  InvalidRequestError,
  NotFoundError,
  Postline,
  PublishedImmutableError,
  ScopeRequiredError,
  UnknownToolError,
  ValidationError,
} from "../../src/index.js";
import { errorFromMcp, MCP_REFUSAL_CODES } from "../../src/mcp/index.js";
import { createFakeService, type FakeService } from "../../src/testing/index.js";

interface Failure {
  title: string;
  prepare?: (service: FakeService) => Promise<Record<string, string>>;
  rest: (client: Postline, ids: Record<string, string>) => Promise<unknown>;
  tool: (ids: Record<string, string>) => [name: string, args: Record<string, unknown>];
  expected: abstract new (...args: never[]) => APIError;
  token?: (service: FakeService) => string;
}

async function aiIsmDraft(service: FakeService) {
  const client = restClient(service);
  const [channelId] = service.defaults.channelIds;
  const item = await client.content.createDraft({ channelId: channelId ?? "", body: "We delve." });
  return { id: item.id };
}

async function publishedItem(service: FakeService) {
  const client = restClient(service);
  const item = await client.content.createDraft({
    channelId: service.defaults.channelIds[0] ?? "",
    body: "Out now.",
  });
  await client.content.schedule(item.id, { publishNow: true });
  service.provider.tick();
  return { id: item.id };
}

const FAILURES: Failure[] = [
  {
    title: "a draft on a disconnected channel → ValidationError",
    rest: (client) => client.content.createDraft({ channelId: "ch_x_retired", body: "x" }),
    tool: () => ["create_content_draft", { channelId: "ch_x_retired", body: "x" }],
    expected: ValidationError,
  },
  {
    title: "approving AI-ism text → AcknowledgmentRequiredError with aiIsmMatches",
    prepare: aiIsmDraft,
    rest: (client, ids) => client.content.approve(ids.id ?? ""),
    tool: (ids) => ["update_content", { id: ids.id, status: "pending" }],
    expected: AcknowledgmentRequiredError,
  },
  {
    title: "an unknown id → NotFoundError",
    rest: (client) => client.content.get("cnt_missing"),
    tool: () => ["get_content", { id: "cnt_missing" }],
    expected: NotFoundError,
  },
  {
    title: "editing a published item → PublishedImmutableError",
    prepare: publishedItem,
    rest: (client, ids) => client.content.update(ids.id ?? "", { content: "Edited." }),
    tool: (ids) => ["update_content", { id: ids.id, content: "Edited." }],
    expected: PublishedImmutableError,
  },
  {
    title: "a read key creating → ScopeRequiredError",
    token: (service) => service.addKey({ scopes: ["read"] }).token,
    rest: (client) => client.content.createDraft({ channelId: "ch_x_acme", body: "x" }),
    tool: () => ["create_content_draft", { channelId: "ch_x_acme", body: "x" }],
    expected: ScopeRequiredError,
  },
];

function restClient(service: FakeService, apiKey = service.defaults.apiKey): Postline {
  const { baseURL } = service.defaults;
  return new Postline({ apiKey, baseURL, fetch: service.fetch, maxRetries: 0, rateLimit: false });
}

async function overMcp(service: FakeService, token: string, name: string, args: unknown) {
  const response = await service.fetch(`${service.defaults.baseURL}/api/v1/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name, arguments: args },
    }),
  });
  const reply = (await response.json()) as { result?: object; error?: object };
  return reply.result ?? reply;
}

describe("errorFromMcp gives the class REST gives for the same failure", () => {
  for (const failure of FAILURES) {
    it(failure.title, async () => {
      const restService = createFakeService();
      const mcpService = createFakeService();
      const restToken = failure.token?.(restService) ?? restService.defaults.apiKey;
      const mcpToken = failure.token?.(mcpService) ?? mcpService.defaults.apiKey;
      const restIds = (await failure.prepare?.(restService)) ?? {};
      const mcpIds = (await failure.prepare?.(mcpService)) ?? {};
      const restError = await failure
        .rest(restClient(restService, restToken), restIds)
        .catch((error: unknown) => error);
      const [name, args] = failure.tool(mcpIds);
      const mcpError = errorFromMcp(await overMcp(mcpService, mcpToken, name, args));
      expect(restError).toBeInstanceOf(failure.expected);
      expect(mcpError).toBeInstanceOf(failure.expected);
      expect(Object.getPrototypeOf(mcpError)).toBe(Object.getPrototypeOf(restError));
      expect(mcpError?.code).toBe((restError as APIError).code);
      expect(mcpError?.status).toBe((restError as APIError).status);
      if (restError instanceof ValidationError && restError.channels)
        expect((mcpError as ValidationError).channels).toEqual(restError.channels);
      if (restError instanceof AcknowledgmentRequiredError)
        expect((mcpError as AcknowledgmentRequiredError).aiIsmMatches).toEqual(
          restError.aiIsmMatches,
        );
    });
  }
});

describe("errorFromMcp, by shape", () => {
  it("returns null for a successful tool result", () => {
    expect(errorFromMcp({ content: [{ type: "text", text: '{"items":[]}' }] })).toBeNull();
    expect(errorFromMcp({ content: [], isError: false })).toBeNull();
  });

  it("reads a JSON-RPC error, a whole error response, or an McpError-like object", () => {
    const data = { code: "invalid_api_key", message: "The API key is invalid." };
    const bare = errorFromMcp({ code: MCP_REFUSAL_CODES.unauthorized, message: "x", data });
    const wrapped = errorFromMcp({
      jsonrpc: "2.0",
      id: 3,
      error: { code: MCP_REFUSAL_CODES.unauthorized, message: "x", data },
    });
    for (const error of [bare, wrapped]) {
      expect(error?.name).toBe("InvalidApiKeyError");
      expect(error?.message).toBe("The API key is invalid.");
      expect(error?.method).toBe("tools/call");
    }
  });

  it("unknown_tool → UnknownToolError (status 0: the contract shows none)", () => {
    const text = JSON.stringify({ error: { code: "unknown_tool", message: "No such tool." } });
    const error = errorFromMcp({ content: [{ type: "text", text }], isError: true });
    expect(error).toBeInstanceOf(UnknownToolError);
    expect(error?.status).toBe(0);
  });

  it("a protocol error without the envelope in data → APIError with code mcp_error", () => {
    const error = errorFromMcp({ code: -32601, message: "Method not found" });
    expect(error).toBeInstanceOf(APIError);
    expect(error?.code).toBe("mcp_error");
    expect(error?.body).toMatchObject({ error: { jsonRpcCode: -32601 } });
  });

  it("an isError text that is not the envelope → code unexpected_response", () => {
    const error = errorFromMcp({ content: [{ type: "text", text: "boom" }], isError: true });
    expect(error?.code).toBe("unexpected_response");
  });

  it("redacts a token-shaped string from the message and body", () => {
    const text = JSON.stringify({
      error: { code: "invalid_api_key", message: "Key pl_test_abcdef123456 is revoked." },
    });
    const error = errorFromMcp({ content: [{ type: "text", text }], isError: true });
    expect(error?.message).not.toContain("pl_test_abcdef123456");
    expect(JSON.stringify(error?.body)).not.toContain("pl_test_abcdef123456");
  });

  it("refuses a value that is neither, naming value", () => {
    for (const value of [null, "error", 42, { message: "no code" }]) {
      expect(() => errorFromMcp(value)).toThrow(InvalidRequestError);
    }
  });
});
