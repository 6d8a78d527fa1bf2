import { inspect } from "node:util";
import { describe, expect, it, vi } from "vitest";
import { APIConnectionError, type APIError, Postline, PostlineError } from "../../src/index.js";
import { envelope } from "../support/fixtures.js";
import { API, BASE, HttpResponse, http, makeClient, useServer } from "../support/server.js";
import { thrownBy } from "../support/thrown.js";

const { server } = useServer();
const TOKEN = "pl_live_S3cr3tT0kenValue987";

function everyRendering(value: unknown): string {
  const parts = [
    String(value),
    JSON.stringify(value) ?? "",
    inspect(value, { depth: 10, showHidden: true }),
  ];
  if (value instanceof Error) parts.push(value.message, value.stack ?? "");
  return parts.join("\n");
}

describe("the token never appears", () => {
  it("in String, JSON.stringify or util.inspect of the client and its namespaces", () => {
    const client = new Postline({ apiKey: TOKEN, baseURL: BASE });
    for (const value of [client, client.content, client.keys, client.channels]) {
      expect(everyRendering(value)).not.toContain("S3cr3t");
    }
    expect(Object.values(client).map(String).join()).not.toContain("S3cr3t");
  });

  it("in an API error whose message, body and headers echo it", async () => {
    server.use(
      http.get(`${API}/brand`, () =>
        HttpResponse.json(
          envelope("invalid_api_key", `Token ${TOKEN} is revoked`, { token: TOKEN }),
          {
            status: 401,
            headers: { "x-echo": `Bearer ${TOKEN}` },
          },
        ),
      ),
    );
    const error = (await makeClient({ apiKey: TOKEN })
      .brand.get()
      .catch((e: unknown) => e)) as APIError;
    expect(error.status).toBe(401);
    expect(everyRendering(error)).not.toContain("S3cr3t");
    expect(JSON.stringify(error.body)).not.toContain("S3cr3t");
    expect([...error.headers.values()].join()).not.toContain("S3cr3t");
    expect(error.message).toContain("[redacted]");
  });

  it("in a connection error's cause chain", async () => {
    const fetch = vi.fn(async () => {
      const inner = new Error(`socket for Bearer ${TOKEN} closed`);
      throw new TypeError(`request with ${TOKEN} failed`, { cause: inner });
    });
    const error = (await makeClient({ apiKey: TOKEN, fetch })
      .brand.get()
      .catch((e: unknown) => e)) as APIConnectionError;
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(everyRendering(error)).not.toContain("S3cr3t");
    expect(everyRendering(error.cause)).not.toContain("S3cr3t");
  });

  it("in log lines at debug level, including failed attempts and retries", async () => {
    const lines: unknown[][] = [];
    const record = (...args: unknown[]) => lines.push(args);
    const logger = { debug: record, warn: record };
    let calls = 0;
    server.use(
      http.get(`${API}/brand`, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(envelope("rate_limited", `slow down ${TOKEN}`), {
              status: 429,
              headers: { "retry-after": "0" },
            })
          : HttpResponse.json({ profile: null });
      }),
    );
    await makeClient({ apiKey: TOKEN, logger, logLevel: "debug", maxRetries: 1 }).brand.get();
    expect(lines.length).toBeGreaterThan(0);
    expect(everyRendering(lines)).not.toContain("S3cr3t");
  });

  it.each([
    ["the token in the path", `http://api.example.com/${TOKEN}`],
    ["the token in the query", `http://api.example.com/?key=${TOKEN}`],
  ])("in the error refusing plain http, with %s", (_, baseURL) => {
    const error = thrownBy(() => new Postline({ apiKey: TOKEN, baseURL }));
    expect(error).toBeInstanceOf(PostlineError);
    expect((error as Error).message).toContain("plain http");
    expect(everyRendering(error).toLowerCase()).not.toContain("s3cr3t");
  });

  it.each([
    ["that is not a URL", `not a url ${TOKEN}`],
    ["that carries the token as its password", `https://agent:${TOKEN}@api.example.com/`],
  ])("in the error refusing a base URL %s", (_, baseURL) => {
    const error = thrownBy(() => new Postline({ apiKey: TOKEN, baseURL }));
    expect(error).toBeInstanceOf(PostlineError);
    expect(everyRendering(error).toLowerCase()).not.toContain("s3cr3t");
  });
});
