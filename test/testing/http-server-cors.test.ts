import { afterEach, describe, expect, it } from "vitest";
import { createFakeService, type FakeServer, startFakeServer } from "../../src/testing/index.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("startFakeServer cors option", () => {
  it("answers no CORS headers unless asked", async () => {
    const service = createFakeService();
    server = await startFakeServer(service);
    const response = await fetch(`${server.url}/api/v1/channels`, {
      headers: { authorization: `Bearer ${service.defaults.apiKey}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("answers a preflight itself, without spending rate budget or logging a request", async () => {
    const service = createFakeService();
    server = await startFakeServer(service, { cors: "http://127.0.0.1:9999" });
    const preflight = await fetch(`${server.url}/api/v1/content`, {
      method: "OPTIONS",
      headers: {
        origin: "http://127.0.0.1:9999",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:9999");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
    expect(preflight.headers.get("access-control-allow-headers")).toContain("authorization");
    expect(service.requests).toHaveLength(0);
  });

  it("exposes the 429 headers to the page, so RateLimitError keeps its fields in a browser", async () => {
    const service = createFakeService();
    server = await startFakeServer(service, { cors: true });
    service.faults.inject({ path: "/channels", kind: "rateLimited" });
    const response = await fetch(`${server.url}/api/v1/channels`, {
      headers: { authorization: `Bearer ${service.defaults.apiKey}`, origin: "http://a.test" },
    });
    expect(response.status).toBe(429);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const exposed = response.headers.get("access-control-expose-headers") ?? "";
    for (const name of [
      "retry-after",
      "x-ratelimit-limit",
      "x-ratelimit-remaining",
      "x-ratelimit-reset",
    ]) {
      expect(exposed).toContain(name);
    }
  });
});
