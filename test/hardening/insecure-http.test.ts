/** docs/getting-started.md: a bearer token is never sent over plain http except to loopback hosts. */
import { describe, expect, it, vi } from "vitest";
import { Postline, PostlineError } from "../../src/index.js";

const apiKey = "pl_test_insecureHttpCheck0001";
const ok = async (_input: RequestInfo | URL, _init?: RequestInit) =>
  Response.json({ channels: [] });

describe("plain http", () => {
  it.each([
    "http://api.example.com",
    "http://10.0.0.5:8080",
    "http://127.0.0.1.example.com",
    "http://localhost.example.com",
    "http://[::2]",
  ])("to %s is refused at construction, before anything is sent", (baseURL) => {
    const fetch = vi.fn(ok);
    expect(() => new Postline({ apiKey, baseURL, fetch })).toThrow(PostlineError);
    expect(() => new Postline({ apiKey, baseURL, fetch })).toThrow(/allowInsecureHttp/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    "http://localhost:4010",
    "http://127.0.0.1:4010",
    "http://127.8.9.10",
    "http://[::1]:4010",
  ])("to the loopback host %s is allowed", async (baseURL) => {
    const fetch = vi.fn(ok);
    await new Postline({ apiKey, baseURL, fetch, rateLimit: false }).channels.list();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("to any host is allowed with allowInsecureHttp: true", async () => {
    const fetch = vi.fn(ok);
    const client = new Postline({
      apiKey,
      baseURL: "http://api.example.com",
      allowInsecureHttp: true,
      fetch,
      rateLimit: false,
    });
    await client.channels.list();
    const [input] = fetch.mock.calls[0]!;
    const url = input instanceof Request ? input.url : String(input);
    expect(url).toMatch(/^http:\/\/api\.example\.com\/api\/v1\/channels/);
  });

  it("the refusal does not print the token even when the URL holds it", () => {
    let message = "";
    try {
      new Postline({ apiKey, baseURL: `http://api.example.com/?k=${apiKey}` });
    } catch (error) {
      message = String(error) + (error as Error).stack;
    }
    expect(message).toMatch(/plain http/);
    expect(message).not.toContain(apiKey);
  });
});
