/**
 * docs/retries.md: an ambiguous create is settled by looking for what it created, never by simply
 * sending it again (api-v1.md §1 convention 4, CONV-3).
 */
import { describe, expect, it } from "vitest";
import {
  AmbiguousCreateError,
  APIConnectionError,
  type ContentItem,
  Postline,
  RateLimitError,
} from "../../src/index.js";
import type { FakeService } from "../../src/testing/index.js";
import { comingMonday, fakeClient, fetchOf } from "../support/fake-client.js";

const posts = (service: FakeService) =>
  service.requests.filter((r) => r.method === "POST" && r.path === "/content");
const apiItemsOn = (service: FakeService, channelId: string) =>
  service
    .workspace()
    .items()
    .filter((item) => item.channelId === channelId && item.source === "api");

/** A client on `service` whose fetch calls `before` ahead of each request. */
function clientWithHook(service: FakeService, before: (request: Request) => void): Postline {
  const serve = fetchOf(service);
  return new Postline({
    apiKey: service.defaults.apiKey,
    baseURL: service.defaults.baseURL,
    rateLimit: false,
    fetch: (input, init) => {
      const request = new Request(input, init);
      before(request);
      return serve(request);
    },
  });
}

describe("createDraft after an ambiguous failure", () => {
  it("CONV-3 a dropped connection after the write returns the created item, marked, and leaves one item", async () => {
    const { service, client } = fakeClient();
    const channelId = service.defaults.channelIds[0]!;
    service.faults.inject({ method: "POST", path: "/content", kind: "dropAfterWrite" });

    const item = await client.content.createDraft({ channelId, body: "Dropped once." });

    expect(apiItemsOn(service, channelId).map((i) => i.id)).toEqual([item.id]);
    expect(posts(service)).toHaveLength(1);
    expect(item.reconciliation).toMatchObject({ adoptedIds: [item.id], resentChannelIds: [] });
    expect(item.reconciliation?.failures[0]).toBeInstanceOf(APIConnectionError);
    // The marker is typed but not part of the item's JSON.
    expect(JSON.parse(JSON.stringify(item))).not.toHaveProperty("reconciliation");
  });

  it("a success without a failure carries no marker", async () => {
    const { service, client } = fakeClient();
    const item = await client.content.createDraft({
      channelId: service.defaults.channelIds[0]!,
      body: "Fine.",
    });
    expect(item.reconciliation).toBeUndefined();
  });

  it("with reconcile: false the connection error is thrown and nothing is sent again", async () => {
    const { service, client } = fakeClient();
    const channelId = service.defaults.channelIds[0]!;
    service.faults.inject({ method: "POST", path: "/content", kind: "dropAfterWrite" });
    const error = await client.content
      .createDraft({ channelId, body: "No check." }, { reconcile: false })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).not.toBeInstanceOf(AmbiguousCreateError);
    expect(posts(service)).toHaveLength(1);
    expect(service.requests.some((r) => r.method === "GET")).toBe(false);
  });

  it("an item with the same text made before the call is not taken for this call's", async () => {
    const { service, client } = fakeClient();
    const channelId = service.defaults.channelIds[0]!;
    const earlier = await client.content.createDraft({ channelId, body: "Same words." });
    service.faults.inject({
      method: "POST",
      path: "/content",
      kind: "status",
      status: 500,
      body: { error: { code: "internal_error", message: "Nothing saved." } },
    });
    const later = await client.content.createDraft({ channelId, body: "Same words." });
    expect(later.id).not.toBe(earlier.id);
    expect(later.reconciliation?.resentChannelIds).toEqual([channelId]);
    expect(apiItemsOn(service, channelId)).toHaveLength(2);
  });

  it("a concurrent success with the same text is left to its own call", async () => {
    const service = fakeClient().service;
    const channelId = service.defaults.channelIds[0]!;
    const serve = fetchOf(service);
    let postsSeen = 0;
    // The first create is written at once but its answer arrives late; the second gets a 500
    // without reaching the service, so while it checks, the first call's item is listed.
    const client = new Postline({
      apiKey: service.defaults.apiKey,
      baseURL: service.defaults.baseURL,
      rateLimit: false,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        if (request.method !== "POST") return serve(request);
        const nth = ++postsSeen;
        if (nth === 2) {
          // Answer only once the first create is written, so the check is sure to list it.
          while (!posts(service).some((r) => r.applied)) {
            await new Promise((resolve) => setTimeout(resolve, 1));
          }
          return Response.json(
            { error: { code: "internal_error", message: "x" } },
            { status: 500 },
          );
        }
        const response = await serve(request);
        if (nth === 1) await new Promise((resolve) => setTimeout(resolve, 100));
        return response;
      },
    });
    const [a, b] = await Promise.all([
      client.content.createDraft({ channelId, body: "Twice on purpose." }),
      client.content.createDraft({ channelId, body: "Twice on purpose." }),
    ]);
    expect(a.id).not.toBe(b.id);
    expect(b.reconciliation?.resentChannelIds).toEqual([channelId]);
    expect(
      apiItemsOn(service, channelId)
        .map((item) => item.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
  });

  it("two concurrent identical drafts, both dropped after the write, each get their own item", async () => {
    const { service, client } = fakeClient();
    const channelId = service.defaults.channelIds[0]!;
    service.faults.inject({ method: "POST", path: "/content", kind: "dropAfterWrite", times: 2 });
    const [a, b] = await Promise.all([
      client.content.createDraft({ channelId, body: "Echo." }),
      client.content.createDraft({ channelId, body: "Echo." }),
    ]);
    expect(a.id).not.toBe(b.id);
    expect(apiItemsOn(service, channelId)).toHaveLength(2);
    expect(posts(service)).toHaveLength(2);
  });
});

