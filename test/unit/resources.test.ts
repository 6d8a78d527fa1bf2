import { describe, expect, it } from "vitest";
import { PlannedTimePassed, PlannedTimePassedError, VERSION } from "../../src/index.js";
import {
  agentKey,
  brandProfile,
  channel,
  contentItem,
  scheduleBody,
  statsBody,
} from "../support/fixtures.js";
import { API, HttpResponse, http, makeClient, useServer } from "../support/server.js";

const { server, seen } = useServer();

function only() {
  expect(seen).toHaveLength(1);
  return seen[0]!;
}

describe("every request", () => {
  it("sends the bearer token, the SDK header and JSON", async () => {
    server.use(http.get(`${API}/channels`, () => HttpResponse.json({ channels: [] })));
    const client = makeClient({ apiKey: "pl_test_abc123def456" });
    await client.channels.list();
    const request = only();
    expect(request.headers.get("authorization")).toBe("Bearer pl_test_abc123def456");
    expect(request.headers.get("x-postline-sdk")).toBe(`postline-typescript/${VERSION}`);
    expect(request.headers.get("accept")).toBe("application/json");
  });

  it("the SDK's headers: a caller may set accept, only a call may set x-postline-sdk", async () => {
    server.use(http.get(`${API}/channels`, () => HttpResponse.json({ channels: [] })));
    const client = makeClient({
      apiKey: "pl_test_abc123def456",
      headers: { accept: "application/vnd.client+json", "x-postline-sdk": "client/1" },
    });
    await client.channels.list();
    await client.channels.list(
      {},
      { headers: { accept: "text/call", "x-postline-sdk": "call/1" } },
    );
    const [clientLevel, callLevel] = seen;
    expect(clientLevel!.headers.get("accept")).toBe("application/vnd.client+json");
    expect(clientLevel!.headers.get("x-postline-sdk")).toBe(`postline-typescript/${VERSION}`);
    expect(callLevel!.headers.get("accept")).toBe("text/call");
    expect(callLevel!.headers.get("x-postline-sdk")).toBe("call/1");
    expect(callLevel!.headers.get("authorization")).toBe("Bearer pl_test_abc123def456");
  });

  it("a custom fetch is handed a Request that already carries every header", async () => {
    const handed: Request[] = [];
    const client = makeClient({
      apiKey: "pl_test_abc123def456",
      headers: { "x-trace": "t1" },
      fetch: async (input) => {
        handed.push(input as Request);
        return HttpResponse.json({ channels: [] });
      },
    });
    await client.channels.list({}, { headers: { "x-call": "c1" } });
    expect(Object.fromEntries(handed[0]!.headers)).toEqual({
      accept: "application/json",
      authorization: "Bearer pl_test_abc123def456",
      "x-call": "c1",
      "x-postline-sdk": `postline-typescript/${VERSION}`,
      "x-trace": "t1",
    });
  });

  it("sends a JSON content type with bodies", async () => {
    server.use(
      http.post(`${API}/keys`, () =>
        HttpResponse.json({ ...agentKey(), token: "pl_test_new" }, { status: 201 }),
      ),
    );
    await makeClient().keys.create({ name: "n", scopes: ["read"] });
    expect(only().headers.get("content-type")).toMatch(/^application\/json/);
  });
});

