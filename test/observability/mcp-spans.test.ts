/**
 * `createMcpServer` with a tracer continues the host's trace from the request's `_meta`
 * (`traceparent`, `tracestate`) and makes the MCP server span of the OpenTelemetry MCP semantic
 * conventions, `tools/call {name}` (SERVER), the parent of the tool run's `execute_tool` span
 * (docs/observability.md): checked span by span with the OpenTelemetry SDK's in-memory exporter,
 * through the official clients of both revisions, in memory and over Streamable HTTP.
 */

import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { SpanStatusCode } from "@opentelemetry/api";
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { describe, expect, it } from "vitest";
import { InvalidRequestError, RateLimitError } from "../../src/index.js";
import { createMcpServer, type McpServerOptions } from "../../src/mcp/index.js";
import { MCP_REFUSAL_CODES } from "../../src/mcp/server/json-rpc-codes.js";
import { createMcpHttpEndpoint } from "../../src/mcp/transport/http-endpoint.js";
import { FLAGGED_TEXT } from "../approval/support/acknowledgments.js";
import { REVISIONS, type Revision } from "../mcp/support/clients.js";
import { connectElicitingClient } from "../mcp/support/eliciting-clients.js";
import { connectedClient, inProcessFetch } from "../mcp/support/in-memory-client.js";
import { fakeClient } from "../support/fake-client.js";
import { memoryTracer, useAsyncContext } from "../support/otel.js";
import { named, spanTree } from "./support/span-tree.js";

useAsyncContext();

/** A tracer keeping finished spans in memory, and a paced fake-backed client tracing to it. */
function traced() {
  const { tracer, spans } = memoryTracer("host-under-test");
  const { service, client } = fakeClient(
    { tracer, rateLimit: true, maxRetries: 0 },
    { now: new Date() },
  );
  return { service, client, tracer, spans };
}

/** A flagged draft on a traced client, and an HTTP endpoint serving that client's tools. */
async function flaggedDraftServed() {
  const { service, client, spans } = traced();
  const channelId = service.defaults.channelIds[0] as string;
  const draft = await client.content.createDraft({ channelId, body: FLAGGED_TEXT });
  const endpoint = createMcpHttpEndpoint(() => createMcpServer({ client }));
  return { spans, draft, endpoint };
}

type CallTool = (params: { name: string; arguments: object; _meta?: object }) => Promise<unknown>;

