/** Plain `fetch` against the node:http transport: wire shapes without the SDK in between. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createFakeService,
  type FakeServer,
  type FakeService,
  startFakeServer,
} from "../../src/testing/index.js";
import { MONDAY_MORNING } from "./support/fake-harness.js";

let service: FakeService;
let server: FakeServer;

beforeEach(async () => {
  service = createFakeService({ now: MONDAY_MORNING });
  server = await startFakeServer(service, { port: 0 });
});
afterEach(async () => {
  await server.close();
});

function call(
  method: string,
  path: string,
  body?: unknown,
  token: string | null = service.defaults.apiKey,
) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  return fetch(`${server.url}/api/v1${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

describe("wire: node:http transport", () => {
  it("CONV-1 serves JSON on 127.0.0.1 with camelCase bodies", async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await call("GET", "/channels");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    const body = await response.json();
    expect(body.channels[0]).toHaveProperty("displayName");
  });

  it("CREATE-13 POST /content answers 201 with `{ items }` over the wire", async () => {
    const response = await call("POST", "/content", { body: "Hello.", channelId: "ch_x_acme" });
    expect(response.status).toBe(201);
    expect((await response.json()).items).toHaveLength(1);
  });

  it("CONV-2 failures carry only the envelope; AUTH-1 without a header is 401", async () => {
    const response = await call("GET", "/channels", undefined, null);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { code: "missing_authorization", message: expect.any(String) },
    });
  });

  it("LIMIT-4 the rate-limit headers appear on a 429 only", async () => {
    for (let index = 0; index < 10; index++) {
      const ok = await call("POST", "/content", { body: `n${index}`, channelId: "ch_x_acme" });
      expect(ok.headers.get("retry-after")).toBeNull();
      expect(ok.headers.get("x-ratelimit-limit")).toBeNull();
    }
    const limited = await call("POST", "/content", { body: "n", channelId: "ch_x_acme" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("60");
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
  });

  it("DELETE-1 deleting a draft answers 204 with no body", async () => {
    const created = await (
      await call("POST", "/content", { body: "Bye.", channelId: "ch_x_acme" })
    ).json();
    const response = await call("DELETE", `/content/${created.items[0].id}`);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
  });

  it("SCHEDGET-1 PUT /schedule is 405 with an Allow header", async () => {
    const response = await call("PUT", "/schedule", {});
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
  });
});

describe("wire: faults over node:http", () => {
  it("a connection dropped after the write rejects the fetch, and the item exists", async () => {
    service.faults.inject({ method: "POST", path: "/content", kind: "dropAfterWrite" });
    await expect(
      call("POST", "/content", { body: "Dropped.", channelId: "ch_x_acme" }),
    ).rejects.toThrow();
    expect(service.requests.at(-1)).toMatchObject({
      outcome: "dropped",
      applied: true,
      status: null,
    });
    expect(
      service
        .workspace()
        .items()
        .filter((item) => item.content === "Dropped."),
    ).toHaveLength(1);
  });

  it("a connection refused before the write applies nothing", async () => {
    service.faults.inject({
      method: "POST",
      path: "/content",
      kind: "refuseBeforeWrite",
      times: 2,
    });
    await expect(
      call("POST", "/content", { body: "Refused.", channelId: "ch_x_acme" }),
    ).rejects.toThrow();
    await expect(
      call("POST", "/content", { body: "Refused.", channelId: "ch_x_acme" }),
    ).rejects.toThrow();
    expect(
      (await call("POST", "/content", { body: "Third.", channelId: "ch_x_acme" })).status,
    ).toBe(201);
    expect(service.requests.map((entry) => entry.outcome)).toEqual([
      "refused",
      "refused",
      "response",
    ]);
    expect(
      service
        .workspace()
        .items()
        .filter((item) => item.content === "Refused."),
    ).toHaveLength(0);
  });

  it("status, HTML, truncated and schema-breaking bodies are served as asked", async () => {
    service.faults.inject({
      path: "/channels",
      kind: "status",
      status: 500,
      body: { error: { code: "internal_error", message: "boom" } },
    });
    service.faults.inject({ path: "/channels", kind: "html" });
    service.faults.inject({ path: "/channels", kind: "truncatedJson" });
    service.faults.inject({ path: "/channels", kind: "schemaBreak" });
    const verbatim = await call("GET", "/channels");
    expect([verbatim.status, await verbatim.json()]).toEqual([
      500,
      { error: { code: "internal_error", message: "boom" } },
    ]);
    const html = await call("GET", "/channels");
    expect(html.status).toBe(502);
    expect(await html.text()).toMatch(/^<!DOCTYPE html>/);
    const truncated = await call("GET", "/channels");
    await expect(truncated.json()).rejects.toThrow();
    const broken = await (await call("GET", "/channels")).json();
    expect(broken).toEqual({ channels: 12345 });
    expect((await call("GET", "/channels")).status).toBe(200);
  });

  it("the request log never holds the token", async () => {
    await call("GET", "/channels");
    await call("POST", "/keys", { name: "k", scopes: ["read"] });
    expect(JSON.stringify(service.requests)).not.toContain(service.defaults.apiKey);
  });
});
