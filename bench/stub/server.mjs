// Loopback HTTP stub for the benchmarks: a separate process serving canned bodies, so the bench
// process measures only client-side work. Prints `{"port":N}` on stdout once listening.
//   node server.mjs [--item-shape full|partial] [--chunked]
// `--item-shape partial` serves the item shape the bench used before (see canned-bodies.mjs);
// `--chunked` sends bodies without a Content-Length, as a server that streams its JSON does.
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import {
  contentItemBody,
  contentPageBody,
  DEFAULT_PAGE_LIMIT,
  OPENAI_MODEL_BODY,
  OPENAI_MODEL_LIST_BODY,
  offsetOfCursor,
} from "./canned-bodies.mjs";

const { values: args } = parseArgs({
  options: {
    "item-shape": { type: "string", default: "full" },
    chunked: { type: "boolean", default: false },
  },
});
const itemShape = args["item-shape"];
if (itemShape !== "full" && itemShape !== "partial") {
  throw new Error(`--item-shape is full or partial, not ${itemShape}`);
}
const CONTENT_ITEM_BODY = contentItemBody(itemShape);

const requestCounts = new Map();

function countRequest(route) {
  requestCounts.set(route, (requestCounts.get(route) ?? 0) + 1);
}

function sendJson(response, status, body) {
  if (args.chunked) {
    response.writeHead(status, { "content-type": "application/json" });
    response.write(body);
    response.end();
    return;
  }
  response.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
  });
  response.end(body);
}

function sendNotFound(response) {
  sendJson(response, 404, '{"error":{"code":"not_found","message":"No such route on the stub."}}');
}

function serveContentPage(url, response) {
  const limitParam = url.searchParams.get("limit");
  const limit = limitParam === null ? DEFAULT_PAGE_LIMIT : Number(limitParam);
  const cursor = url.searchParams.get("cursor");
  const offset = cursor === null ? 0 : offsetOfCursor(cursor);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100 || offset === undefined) {
    sendJson(
      response,
      400,
      '{"error":{"code":"validation_error","message":"bad limit or cursor"}}',
    );
    return;
  }
  countRequest("GET /api/v1/content");
  sendJson(response, 200, contentPageBody(offset, limit, itemShape));
}

const server = createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://stub");
  const path = url.pathname;
  if (request.method === "GET" && path === "/api/v1/content")
    return serveContentPage(url, response);
  if (request.method === "GET" && path.startsWith("/api/v1/content/")) {
    countRequest("GET /api/v1/content/:id");
    return sendJson(response, 200, CONTENT_ITEM_BODY);
  }
  if (request.method === "GET" && path === "/v1/models") {
    countRequest("GET /v1/models");
    return sendJson(response, 200, OPENAI_MODEL_LIST_BODY);
  }
  if (request.method === "GET" && path.startsWith("/v1/models/")) {
    countRequest("GET /v1/models/:id");
    return sendJson(response, 200, OPENAI_MODEL_BODY);
  }
  // Control routes for the bench: read and reset the request counters.
  if (path === "/__counts")
    return sendJson(response, 200, JSON.stringify(Object.fromEntries(requestCounts)));
  if (path === "/__reset") {
    requestCounts.clear();
    return sendJson(response, 200, "{}");
  }
  countRequest("unmatched");
  sendNotFound(response);
});

server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
});

process.on("SIGTERM", () => server.close(() => process.exit(0)));
process.on("disconnect", () => process.exit(0));
