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
import { jsonOrText } from "../../core/json-or-text.js";
import { type LegacySessionOptions, LegacySessions } from "./legacy-sessions.js";
import { repairMessage } from "./request-repair.js";

/** The endpoint: `fetch` answers one HTTP request; `close` ends every session and call. */
export interface McpHttpEndpoint {
  fetch(request: Request): Promise<Response>;
  close(): Promise<void>;
}

/** The path the endpoint answers; anything else is a 404. */
export const MCP_HTTP_PATH = "/mcp";

/**
 * The 403 for a request whose `Host` or `Origin` is not this machine's (a page that rebound its
 * DNS name to 127.0.0.1), or `undefined` for a local one.
 */
export function localhostRefusal(request: Request): Response | undefined {
  return (
    hostHeaderValidationResponse(request, localhostAllowedHostnames()) ??
    originValidationResponse(request, localhostAllowedOrigins())
  );
}

/** An endpoint serving a fresh server from `factory` per 2026 request and per 2025 session. */
export function createMcpHttpEndpoint(
  factory: () => McpServer,
  options: LegacySessionOptions = {},
): McpHttpEndpoint {
  const modern = createMcpHandler(() => factory(), { legacy: "reject" });
  const sessions = new LegacySessions(options);

  async function serveLegacy(request: Request, body: unknown): Promise<Response> {
    const parsed = body === undefined ? {} : { parsedBody: body };
    const sessionId = request.headers.get("mcp-session-id");
    if (sessionId !== null) {
      const served = await sessions.serve(sessionId, (transport) =>
        transport.handleRequest(request, parsed),
      );
      return (
        served ?? jsonRpcError(404, -32001, "Session not found: start a new one with initialize")
      );
    }
    if (!isInitializeRequest(body)) {
      return jsonRpcError(400, -32000, "Bad Request: Mcp-Session-Id header is required");
    }
    // Expired and idle sessions make room; an active one (a request in flight, an open stream)
    // is never closed for a newcomer.
    if (!sessions.makeRoom()) {
      return jsonRpcError(
        503,
        -32000,
        "Service Unavailable: every MCP session is busy; retry when one is done",
      );
    }
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      onsessioninitialized: (id) => {
        sessions.add(id, transport);
      },
    });
    // Also on the session's DELETE, after which the transport closes.
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    await factory().connect(transport);
    return transport.handleRequest(request, parsed);
  }

  return {
    async fetch(request) {
      const refused = localhostRefusal(request);
      if (refused) return refused;
      if (new URL(request.url).pathname !== MCP_HTTP_PATH) {
        return jsonRpcError(404, -32000, `Not found: the MCP endpoint is ${MCP_HTTP_PATH}`);
      }
      const unreadable = refusedMediaType(request);
      if (unreadable) return unreadable;
      let body: unknown;
      if (request.method === "POST") {
        const read = await readRequestBody(request.clone(), DEFAULT_MAX_REQUEST_BODY_SIZE);
        if (read.tooLarge) return jsonRpcError(413, -32000, "The request body is too large");
        // Not JSON: the SDK answers the parse error itself.
        const parsed = jsonOrText(read.text);
        const repaired = repairMessage(parsed.isJson ? parsed.value : undefined);
        if ("refusal" in repaired) return Response.json(repaired.refusal);
        body = repaired.message;
      }
      const legacy =
        request.method !== "POST" ||
        request.headers.has("mcp-session-id") ||
        (await isLegacyRequest(request, body));
      if (legacy) return serveLegacy(request, body);
      return modern.fetch(request, body === undefined ? {} : { parsedBody: body });
    },
    async close() {
      await sessions.closeAll();
      await modern.close();
    },
  };
}

/** Media types a response may take, as the Streamable HTTP transport answers. */
const ANSWERABLE = ["application/json", "text/event-stream", "application/*", "text/*", "*/*"];

/**
 * 406 for an `Accept` that takes neither JSON nor an event stream (no `Accept` takes anything),
 * 415 for a body whose charset is not UTF-8: the body is read as UTF-8.
 */
function refusedMediaType(request: Request): Response | undefined {
  const accept = request.headers.get("accept");
  if (accept !== null && !mediaTypesOf(accept).some((type) => ANSWERABLE.includes(type))) {
    return jsonRpcError(
      406,
      -32000,
      "Not Acceptable: Accept must include application/json or text/event-stream",
    );
  }
  const contentType = request.headers.get("content-type");
  const charset = contentType && /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1];
  if (request.method === "POST" && charset && !/^utf-?8$/i.test(charset)) {
    return jsonRpcError(
      415,
      -32000,
      "Unsupported Media Type: the body must be UTF-8 (charset=utf-8, or no charset)",
    );
  }
  return undefined;
}

/** The media types of an `Accept` header, lowercase, without parameters. */
function mediaTypesOf(accept: string): string[] {
  return accept.split(",").map((range) => (range.split(";")[0] ?? "").trim().toLowerCase());
}

function jsonRpcError(status: number, code: number, message: string): Response {
  return Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status });
}