describe("content", () => {
  it("listPage sends exactly the parameters given and returns the page", async () => {
    server.use(
      http.get(`${API}/content`, () =>
        HttpResponse.json({ items: [contentItem()], nextCursor: "c2" }),
      ),
    );
    const page = await makeClient().content.listPage({
      status: "draft",
      channelId: "ch_x",
      source: "api",
      limit: 5,
      cursor: "c1",
    });
    expect(page).toEqual({ items: [contentItem()], nextCursor: "c2" });
    const { url, method } = only();
    expect(method).toBe("GET");
    expect(url.pathname).toBe("/api/v1/content");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      status: "draft",
      channelId: "ch_x",
      source: "api",
      limit: "5",
      cursor: "c1",
    });
  });

  it("query values and path ids arrive exactly as given, whatever characters they hold", async () => {
    const cursor = "a b+c&d=e/f?g#h%i é";
    const id = "item/1 ?#%+é";
    server.use(
      http.get(`${API}/content`, () => HttpResponse.json({ items: [], nextCursor: null })),
      http.get(`${API}/content/:id`, () => HttpResponse.json(contentItem())),
    );
    const client = makeClient();
    await client.content.listPage({ cursor, channelId: "ch &x" });
    expect(Object.fromEntries(only().url.searchParams)).toEqual({ cursor, channelId: "ch &x" });
    seen.length = 0;
    await client.content.get(id);
    const [request] = seen;
    expect(request!.url.pathname).toBe(`/api/v1/content/${encodeURIComponent(id)}`);
    expect(decodeURIComponent(request!.url.pathname.split("/").at(-1)!)).toBe(id);
  });

  it("listPage with no parameters sends no query", async () => {
    server.use(
      http.get(`${API}/content`, () => HttpResponse.json({ items: [], nextCursor: null })),
    );
    await makeClient().content.listPage();
    expect(only().url.search).toBe("");
  });

  it("get reads GET /content/:id, bare or wrapped as { item }", async () => {
    server.use(http.get(`${API}/content/item_1`, () => HttpResponse.json(contentItem())));
    expect(await makeClient().content.get("item_1")).toEqual(contentItem());
    server.use(
      http.get(`${API}/content/item_1`, () =>
        HttpResponse.json({ item: contentItem({ status: "pending" }) }),
      ),
    );
    expect((await makeClient().content.get("item_1")).status).toBe("pending");
  });

  it("ids are URL-encoded, so an id cannot reach another route", async () => {
    server.use(http.get(`${API}/content/:id`, () => HttpResponse.json(contentItem())));
    await makeClient().content.get("../keys");
    expect(only().url.pathname).toBe("/api/v1/content/..%2Fkeys");
  });

  it("createDraft sends { body, channelId, topic, title } and returns the one item", async () => {
    server.use(
      http.post(`${API}/content`, () =>
        HttpResponse.json({ items: [contentItem()] }, { status: 201 }),
      ),
    );
    const item = await makeClient().content.createDraft({
      channelId: "ch_x",
      body: "Hello there",
      topic: "t",
      title: "T",
    });
    expect(item).toEqual(contentItem());
    const request = only();
    expect(request.method).toBe("POST");
    expect(request.url.pathname).toBe("/api/v1/content");
    expect(request.body).toEqual({
      body: "Hello there",
      channelId: "ch_x",
      topic: "t",
      title: "T",
    });
  });

  it("createDraft leaves optional keys out rather than sending undefined", async () => {
    server.use(
      http.post(`${API}/content`, () =>
        HttpResponse.json({ items: [contentItem()] }, { status: 201 }),
      ),
    );
    await makeClient().content.createDraft({ channelId: "ch_x", body: "Hi" });
    expect(only().body).toEqual({ body: "Hi", channelId: "ch_x" });
  });

  it("generate sends { prompt, channelIds } and returns items with the warning", async () => {
    const warning = {
      code: "generation_limit",
      message: "Quota ran out",
      unfulfilledChannelIds: ["ch_li"],
    };
    server.use(
      http.post(`${API}/content`, () =>
        HttpResponse.json({ items: [contentItem()], warning }, { status: 201 }),
      ),
    );
    const result = await makeClient().content.generate({
      channelIds: ["ch_x", "ch_li"],
      prompt: "Launch",
    });
    expect(result).toEqual({ items: [contentItem()], warning });
    expect(only().body).toEqual({ prompt: "Launch", channelIds: ["ch_x", "ch_li"] });
  });

  it("update sends only the given fields with PATCH", async () => {
    server.use(
      http.patch(`${API}/content/item_1`, () =>
        HttpResponse.json({ item: contentItem({ content: "New" }) }),
      ),
    );
    const item = await makeClient().content.update("item_1", {
      content: "New",
      channelId: "ch_2",
      acknowledgeAiIsms: true,
    });
    expect(item.content).toBe("New");
    const request = only();
    expect(request.method).toBe("PATCH");
    expect(request.body).toEqual({ content: "New", channelId: "ch_2", acknowledgeAiIsms: true });
  });

  it("approve, unapprove and reject are updates with status pending, draft and cancelled", async () => {
    server.use(http.patch(`${API}/content/item_1`, () => HttpResponse.json(contentItem())));
    const client = makeClient();
    await client.content.approve("item_1", { acknowledgeAiIsms: true, channelId: "ch_x" });
    await client.content.approve("item_1");
    await client.content.unapprove("item_1");
    await client.content.reject("item_1", { reason: "Off brand" });
    await client.content.reject("item_1");
    expect(seen.map((r) => r.body)).toEqual([
      { status: "pending", acknowledgeAiIsms: true, channelId: "ch_x" },
      { status: "pending" },
      { status: "draft" },
      { status: "cancelled", rejectionReason: "Off brand" },
      { status: "cancelled" },
    ]);
  });

  it("PATCH-4 an approval whose planned time passed throws PlannedTimePassedError carrying the saved item", async () => {
    server.use(
      http.patch(`${API}/content/item_1`, () =>
        HttpResponse.json({ item: contentItem({ status: "pending" }), plannedTimePassed: true }),
      ),
    );
    const error = await makeClient()
      .content.approve("item_1")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlannedTimePassedError);
    const passed = error as PlannedTimePassedError;
    expect(passed.item.status).toBe("pending");
    expect(passed.message).toMatch(/is approved/);
    expect(passed.message).toMatch(/scheduledAt/);
    expect(passed.message).toMatch(/publishNow/);
  });

  it("PlannedTimePassedError is the class's name; PlannedTimePassed, its 0.1.0 name, is the same class", () => {
    const passed = new PlannedTimePassedError(contentItem());
    expect(passed.name).toBe("PlannedTimePassedError");
    expect(PlannedTimePassedError.name).toBe("PlannedTimePassedError");
    expect(PlannedTimePassed).toBe(PlannedTimePassedError);
  });

  it("PlannedTimePassedError is also read from a bare item carrying the flag", async () => {
    server.use(
      http.patch(`${API}/content/item_1`, () =>
        HttpResponse.json({ ...contentItem(), plannedTimePassed: true }),
      ),
    );
    await expect(
      makeClient().content.update("item_1", { channelId: "ch_x" }),
    ).rejects.toBeInstanceOf(PlannedTimePassedError);
  });

  it("schedule sends {} with neither a time nor publishNow", async () => {
    server.use(
      http.post(`${API}/content/item_1/schedule`, () =>
        HttpResponse.json({ item: contentItem({ status: "scheduled" }) }),
      ),
    );
    const item = await makeClient().content.schedule("item_1");
    expect(item.status).toBe("scheduled");
    expect(only().body).toEqual({});
  });

  it("schedule sends a Date as ISO-8601 UTC, and publishNow and acknowledgeAiIsms as given", async () => {
    server.use(
      http.post(`${API}/content/item_1/schedule`, () => HttpResponse.json({ item: contentItem() })),
    );
    const client = makeClient();
    await client.content.schedule("item_1", { scheduledAt: new Date(Date.UTC(2030, 0, 2, 3, 5)) });
    await client.content.schedule("item_1", {
      scheduledAt: "2030-01-02T05:05:00+02:00",
      acknowledgeAiIsms: true,
    });
    await client.content.schedule("item_1", { publishNow: true });
    expect(seen.map((r) => r.body)).toEqual([
      { scheduledAt: "2030-01-02T03:05:00.000Z" },
      { scheduledAt: "2030-01-02T03:05:00.000Z", acknowledgeAiIsms: true },
      { publishNow: true },
    ]);
  });

  it("delete resolves to nothing whatever the body", async () => {
    server.use(http.delete(`${API}/content/item_1`, () => HttpResponse.json({ deleted: true })));
    await expect(makeClient().content.delete("item_1")).resolves.toBeUndefined();
    server.use(http.delete(`${API}/content/item_1`, () => new HttpResponse(null, { status: 204 })));
    await expect(makeClient().content.delete("item_1")).resolves.toBeUndefined();
    expect(seen.map((r) => r.method)).toEqual(["DELETE", "DELETE"]);
  });
});