/** The official client of `revision` talking to `createMcpServer(options)` over `transport`. */
async function hostOf(
  options: McpServerOptions,
  revision: Revision,
  transport: "in-memory" | "Streamable HTTP",
): Promise<CallTool> {
  if (transport === "Streamable HTTP") {
    const mcp = await connectedClient(options, "span-test", revision);
    return (params) => mcp.callTool(params as never);
  }
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  // The entry `postline mcp` serves stdio with, here over an in-memory transport: it picks the
  // era from the opening exchange.
  serveStdio(() => createMcpServer(options), { transport: serverSide });
  if (revision === "2025-11-25") {
    const client = new V1Client({ name: "span-test", version: "1.0.0" });
    await client.connect(clientSide as never);
    return (params) => client.callTool(params as never);
  }
  const client = new Client(
    { name: "span-test", version: "1.0.0" },
    { versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  await client.connect(clientSide);
  return (params) => client.callTool(params as never);
}

const SHOWN = [
  "mcp.method.name",
  "gen_ai.operation.name",
  "gen_ai.tool.name",
  "error.type",
  "http.request.method",
  "http.response.status_code",
];

/** The spans under `root` as an indented tree, with the attributes above. */
const treeOf = (spans: readonly ReadableSpan[], root: ReadableSpan) => spanTree(spans, root, SHOWN);

const TRANSPORTS = ["in-memory", "Streamable HTTP"] as const;

/** The capability of a host that renders MCP Apps. */
const APPS = { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } };

describe.each(REVISIONS)("the MCP server span, %s", (revision) => {
  it.each(TRANSPORTS)(
    "%s: the host's span → tools/call (SERVER) → execute_tool → the SDK call → its attempt, and a pacing wait as an event with its length",
    async (transport) => {
      const { service, client, tracer, spans } = traced();
      const callTool = await hostOf({ client }, revision, transport);
      // A 429 holds the other budget for 1 s plus the guard: the tool's call waits for its slot.
      service.faults.inject({ path: "/brand", kind: "rateLimited", retryAfterSeconds: 1 });
      await expect(client.brand.get()).rejects.toBeInstanceOf(RateLimitError);

      // The host's span lives in the host's process: only its traceparent crosses over.
      const host = tracer.startSpan("host turn");
      const { traceId, spanId } = host.spanContext();
      await callTool({
        name: "list_channels",
        arguments: {},
        _meta: { traceparent: `00-${traceId}-${spanId}-01`, tracestate: "host=turn1" },
      });
      host.end();

      const [root] = named(spans(), "host turn");
      expect(treeOf(spans(), root!)).toEqual([
        "host turn [internal]",
        "  tools/call list_channels [server] mcp.method.name=tools/call gen_ai.operation.name=execute_tool gen_ai.tool.name=list_channels",
        "    execute_tool list_channels [internal] gen_ai.operation.name=execute_tool gen_ai.tool.name=list_channels",
        "      postline channels.list [internal]",
        "        event postline.pacing.wait other granted",
        "        GET [client] http.request.method=GET http.response.status_code=200",
      ]);
      const [server] = named(spans(), "tools/call list_channels");
      expect(server!.parentSpanContext).toMatchObject({ traceId, spanId, isRemote: true });
      expect(server!.spanContext().traceState?.get("host")).toBe("turn1");
      expect(server!.attributes).toMatchObject({
        "jsonrpc.request.id": expect.stringMatching(/^\S+$/),
        "mcp.protocol.version": revision,
      });
      if (transport === "Streamable HTTP") {
        expect(server!.attributes).toMatchObject({
          "network.transport": "tcp",
          "network.protocol.name": "http",
        });
        // A 2025-11-25 connection over HTTP has a session; a 2026-07-28 request stands alone.
        const session = server!.attributes["mcp.session.id"];
        if (revision === "2025-11-25") expect(session).toEqual(expect.stringMatching(/^\S+$/));
        else expect(session).toBeUndefined();
      } else {
        expect(server!.attributes["network.transport"]).toBeUndefined();
      }
      const [wait] = named(spans(), "postline channels.list")[0]!.events;
      // The wait lasted until the hold ended: most of its 1.25 s.
      expect(wait!.attributes?.["postline.pacing.wait_ms"]).toBeGreaterThan(500);
      expect(wait!.attributes?.["postline.pacing.wait_ms"]).toBeLessThan(5_000);
    },
    10_000,
  );

  it("a missing or malformed traceparent starts a new trace, even inside an active span", async () => {
    const { client, tracer, spans } = traced();
    const callTool = await hostOf({ client }, revision, "in-memory");
    await tracer.startActiveSpan("host turn", async (host) => {
      await callTool({ name: "get_brand", arguments: {} });
      await callTool({ name: "get_brand", arguments: {}, _meta: { traceparent: "00-zz" } });
      const zeroTrace = `00-${"0".repeat(32)}-${"1".repeat(16)}-01`;
      await callTool({ name: "get_brand", arguments: {}, _meta: { traceparent: zeroTrace } });
      host.end();
    });
    const [host] = named(spans(), "host turn");
    const servers = named(spans(), "tools/call get_brand");
    expect(servers).toHaveLength(3);
    for (const server of servers) {
      expect(server.parentSpanContext).toBeUndefined();
      expect(server.spanContext().traceId).not.toBe(host!.spanContext().traceId);
      expect(treeOf(spans(), server)).toEqual([
        "tools/call get_brand [server] mcp.method.name=tools/call gen_ai.operation.name=execute_tool gen_ai.tool.name=get_brand",
        "  execute_tool get_brand [internal] gen_ai.operation.name=execute_tool gen_ai.tool.name=get_brand",
        "    postline brand.get [internal]",
        "      GET [client] http.request.method=GET http.response.status_code=200",
      ]);
    }
    expect(new Set(servers.map((server) => server.spanContext().traceId)).size).toBe(3);
  });

  it("a tool's failure is the server span's error.type tool_error, the envelope's code beneath it", async () => {
    const { client, spans } = traced();
    const callTool = await hostOf({ client }, revision, "in-memory");
    await callTool({ name: "get_content", arguments: { id: "cnt_missing" } });
    const [server] = named(spans(), "tools/call get_content");
    expect(server!.status.code).toBe(SpanStatusCode.ERROR);
    expect(treeOf(spans(), server!).slice(0, 2)).toEqual([
      "tools/call get_content [server] mcp.method.name=tools/call gen_ai.operation.name=execute_tool gen_ai.tool.name=get_content error.type=tool_error",
      "  execute_tool get_content [internal] gen_ai.operation.name=execute_tool gen_ai.tool.name=get_content error.type=not_found",
    ]);
  });
});

describe.each(REVISIONS)("the person's review under the server span, %s", (revision) => {
  it("the review read before asking the person is a child of tools/call, and the acknowledged write a child of execute_tool", async () => {
    const { spans, draft, endpoint } = await flaggedDraftServed();
    const target = { url: "http://127.0.0.1/mcp", fetch: inProcessFetch(endpoint) };
    const approve = async () => ({ action: "accept" as const, content: { approve: true } });
    const mcp = await connectElicitingClient(revision, target, approve);
    const result = await mcp.callTool("update_content", { id: draft.id, status: "pending" });
    await mcp.close();
    expect(result.isError).toBeFalsy();
    expect(mcp.forms).toHaveLength(1);

    const reviewThenWrite = [
      "  postline content.review [internal]",
      "    GET [client] http.request.method=GET http.response.status_code=200",
      "  execute_tool update_content [internal] gen_ai.operation.name=execute_tool gen_ai.tool.name=update_content",
      "    postline content.update [internal]",
      "      GET [client] http.request.method=GET http.response.status_code=200",
      "      PATCH [client] http.request.method=PATCH http.response.status_code=200",
    ];
    const servers = named(spans(), "tools/call update_content");
    expect(named(spans(), "postline content.review")).toHaveLength(2);
    if (revision === "2026-07-28") {
      // The person is asked in one request (input_required), and the tool runs in the next.
      const [asked, ran] = servers;
      expect(servers).toHaveLength(2);
      expect(treeOf(spans(), asked!).slice(1)).toEqual(reviewThenWrite.slice(0, 2));
      expect(treeOf(spans(), ran!).slice(1)).toEqual(reviewThenWrite);
      return;
    }
    // A 2025-11-25 host is asked with elicitation/create inside its one tools/call request: one
    // span, the question an event of it, the run on the answer within it.
    expect(servers).toHaveLength(1);
    const [server] = servers;
    expect(treeOf(spans(), server!).slice(1)).toEqual([
      "  event elicitation/create",
      "  postline content.review [internal]",
      "    GET [client] http.request.method=GET http.response.status_code=200",
      ...reviewThenWrite,
    ]);
    expect(server!.events[0]!.attributes).toEqual({ "mcp.input_request.key": "acknowledgment" });
    expect(server!.attributes["jsonrpc.request.id"]).toEqual(expect.stringMatching(/^\S+$/));
    expect(server!.status.code).not.toBe(SpanStatusCode.ERROR);
  });
});

describe("the MCP server span of a JSON-RPC error", () => {
  it("a rate-limit refusal is error.type and rpc.response.status_code -32029", async () => {
    const { service, client, spans } = traced();
    service.faults.inject({ path: "/brand", kind: "rateLimited", retryAfterSeconds: 120 });
    const callTool = await hostOf({ client }, "2026-07-28", "in-memory");
    await expect(callTool({ name: "get_brand", arguments: {} })).rejects.toThrow();
    const [server] = named(spans(), "tools/call get_brand");
    expect(server!.status.code).toBe(SpanStatusCode.ERROR);
    expect(server!.attributes).toMatchObject({
      "error.type": String(MCP_REFUSAL_CODES.rateLimited),
      "rpc.response.status_code": String(MCP_REFUSAL_CODES.rateLimited),
    });
    expect(named(spans(), "execute_tool get_brand")[0]!.attributes["error.type"]).toBe(
      "rate_limited",
    );
  });
});

describe("createMcpServer's tracer option", () => {
  it("takes a tracer of its own for the server spans, apart from the client's", async () => {
    const { tracer, spans } = traced();
    const { client } = fakeClient();
    const callTool = await hostOf({ client, tracer }, "2026-07-28", "in-memory");
    await callTool({ name: "get_brand", arguments: {} });
    expect(spans().map((span) => span.name)).toEqual(["tools/call get_brand"]);
  });

  it("a tracer that throws never changes the answer", async () => {
    const { client } = fakeClient();
    const tracer = {
      startSpan: () => {
        throw new Error("tracer down");
      },
    };
    const callTool = await hostOf({ client, tracer }, "2026-07-28", "in-memory");
    const answer = (await callTool({ name: "get_brand", arguments: {} })) as {
      isError?: boolean;
      structuredContent?: unknown;
    };
    expect(answer.isError).not.toBe(true);
    expect(answer.structuredContent).toEqual(expect.any(Object));
  });

  it("refuses a tracer without startSpan, naming the parameter", () => {
    const { client } = fakeClient();
    const make = () => createMcpServer({ client, tracer: {} as never });
    expect(make).toThrow(InvalidRequestError);
    expect(make).toThrow(/tracer/);
  });
});

describe.each(REVISIONS)("the review card under the server span, %s", (revision) => {
  it("on a host that renders Apps, the card's read of a gated call is a child of tools/call, and nothing is written", async () => {
    const { spans, draft, endpoint } = await flaggedDraftServed();
    const mcp = new Client(
      { name: "span-test", version: "1.0.0" },
      {
        versionNegotiation: { mode: revision === "2025-11-25" ? "legacy" : { pin: revision } },
        capabilities: { extensions: APPS },
      },
    );
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL("http://127.0.0.1/mcp"), {
        fetch: inProcessFetch(endpoint),
      }),
    );
    const shown = await mcp.callTool({
      name: "update_content",
      arguments: { id: draft.id, status: "pending" },
    });
    await mcp.close();
    expect(shown.structuredContent).toMatchObject({ status: "awaiting_review" });

    const [server] = named(spans(), "tools/call update_content");
    expect(treeOf(spans(), server!)).toEqual([
      "tools/call update_content [server] mcp.method.name=tools/call gen_ai.operation.name=execute_tool gen_ai.tool.name=update_content",
      "  postline content.get [internal]",
      "    GET [client] http.request.method=GET http.response.status_code=200",
    ]);
    expect(server!.status.code).not.toBe(SpanStatusCode.ERROR);
  });
});
