import { describe, expect, it } from "vitest";
import { ResponseValidationError } from "../../src/index.js";
import { BrandProfileSchema, ContentItemSchema, StatsSchema } from "../../src/schemas/public.js";
import { channel, contentItem, statsBody } from "../support/fixtures.js";
import { API, HttpResponse, http, makeClient, useServer } from "../support/server.js";

const { server } = useServer();

function serveItem(body: Record<string, unknown>) {
  server.use(http.get(`${API}/content/item_1`, () => HttpResponse.json(body)));
}

describe("additive changes parse (api-v1.md §9)", () => {
  it("unknown keys are kept, on the item and inside nested objects", async () => {
    serveItem(
      contentItem({ futureField: { a: 1 }, createdBy: { userId: "u", fullName: "F", team: "t" } }),
    );
    const item = await makeClient().content.get("item_1");
    expect((item as Record<string, unknown>).futureField).toEqual({ a: 1 });
    expect((item.createdBy as Record<string, unknown>).team).toBe("t");
  });

  it("unknown enum values parse (status, source, platform)", async () => {
    serveItem(contentItem({ status: "archived", source: "webhook", platform: "bluesky" }));
    const item = await makeClient().content.get("item_1");
    expect([item.status, item.source, item.platform]).toEqual(["archived", "webhook", "bluesky"]);
  });

  it("ITEM-2 optional keys may be absent, and are present when sent", async () => {
    serveItem(contentItem());
    const bare = await makeClient().content.get("item_1");
    expect("scheduledAt" in bare).toBe(false);
    serveItem(
      contentItem({ scheduledAt: "2030-01-01T00:00:00.000Z", publishedUrl: "https://x.example/1" }),
    );
    const full = await makeClient().content.get("item_1");
    expect(full.scheduledAt).toBe("2030-01-01T00:00:00.000Z");
  });
});

describe("what the contract says never happens is refused", () => {
  it.each(["sourceUrl", "scheduledAt", "publishedAt", "publishedUrl"])(
    "ITEM-2 %s: null",
    async (key) => {
      serveItem(contentItem({ [key]: null }));
      const error = await makeClient()
        .content.get("item_1")
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect((error as ResponseValidationError).issues[0]?.path).toEqual([key]);
      expect((error as ResponseValidationError).body).toMatchObject({ [key]: null });
    },
  );

  it.each(["flagReasons", "aiIsmMatches", "sensitivityReasons"])(
    "ITEM-3 %s missing or null",
    async (key) => {
      serveItem(contentItem({ [key]: null }));
      await expect(makeClient().content.get("item_1")).rejects.toBeInstanceOf(
        ResponseValidationError,
      );
    },
  );

  it("a 2xx body that is not JSON", async () => {
    server.use(http.get(`${API}/channels`, () => new HttpResponse("<html>", { status: 200 })));
    await expect(makeClient().channels.list()).rejects.toBeInstanceOf(ResponseValidationError);
  });
});

describe("validateResponses: false", () => {
  it("skips validation and returns the body as sent", async () => {
    const odd = { id: "item_1", status: 42, sourceUrl: null };
    serveItem(odd);
    expect(await makeClient({ validateResponses: false }).content.get("item_1")).toEqual(odd);
  });

  it("still unwraps the list envelope", async () => {
    server.use(
      http.get(`${API}/channels`, () =>
        HttpResponse.json({ channels: [{ ...channel(), isActive: "yes" }] }),
      ),
    );
    const channels = await makeClient({ validateResponses: false }).channels.list();
    expect(channels[0]?.isActive).toBe("yes");
  });
});

describe("fields the contract names without showing their type", () => {
  it("take any value, or none: a channel without handle and with an odd isDefault parses", async () => {
    const { handle: _handle, ...withoutHandle } = channel({ isDefault: "sometimes" });
    server.use(http.get(`${API}/channels`, () => HttpResponse.json({ channels: [withoutHandle] })));
    const [listed] = await makeClient().channels.list();
    expect(listed).toEqual(withoutHandle);
    expect("handle" in listed!).toBe(false);
  });

  it("STATS-2 usage.current and usage.limit take any value", async () => {
    const usage = { current: "12 credits", limit: { monthly: 100 }, plan: 3, periodEnd: null };
    server.use(http.get(`${API}/stats`, () => HttpResponse.json({ ...statsBody(), usage })));
    expect((await makeClient().stats.get()).usage).toEqual(usage);
  });

  it("KEYS-2 a key's id takes any value, and a numeric one still reaches keys.get", async () => {
    const paths: string[] = [];
    server.use(
      http.get(`${API}/keys`, () =>
        HttpResponse.json({ keys: [{ id: 42, name: "ops", scopes: ["read"] }] }),
      ),
      http.get(`${API}/keys/:id`, ({ params }) => {
        paths.push(String(params.id));
        return HttpResponse.json({ id: 42, name: "ops", scopes: ["read"] });
      }),
    );
    const [key] = await makeClient().keys.list();
    expect(key!.id).toBe(42);
    await makeClient().keys.get(key!.id);
    expect(paths).toEqual(["42"]);
    await expect(makeClient().keys.get({ id: 42 })).rejects.toMatchObject({ param: "id" });
  });

  it("KEYS-1 the 201 of POST /keys needs only its token", async () => {
    server.use(
      http.post(`${API}/keys`, () => HttpResponse.json({ token: "pl_test_new" }, { status: 201 })),
    );
    const created = await makeClient().keys.create({ name: "ci", scopes: ["read"] });
    expect(created).toEqual({ token: "pl_test_new" });
  });

  it("a shown field stays required: a channel without id is refused", async () => {
    const { id: _id, ...withoutId } = channel();
    server.use(http.get(`${API}/channels`, () => HttpResponse.json({ channels: [withoutId] })));
    await expect(makeClient().channels.list()).rejects.toBeInstanceOf(ResponseValidationError);
  });
});

describe("exported schemas", () => {
  it("a response part is reached through the schema it belongs to", () => {
    const thin = BrandProfileSchema.shape.voiceConfidence.parse({
      pieces: 2,
      target: 5,
      thin: true,
    });
    expect(thin.thin).toBe(true);
    const usage = StatsSchema.shape.usage.parse({
      current: 3,
      limit: null,
      plan: "free",
      periodEnd: null,
    });
    expect(usage.limit).toBeNull();
    const match = ContentItemSchema.shape.aiIsmMatches.element.parse({ label: "x", match: "y" });
    expect(match.label).toBe("x");
  });
});