describe("reads", () => {
  it("channels.list returns the channels and sends the platform filter", async () => {
    server.use(http.get(`${API}/channels`, () => HttpResponse.json({ channels: [channel()] })));
    expect(await makeClient().channels.list({ platform: "x" })).toEqual([channel()]);
    expect(only().url.searchParams.get("platform")).toBe("x");
  });

  it("brand.get returns the profile, or null before onboarding", async () => {
    server.use(http.get(`${API}/brand`, () => HttpResponse.json({ profile: brandProfile() })));
    expect(await makeClient().brand.get()).toEqual(brandProfile());
    server.use(http.get(`${API}/brand`, () => HttpResponse.json({ profile: null })));
    expect(await makeClient().brand.get()).toBeNull();
  });

  it("schedule.get returns config and slots", async () => {
    server.use(http.get(`${API}/schedule`, () => HttpResponse.json(scheduleBody())));
    expect(await makeClient().schedule.get()).toEqual(scheduleBody());
  });

  it("stats.get sends days and returns the stats", async () => {
    server.use(http.get(`${API}/stats`, () => HttpResponse.json(statsBody())));
    expect(await makeClient().stats.get({ days: 7 })).toEqual(statsBody());
    expect(only().url.searchParams.get("days")).toBe("7");
  });

  it("stats.get without days sends no query", async () => {
    server.use(http.get(`${API}/stats`, () => HttpResponse.json(statsBody())));
    await makeClient().stats.get();
    expect(only().url.search).toBe("");
  });
});

