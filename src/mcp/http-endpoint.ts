/**
 * One Streamable HTTP endpoint for both protocol revisions, as a web-standard
 * `(Request) => Promise<Response>`: 2026-07-28 requests go to the v2 SDK's stateless
 * `createMcpHandler`; 2025-era requests get sessions (`Mcp-Session-Id`), so that a 2025 host's
 * `notifications/cancelled` reaches the instance running its call. A foreign `Host` or `Origin`
 * is refused with 403 before anything else: the SDK's handler checks neither, and a page that
 * rebinds its DNS name to 127.0.0.1 could otherwise drive the tools.
 */
import {
  createMcpHandler,
  DEFAULT_MAX_REQUEST_BODY_SIZE,
  hostHeaderValidationResponse,
  isInitializeRequest,
  isLegacyRequest,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  type McpServer,
  originValidationResponse,
  readRequestBody,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import { repairMessage } from "./request-repair.js";

/** The endpoint: `fetch` answers one HTTP request; `close` ends every session and call. */
export interface McpHttpEndpoint {
  fetch(request: Request): Promise<Response>;
  close(): Promise<void>;
}

/** The path the endpoint answers; anything else is a 404. */
export const MCP_HTTP_PATH = "/mcp";

// A host opens one session per connection; old ones are closed beyond this many.
const MAX_LEGACY_SESSIONS = 64;

/** An endpoint serving a fresh server from `factory` per 2026 request and per 2025 session. */
export function createMcpHttpEndpoint(factory: () => McpServer): McpHttpEndpoint {
  const modern = createMcpHandler(() => factory(), { legacy: "reject" });
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();

  async function serveLegacy(request: Request, body: unknown): Promise<Response> {
    const parsed = body === undefined ? {} : { parsedBody: body };
    const sessionId = request.headers.get("mcp-session-id");
    if (sessionId !== null) {
      const transport = sessions.get(sessionId);
      if (transport) return transport.handleRequest(request, parsed);
      return jsonRpcError(404, -32001, "Session not found: start a new one with initialize");
    }
    if (!isInitializeRequest(body)) {
      return jsonRpcError(400, -32000, "Bad Request: Mcp-Session-Id header is required");
    }
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, transport);
        if (sessions.size > MAX_LEGACY_SESSIONS) {
          const [oldest] = sessions.values();
          void oldest?.close();
        }
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    await factory().connect(transport);
    return transport.handleRequest(request, parsed);
  }

  return {
    async fetch(request) {
      const refused =
        hostHeaderValidationResponse(request, localhostAllowedHostnames()) ??
        originValidationResponse(request, localhostAllowedOrigins());
      if (refused) return refused;
      if (new URL(request.url).pathname !== MCP_HTTP_PATH) {
        return jsonRpcError(404, -32000, `Not found: the MCP endpoint is ${MCP_HTTP_PATH}`);
      }
      let body: unknown;
      if (request.method === "POST") {
        const read = await readRequestBody(request.clone(), DEFAULT_MAX_REQUEST_BODY_SIZE);
        if (read.tooLarge) return jsonRpcError(413, -32000, "The request body is too large");
        body = parseJson(read.text);
        if (body !== undefined) {
          const repaired = repairMessage(body);
          if ("refusal" in repaired) return Response.json(repaired.refusal);
          body = repaired.message;
        }
      }
      const legacy =
        request.method !== "POST" ||
        request.headers.has("mcp-session-id") ||
        (await isLegacyRequest(request, body));
      if (legacy) return serveLegacy(request, body);
      return modern.fetch(request, body === undefined ? {} : { parsedBody: body });
    },
    async close() {
      await Promise.all([...sessions.values()].map((transport) => transport.close()));
      sessions.clear();
      await modern.close();
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined; // The SDK answers the parse error itself.
  }
}

function jsonRpcError(status: number, code: number, message: string): Response {
  return Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status });
}
