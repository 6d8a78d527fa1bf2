/**
 * `client.request()` takes a path, a body and headers from its caller, who may be a model. The
 * path is resolved as the URL parser resolves it (it decodes `%2e`, turns `\` into `/`, drops tab,
 * CR and LF), and anything landing outside the base URL's `/api/v1/` is refused locally: behind a
 * shared gateway, the bearer token would reach other services on that host. A body JSON cannot
 * carry and a header fetch forbids are refused too, before any hook fires.
 */
import { describe, expect, it } from "vitest";
import { InvalidRequestError, Postline } from "../../src/index.js";
import { rejectionOf } from "../support/thrown.js";

const BASE = "https://gw.example/gw/postline";

/** A client behind a gateway path, recording what reaches the network and what hooks see. */
function gatewayClient(auth: "apiKey" | "session" = "apiKey") {
  const sent: string[] = [];
  const hooked: string[] = [];
  const client = new Postline({
    ...(auth === "apiKey" ? { apiKey: "pl_test_abcdefghijklmnop" } : { auth }),
    baseURL: BASE,
    rateLimit: false,
    maxRetries: 0,
    onRequest: (event) => {
      hooked.push(event.url);
    },
    fetch: async (input) => {
      sent.push(input instanceof Request ? input.url : String(input));
      return Response.json({ ok: true });
    },
  });
  return { client, sent, hooked };
}

const HOSTILE_PATHS = [
  "%2e%2e/%2e%2e/admin",
  "%2E%2E/%2E%2E/admin",
  ".%2e/.%2e/admin",
  "%2e./%2e./admin",
  "..\\..\\x",
  "content\\..\\..\\..\\admin",
  ".\n./.\n./x",
  ".\t./.\t./admin",
  ".\r./.\r./admin",
  "content/../../admin",
  "content/%2e%2e/%2e%2e/%2e%2e/admin",
  "api/v1/../../admin",
  "/api/v1/%2e%2e/%2e%2e/admin",
  "./../admin",
  "..",
  "%2e%2e",
  "content/%252e%252e/%252e%252e/admin",
  "content/..%2f..%2f..%2fadmin",
  "content/..%5c..%5cadmin",
  "https://evil.example/api/v1/content",
  "/https://evil.example/",
  "//evil.example/api/v1/content",
  "\\\\evil.example/api/v1/content",
  "/\\evil.example/x",
  "http:evil.example",
  " ../../admin",
  "content/\u0000",
  "/",
];

describe("client.request() keeps the token under /api/v1/", () => {
  it.each(HOSTILE_PATHS.map((path) => [JSON.stringify(path), path]))(
    "refuses the path %s locally, naming path, with nothing sent",
    async (_shown, path) => {
      const { client, sent, hooked } = gatewayClient();
      const error = await rejectionOf(() => client.request({ method: "GET", path }));
      // Whatever else happens, nothing outside /gw/postline/api/v1/ is ever requested.
      for (const url of sent) expect(new URL(url).pathname).toMatch(/^\/gw\/postline\/api\/v1\//);
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect((error as InvalidRequestError).param).toBe("path");
      expect(sent).toEqual([]);
      expect(hooked).toEqual([]);
    },
  );

  it.each([
    ["content", "/gw/postline/api/v1/content"],
    ["/content/cnt_1", "/gw/postline/api/v1/content/cnt_1"],
    ["api/v1/channels", "/gw/postline/api/v1/channels"],
    ["content/cnt%2F1", "/gw/postline/api/v1/content/cnt%2F1"],
    ["content/a.b", "/gw/postline/api/v1/content/a.b"],
  ])("still sends the path %s to %s", async (path, pathname) => {
    const { client, sent } = gatewayClient();
    await client.request({ method: "GET", path });
    expect(sent.map((url) => new URL(url).pathname)).toEqual([pathname]);
  });
});

describe("client.request() refuses a body JSON cannot carry", () => {
  const cycle: Record<string, unknown> = { a: 1 };
  cycle.self = cycle;
  it.each([
    ["a BigInt", { count: 10n }],
    ["a cycle", cycle],
    [
      "a toJSON that throws",
      {
        toJSON: () => {
          throw new Error("no");
        },
      },
    ],
    ["a function", () => 1],
  ])("%s is refused naming body, before any hook fires", async (_what, body) => {
    const { client, sent, hooked } = gatewayClient();
    const error = await rejectionOf(() =>
      client.request({ method: "POST", path: "content", body }),
    );
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as InvalidRequestError).param).toBe("body");
    expect(sent).toEqual([]);
    expect(hooked).toEqual([]);
  });
});

describe("per-call headers that fetch forbids", () => {
  it.each([
    "Transfer-Encoding",
    "transfer-encoding",
    "Connection",
    "Keep-Alive",
    "Upgrade",
    "Expect",
    "Content-Length",
    "Host",
    "TE",
    "Trailer",
    "Proxy-Connection",
    "Sec-Fetch-Mode",
  ])("%s is refused locally, naming the header", async (name) => {
    const { client, sent, hooked } = gatewayClient();
    const error = await rejectionOf(() =>
      client.request({ method: "GET", path: "content" }, { headers: { [name]: "chunked" } }),
    );
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as InvalidRequestError).param).toBe("headers");
    expect((error as Error).message).toContain(name);
    expect(sent).toEqual([]);
    expect(hooked).toEqual([]);
  });

  it("an ordinary header still goes through", async () => {
    const { client, sent } = gatewayClient();
    await client.request({ method: "GET", path: "content" }, { headers: { "X-Trace": "1" } });
    expect(sent).toHaveLength(1);
  });
});