describe("keys", () => {
  it("list returns the keys", async () => {
    server.use(
      http.get(`${API}/keys`, () =>
        HttpResponse.json({ keys: [agentKey(), agentKey({ id: "key_2", revokedAt: "x" })] }),
      ),
    );
    const keys = await makeClient().keys.list();
    expect(keys.map((k) => k.id)).toEqual(["key_1", "key_2"]);
  });

  it("get reads one key, bare or wrapped as { key }", async () => {
    server.use(http.get(`${API}/keys/key_1`, () => HttpResponse.json(agentKey())));
    expect(await makeClient().keys.get("key_1")).toEqual(agentKey());
    server.use(http.get(`${API}/keys/key_1`, () => HttpResponse.json({ key: agentKey() })));
    expect(await makeClient().keys.get("key_1")).toEqual(agentKey());
  });

  it("KEYS-1 create sends { name, scopes } and returns the key with its token", async () => {
    server.use(
      http.post(`${API}/keys`, () =>
        HttpResponse.json({ ...agentKey(), token: "pl_test_newtoken" }, { status: 201 }),
      ),
    );
    const created = await makeClient().keys.create({ name: "reporting", scopes: ["read"] });
    expect(created.token).toBe("pl_test_newtoken");
    expect(only().body).toEqual({ name: "reporting", scopes: ["read"] });
  });

  it("revoke sends DELETE /keys/:id and resolves to nothing", async () => {
    server.use(http.delete(`${API}/keys/key_1`, () => HttpResponse.json({ key: agentKey() })));
    await expect(makeClient().keys.revoke("key_1")).resolves.toBeUndefined();
    expect(only().method).toBe("DELETE");
  });
});
