/**
 * The fake serves the OpenAPI document at /api/v1/openapi.json without a key, with its own
 * address as the server, outside the rate limits and the request log.
 */
import { afterEach, describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../../src/openapi/document.js";
import { createFakeService, type FakeServer, startFakeServer } from "../../src/testing/index.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("GET /api/v1/openapi.json on the fake", () => {
  it("answers the document over real HTTP with no key, its server being the fake itself", async () => {
    const service = createFakeService();
    server = await startFakeServer(service);
    const response = await fetch(`${server.url}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    const served = (await response.json()) as Record<string, any>;
    expect(served.servers[0].variables.baseURL.default).toBe(server.url);
    expect(served).toEqual(buildOpenApiDocument({ baseURL: server.url }));
  });

  it("is neither logged nor counted against the per-address limit of unauthenticated calls", async () => {
    const service = createFakeService();
    for (let call = 0; call < 205; call += 1) {
      const response = await service.fetch(`${service.defaults.baseURL}/api/v1/openapi.json`);
      expect(response.status).toBe(200);
    }
    expect(service.requests).toHaveLength(0);
    // A v1 route still refuses a request without a key.
    const refused = await service.fetch(`${service.defaults.baseURL}/api/v1/channels`);
    expect(refused.status).toBe(401);
  });

  it("refuses other methods with 405 in the envelope", async () => {
    const service = createFakeService();
    const response = await service.fetch(`${service.defaults.baseURL}/api/v1/openapi.json`, {
      method: "POST",
    });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
    expect(await response.json()).toMatchObject({ error: { code: "method_not_allowed" } });
  });
});