describe("when reconciliation cannot settle it", () => {
  it("a failing list call throws AmbiguousCreateError with outcome unknown, the cause and the check's error", async () => {
    const { service, client } = fakeClient({ maxRetries: 0 });
    const channelId = service.defaults.channelIds[0]!;
    service.faults.inject({ method: "POST", path: "/content", kind: "dropAfterWrite" });
    service.faults.inject({ method: "GET", path: "/content", kind: "html", always: true });

    const error = await client.content
      .createDraft({ channelId, body: "Cannot check." })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AmbiguousCreateError);
    const ambiguous = error as AmbiguousCreateError;
    expect(ambiguous.outcome).toBe("unknown");
    expect(ambiguous.cause).toBeInstanceOf(APIConnectionError);
    expect(ambiguous.checkError).toBeInstanceOf(Error);
    expect(ambiguous.unresolvedChannelIds).toEqual([channelId]);
    expect(ambiguous.message).toMatch(/may have created an item on/);
    // It may exist, and it does: the SDK did not send it again.
    expect(apiItemsOn(service, channelId)).toHaveLength(1);
    expect(posts(service)).toHaveLength(1);
  });

  it("nothing found and no resend allowed: outcome not_created, and nothing exists", async () => {
    const { service, client } = fakeClient();
    const channelId = service.defaults.channelIds[0]!;
    service.faults.inject({ method: "POST", path: "/content", kind: "html", status: 502 });
    const error = await client.content
      .createDraft({ channelId, body: "Not made." }, { maxRetries: 0 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AmbiguousCreateError);
    expect((error as AmbiguousCreateError).outcome).toBe("not_created");
    expect(apiItemsOn(service, channelId)).toHaveLength(0);
  });

  it("nothing found and the resend refused: the refusal itself is thrown, and nothing exists", async () => {
    const { service, client } = fakeClient();
    const channelId = service.defaults.channelIds[0]!;
    service.faults.inject({ method: "POST", path: "/content", kind: "html", status: 502 });
    service.faults.inject({
      method: "POST",
      path: "/content",
      kind: "rateLimited",
      retryAfterSeconds: 0,
      times: 2,
    });
    const error = await client.content
      .createDraft({ channelId, body: "Refused on resend." }, { maxRetries: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(posts(service).map((r) => r.status)).toEqual([502, 429, 429]);
    expect(apiItemsOn(service, channelId)).toHaveLength(0);
  });

  it("a 2xx that cannot be read is never sent again", async () => {
    const { service, client } = fakeClient();
    const channelId = service.defaults.channelIds[0]!;
    service.faults.inject({ method: "POST", path: "/content", kind: "truncatedJson" });
    const item = await client.content.createDraft({ channelId, body: "Half a body." });
    expect(apiItemsOn(service, channelId).map((i) => i.id)).toEqual([item.id]);
    expect(posts(service)).toHaveLength(1);
  });
});

describe("a create that failed before anything left the process", () => {
  /** A client on a fresh fake whose fetch rejects every POST with `rejection()`; the rest is served. */
  function clientFailingPosts(rejection: () => unknown) {
    const service = fakeClient().service;
    const serve = fetchOf(service);
    const sent: string[] = [];
    const client = new Postline({
      apiKey: service.defaults.apiKey,
      baseURL: service.defaults.baseURL,
      rateLimit: false,
      maxRetries: 0,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        sent.push(request.method);
        if (request.method === "POST") throw rejection();
        return serve(request);
      },
    });
    return { service, client, sent, channelId: service.defaults.channelIds[0]! };
  }

  it("CONV-3 a fetch that threw before connecting (msw on an older Node) is a connection error, never ambiguous", async () => {
    // What Node's fetch rejects with when msw's interceptor throws inside connect().
    const { service, client, sent, channelId } = clientFailingPosts(
      () =>
        new TypeError("fetch failed", {
          cause: new TypeError("Promise.withResolvers is not a function"),
        }),
    );
    const error = await client.content
      .createDraft({ channelId, body: "Never sent." })
      .catch((e: unknown) => e);

    expect(error).not.toBeInstanceOf(AmbiguousCreateError);
    expect(error).toBeInstanceOf(APIConnectionError);
    const connection = error as APIConnectionError;
    // Nothing left, so nothing to look for: no list request was made to check.
    expect(sent).toEqual(["POST"]);
    expect(connection.retryable).toBe(true);
    expect(connection.message).toBe(
      `Connection error on POST ${service.defaults.baseURL}/api/v1/content: fetch failed: it threw before connecting, so nothing was sent: TypeError: Promise.withResolvers is not a function`,
    );
    expect(apiItemsOn(service, channelId)).toHaveLength(0);
  });

  it("CONV-3 a bare TypeError, as browsers reject any network failure with, stays ambiguous and is checked", async () => {
    const { client, sent, channelId } = clientFailingPosts(() => new TypeError("Failed to fetch"));
    const error = await client.content
      .createDraft({ channelId, body: "Maybe sent." })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AmbiguousCreateError);
    expect((error as AmbiguousCreateError).outcome).toBe("not_created");
    // The SDK listed the channel to look for what the create may have made.
    expect(sent.slice(0, 2)).toEqual(["POST", "GET"]);
  });

  it("CONV-3 a language error under a link with a network code stays ambiguous", async () => {
    const socket = Object.assign(new Error("other side closed"), {
      code: "UND_ERR_SOCKET",
      cause: new TypeError("x is not a function"),
    });
    const { client, channelId } = clientFailingPosts(
      () => new TypeError("fetch failed", { cause: socket }),
    );
    const error = await client.content
      .createDraft({ channelId, body: "Maybe sent." })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AmbiguousCreateError);
  });
});

