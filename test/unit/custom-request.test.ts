import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  InvalidRequestError,
  NotFoundError,
  Postline,
  RateLimitWaitError,
  ResponseValidationError,
} from "../../src/index.js";
import { createFakeService } from "../../src/testing/index.js";
import { API, HttpResponse, http, makeClient, useServer } from "../support/server.js";

const { server, seen } = useServer();

/** A client of a fresh contract fake, with no automatic retries. */
function fakeBackedClient(options: ConstructorParameters<typeof Postline>[0] = {}) {
  const service = createFakeService();
  const client = new Postline({
    apiKey: service.defaults.apiKey,
    baseURL: service.defaults.baseURL,
    fetch: service.fetch,
    maxRetries: 0,
    ...options,
  });
  return { service, client };
}

describe("client.request()", () => {
  it("calls a route with the client's auth, query and body, and types the result with a schema", async () => {
    server.use(
      http.post(`${API}/content/cnt_1/boost`, () => HttpResponse.json({ boosted: true, by: 2 })),
    );
    const client = makeClient();
    const result = await client.request({
      method: "POST",
      path: "/content/cnt_1/boost",
      query: { dryRun: false, times: 2, skip: undefined },
      body: { reason: "launch" },
      schema: z.object({ boosted: z.boolean() }),
    });
    expect(result.boosted).toBe(true);
    const sent = seen[0]!;
    expect(sent.url.pathname).toBe("/api/v1/content/cnt_1/boost");
    expect(sent.url.search).toBe("?dryRun=false&times=2");
    expect(sent.headers.get("authorization")).toMatch(/^Bearer pl_test_/);
    expect(sent.body).toEqual({ reason: "launch" });
  });

  it("without a schema returns the parsed body, and undefined for an empty one", async () => {
    server.use(
      http.get(`${API}/future`, () => HttpResponse.json({ anything: [1] })),
      http.delete(`${API}/future/1`, () => new HttpResponse(null, { status: 204 })),
    );
    const client = makeClient();
    expect(await client.request({ method: "GET", path: "future" })).toEqual({ anything: [1] });
    expect(await client.request({ method: "DELETE", path: "future/1" })).toBeUndefined();
  });

  it("a body that fails the schema is a ResponseValidationError", async () => {
    server.use(http.get(`${API}/future`, () => HttpResponse.json({ count: "three" })));
    const error = await makeClient()
      .request({ method: "GET", path: "future", schema: z.object({ count: z.number() }) })
      .catch((caught) => caught);
    expect(error).toBeInstanceOf(ResponseValidationError);
  });

  it("errors are the typed errors, and a safe failure is retried", async () => {
    let calls = 0;
    server.use(
      http.get(`${API}/future`, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ error: { code: "internal_error", message: "x" } }, { status: 500 })
          : HttpResponse.json(
              { error: { code: "not_found", message: "No such thing" } },
              { status: 404 },
            );
      }),
    );
    const error = await makeClient({ maxRetries: 1 })
      .request({ method: "GET", path: "future" })
      .catch((caught) => caught);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(calls).toBe(2);
  });

  it.each([
    [{ method: "PUT", path: "content" }, "method"],
    [{ method: "GET", path: "" }, "path"],
    [{ method: "GET", path: "https://evil.example/api/v1/content" }, "path"],
    [{ method: "GET", path: "content/../../admin" }, "path"],
    [{ method: "GET", path: "content?status=draft" }, "path"],
    [{ method: "GET", path: "content", query: { status: { a: 1 } } }, "query.status"],
    [{ method: "GET", path: "content", schema: { parse: () => 1 } }, "schema"],
  ])("refuses %j before sending, naming %s", async (spec, param) => {
    const error: unknown = await makeClient()
      .request(spec as never)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as InvalidRequestError).param).toBe(param);
    expect(seen).toHaveLength(0);
  });

  it("POST content draws from the create budget, as createDraft does", async () => {
    const { service, client } = fakeBackedClient();
    const [channelId] = service.defaults.channelIds;
    for (let index = 0; index < 10; index++) {
      await client.request({
        method: "POST",
        path: "content",
        body: { channelId, body: `n${index}` },
      });
    }
    // The 11th create waits for the window: pacing holds it instead of collecting a 429.
    const stop = new AbortController();
    const eleventh = client
      .request(
        { method: "POST", path: "content", body: { channelId, body: "n10" } },
        { signal: stop.signal },
      )
      .then(
        () => "sent",
        (error: Error) => error.name,
      );
    const waited = new Promise((resolve) => setTimeout(() => resolve("waiting"), 300));
    expect(await Promise.race([eleventh, waited])).toBe("waiting");
    // Reads use the other budget and are not held.
    expect(await client.request({ method: "GET", path: "channels" })).toHaveProperty("channels");
    stop.abort();
    expect(await eleventh).toBe("APIUserAbortError");
    expect(service.requests.filter((request) => request.method === "POST")).toHaveLength(10);
  });

  it.each(["content/", "/content/", "api/v1/content/", "content//"])(
    "POST %s draws from the create budget too: the 11th in a full window is refused before it is sent",
    async (path) => {
      const { service, client } = fakeBackedClient({ rateLimit: { maxWaitMs: 1_000 } });
      const [channelId] = service.defaults.channelIds;
      for (let index = 0; index < 10; index++) {
        await client.content.createDraft({ channelId: channelId!, body: `d${index}` });
      }
      const error = await client
        .request({ method: "POST", path, body: { channelId, body: "d10" } })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RateLimitWaitError);
      expect((error as RateLimitWaitError).budget).toBe("create");
      expect(service.requests.filter((request) => request.method === "POST")).toHaveLength(10);
    },
  );
});
