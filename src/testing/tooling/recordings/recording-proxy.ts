/**
 * The recording proxy of `postline record`: on 127.0.0.1, it forwards each request to the service
 * as it came (headers, body, no redirect followed) and sends the answer back as it came, while
 * the {@link Recorder} writes the exchange. Bodies stay within the SDK's limits: a request body
 * within the fake's 1 MiB, an answer within 8 MiB (2xx) or 64 KiB (errors), as the SDK reads them.
 */
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
} from "node:http";
import { request as httpsRequest } from "node:https";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { MAX_BODY_BYTES, MAX_ERROR_BODY_BYTES } from "../../../core/transport/read-body.js";
import { MAX_REQUEST_BODY_BYTES } from "../../fake/http/body-limit.js";
import { headersOf, readCapped } from "../serve/node-message.js";
import type { Recorder, RecordOutcome } from "./recorder.js";

/** A listening recording proxy. */
export interface RecordingProxy {
  /** `http://127.0.0.1:<port>`: the base URL to give an agent. */
  readonly url: string;
  /** Stops listening; an exchange in flight is still written. */
  close(): Promise<void>;
}

/** Options of {@link startRecordingProxy}. */
export interface RecordingProxyOptions {
  /** The service's base URL. */
  readonly target: string;
  readonly recorder: Recorder;
  /** 0 (the default): a free port. */
  readonly port?: number;
  /** Told of each exchange once it is written or withheld. */
  readonly onExchange?: (outcome: RecordOutcome) => void;
}

// Hop-by-hop headers (RFC 9110 §7.6.1) belong to each connection, not to the exchange.
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
]);

/** Starts the proxy; resolves once it listens. */
export async function startRecordingProxy(options: RecordingProxyOptions): Promise<RecordingProxy> {
  const target = new URL(options.target);
  const inFlight = new Set<Promise<void>>();
  const server = createServer((incoming, outgoing) => {
    const done = forward(incoming, target, options)
      .then(({ status, headers, body }) => {
        outgoing.writeHead(status, headers).end(body);
      })
      .catch(() => {
        outgoing.destroy();
      })
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : options.port;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await Promise.allSettled([...inFlight]);
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}

interface Answer {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** Sends one request on and returns its answer, recorded once it is whole. */
async function forward(
  incoming: IncomingMessage,
  target: URL,
  { recorder, onExchange }: RecordingProxyOptions,
): Promise<Answer> {
  const method = incoming.method ?? "GET";
  const requestBody = await readCapped(incoming, MAX_REQUEST_BODY_BYTES);
  if (requestBody === null) {
    return proxyRefusal(
      413,
      "request_too_large",
      `The request body is over ${MAX_REQUEST_BODY_BYTES} bytes, the most the recorder forwards`,
    );
  }
  // The target's own base path (a service under /postline) stays in front of the request's path.
  const url = new URL(target.pathname.replace(/\/+$/, "") + (incoming.url ?? "/"), target.origin);
  const headers = endToEnd(incoming.headers);
  headers.host = url.host;
  if (requestBody.length > 0 || "content-length" in incoming.headers)
    headers["content-length"] = String(requestBody.length);
  const sentAt = Date.now();
  const started = performance.now();
  const response = await send(url, method, headers, requestBody);
  const status = response.statusCode ?? 502;
  const cap = status >= 200 && status < 300 ? MAX_BODY_BYTES : MAX_ERROR_BODY_BYTES;
  const responseBody = await readCapped(response, cap);
  if (responseBody === null) {
    return proxyRefusal(
      502,
      "response_too_large",
      `The service's answer is over ${cap} bytes, the most the SDK reads`,
    );
  }
  const ms = performance.now() - started;
  const outcome = recorder.record({
    method,
    url: url.href,
    requestHeaders: headersOf(incoming.headers),
    requestBody: requestBody.toString("utf8"),
    status,
    responseHeaders: headersOf(response.headers),
    responseBody: decoded(responseBody, response.headers["content-encoding"]),
    sentAt,
    ms,
  });
  onExchange?.(outcome);
  const answerHeaders = endToEnd(response.headers);
  answerHeaders["content-length"] = String(responseBody.length);
  return { status, headers: answerHeaders, body: responseBody };
}

/** The headers of the exchange itself: hop-by-hop ones left out. */
function endToEnd(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
  }
  return kept;
}

function send(
  url: URL,
  method: string,
  headers: Record<string, string | string[]>,
  body: Buffer,
): Promise<IncomingMessage> {
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method, headers }, resolve);
    outgoing.once("error", reject);
    outgoing.end(body.length > 0 ? body : undefined);
  });
}

/** The body's text for the recording; the client still gets the bytes as they came. */
function decoded(body: Buffer, encoding: string | undefined): string {
  try {
    if (encoding === "gzip") return gunzipSync(body).toString("utf8");
    if (encoding === "br") return brotliDecompressSync(body).toString("utf8");
    if (encoding === "deflate") return inflateSync(body).toString("utf8");
  } catch {
    return "";
  }
  return body.toString("utf8");
}

/** The proxy's own refusal, in the contract's envelope; nothing is recorded. */
function proxyRefusal(status: number, code: string, message: string): Answer {
  return {
    status,
    headers: { "content-type": "application/json" },
    body: Buffer.from(JSON.stringify({ error: { code, message } })),
  };
}