describe("generate with reconcile: true", () => {
  it("an item already on the channel before the call is not adopted", async () => {
    const { service, client } = fakeClient();
    const channelId = service.defaults.channelIds[0]!;
    const before = await client.content.generate({ channelIds: [channelId], prompt: "Earlier" });
    service.faults.inject({ method: "POST", path: "/content", kind: "dropAfterWrite" });
    const result = await client.content.generate(
      { channelIds: [channelId], prompt: "Later" },
      { reconcile: true },
    );
    expect(result.items).toHaveLength(1);
    expect(result.items[0]!.id).not.toBe(before.items[0]!.id);
    expect(apiItemsOn(service, channelId)).toHaveLength(2);
  });

  it("a multi-channel generation resends only the channels where nothing was found, and merges", async () => {
    const service = fakeClient(
      {},
      { now: comingMonday(), workspace: { quota: { limit: 1 } } },
    ).service;
    const [a, b] = service.defaults.channelIds as [string, string];
    // The first request makes one post (the quota allows one), then its connection drops. The
    // quota is raised while the SDK checks, so the resend can write the second.
    service.faults.inject({ method: "POST", path: "/content", kind: "dropAfterWrite" });
    const client = clientWithHook(service, (request) => {
      if (request.method === "GET" && posts(service).length === 1) service.setQuota({ limit: 10 });
    });

    const result = await client.content.generate(
      { channelIds: [a, b], prompt: "Launch" },
      { reconcile: true },
    );

    expect(result.items.map((item: ContentItem) => item.channelId).sort()).toEqual([a, b].sort());
    expect(result.reconciliation).toMatchObject({ resentChannelIds: [b], sends: 2 });
    expect(result.reconciliation?.adoptedIds).toEqual([apiItemsOn(service, a)[0]!.id]);
    expect(posts(service).map((r) => (r.body as { channelIds: string[] }).channelIds)).toEqual([
      [a, b],
      [b],
    ]);
    expect(apiItemsOn(service, a)).toHaveLength(1);
    expect(apiItemsOn(service, b)).toHaveLength(1);
  });

  it("a resend refused for quota keeps what was found and reports the rest as the service would", async () => {
    const { service, client } = fakeClient(
      {},
      { now: comingMonday(), workspace: { quota: { limit: 1 } } },
    );
    const [a, b] = service.defaults.channelIds as [string, string];
    service.faults.inject({ method: "POST", path: "/content", kind: "dropAfterWrite" });
    const result = await client.content.generate(
      { channelIds: [a, b], prompt: "Launch" },
      { reconcile: true },
    );
    expect(result.items.map((item) => item.channelId)).toEqual([a]);
    expect(result.warning).toMatchObject({
      code: "generation_limit",
      unfulfilledChannelIds: [b],
    });
  });
});
