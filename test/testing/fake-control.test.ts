/**
 * The fake's control plane (SDK_DESIGN.md §20) through real HTTP: every route, each test run
 * both with plain fetch calls and through `connectFake`.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  createFakeService,
  type FakeControl,
  FakeControlError,
  type FakeServer,
  type FakeService,
  startFakeServer,
} from "../../src/testing/index.js";
import { DRIVERS } from "./support/control-drivers.js";

const NOW = "2026-03-02T09:00:00.000Z";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function started(seed: Parameters<typeof createFakeService>[0] = { now: NOW }) {
  const service = createFakeService(seed);
  server = await startFakeServer(service, { port: 0 });
  return { service, url: server.url };
}

/** A v1 call with the service's key. */
async function api(url: string, key: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text === "" ? {} : JSON.parse(text)) as any };
}

const create = (url: string, key: string, text: string) =>
  api(url, key, "POST", "/content", { body: text, channelId: "ch_linkedin_olivia" });

async function refusal(promise: Promise<unknown>): Promise<FakeControlError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FakeControlError);
  return error as FakeControlError;
}

describe.each(DRIVERS)("the control plane through %s", (_name, drive) => {
  let control: FakeControl;
  let service: FakeService;
  let url: string;
  const start = async (seed?: Parameters<typeof createFakeService>[0]) => {
    ({ service, url } = await started(seed));
    control = drive(url);
  };

  it("POST /fake/reset goes back to the seed and keeps the key, or takes a new seed", async () => {
    await start();
    const key = service.defaults.apiKey;
    const before = (await api(url, key, "GET", "/content?limit=100")).body.items.length;
    expect((await create(url, key, "A post made before the reset.")).status).toBe(201);
    await control.advance(3_600_000);
    const answer = await control.reset();
    expect(answer).toMatchObject({ apiKey: key, now: NOW, frozen: true });
    expect((await api(url, key, "GET", "/content?limit=100")).body.items).toHaveLength(before);
    expect(service.requests).toHaveLength(1);

    const seeded = await control.reset({
      now: "2027-01-04T08:00:00Z",
      workspace: {
        channels: [{ id: "ch_bluesky_acme", platform: "bluesky", displayName: "Acme on Bluesky" }],
        content: [{ id: "cnt_seeded", content: "Seeded.", channelId: "ch_bluesky_acme" }],
      },
    });
    expect(seeded).toMatchObject({ apiKey: key, channelIds: ["ch_bluesky_acme"] });
    expect(seeded.now).toBe("2027-01-04T08:00:00.000Z");
    const items = (await api(url, key, "GET", "/content")).body.items;
    expect(items.map((item: { id: string }) => item.id)).toEqual(["cnt_seeded"]);
    // A later reset without a body returns to that seed.
    await create(url, key, "Another.");
    await control.reset();
    expect((await api(url, key, "GET", "/content")).body.items).toHaveLength(1);
  });

  it("POST /fake/reset with a bad seed answers 400 with the JSON path and changes nothing", async () => {
    await start();
    const error = await refusal(
      control.reset({ workspace: { channels: [{ id: "ch_a", platform: 7 as never }] } }),
    );
    expect(error).toMatchObject({ status: 400, code: "invalid_body" });
    expect(error.param).toBe("$.seed.workspace.channels[0].platform");
    const unknownChannel = await refusal(
      control.reset({ workspace: { content: [{ id: "c1", content: "x", channelId: "ch_nope" }] } }),
    );
    expect(unknownChannel).toMatchObject({ status: 400, code: "invalid_seed" });
    expect(unknownChannel.message).toContain("ch_nope");
    expect(service.clock.now().toISOString()).toBe(NOW);
    expect(service.defaults.channelIds).toContain("ch_x_acme");
  });

  it("GET and POST /fake/clock: advance, set, freeze and follow move the model's clock", async () => {
    await start();
    expect(await control.clock()).toEqual({ now: NOW, frozen: true, published: [] });
    expect((await control.advance(90_000)).now).toBe("2026-03-02T09:01:30.000Z");
    expect((await control.setClock("2026-03-03T00:00:00Z")).now).toBe("2026-03-03T00:00:00.000Z");
    expect(service.clock.now().toISOString()).toBe("2026-03-03T00:00:00.000Z");
    expect((await control.follow()).frozen).toBe(false);
    expect(service.clock.frozen).toBe(false);
    expect((await control.freeze()).frozen).toBe(true);
    const twoMoves = await refusal(
      drive(url).injectFault({ kind: "nope" as never, path: "/content" }),
    );
    expect(twoMoves.param).toBe("$.kind");
  });

  it("LIMIT-1 the 11th create is refused with 429 and passes after POST /fake/clock {advance}", async () => {
    await start();
    const key = service.defaults.apiKey;
    for (let index = 1; index <= 10; index++) {
      expect((await create(url, key, `Post ${index}.`)).status).toBe(201);
    }
    const eleventh = await create(url, key, "Post 11.");
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.error.code).toBe("rate_limited");
    await control.advance(60_000);
    expect((await create(url, key, "Post 11, again.")).status).toBe(201);
  });

  it("STATE-13 a scheduled item publishes when POST /fake/clock passes its time", async () => {
    await start();
    const key = service.defaults.apiKey;
    const item = (await create(url, key, "Goes out at ten.")).body.items[0];
    const scheduled = await api(url, key, "POST", `/content/${item.id}/schedule`, {
      scheduledAt: "2026-03-02T10:00:00Z",
    });
    expect(scheduled.status).toBe(200);
    expect((await control.advance(30 * 60_000)).published).toEqual([]);
    expect((await control.setClock("2026-03-02T10:00:00Z")).published).toEqual([item.id]);
    expect((await api(url, key, "GET", `/content/${item.id}`)).body.item.status).toBe("published");
  });

  it("POST /fake/faults dropAfterWrite on a create: the caller sees a dropped connection, the item exists once", async () => {
    await start();
    const key = service.defaults.apiKey;
    const injected = await control.injectFault({
      kind: "dropAfterWrite",
      method: "POST",
      path: "/content",
    });
    expect(injected).toMatchObject({ kind: "dropAfterWrite", remaining: 1, hits: 0 });
    expect(await control.faults()).toHaveLength(1);
    await expect(create(url, key, "Dropped after the write.")).rejects.toThrow();
    const items = (await api(url, key, "GET", "/content?limit=100")).body.items;
    expect(
      items.filter((i: { content: string }) => i.content === "Dropped after the write."),
    ).toHaveLength(1);
    expect(await control.faults()).toEqual([]);
  });

  it("POST /fake/faults with probability and seed hits the same requests on every run; DELETE clears", async () => {
    await start();
    const key = service.defaults.apiKey;
    const run = async () => {
      await control.reset();
      await control.injectFault({
        kind: "status",
        status: 503,
        path: "/channels",
        always: true,
        probability: 0.5,
        seed: 42,
      });
      const statuses: number[] = [];
      for (let index = 0; index < 20; index++) {
        statuses.push((await api(url, key, "GET", "/channels")).status);
      }
      return statuses;
    };
    const first = await run();
    expect(await run()).toEqual(first);
    expect(first.filter((status) => status === 503).length).toBeGreaterThan(0);
    expect(first.filter((status) => status === 200).length).toBeGreaterThan(0);
    expect((await control.faults())[0]).toMatchObject({ remaining: null, probability: 0.5 });
    expect(await control.clearFaults()).toBe(1);
    expect(await control.faults()).toEqual([]);
  });

  it("POST /fake/keys adds a key with its scopes, live or test, for a workspace and member", async () => {
    await start();
    const reader = await control.addKey({ name: "Reader", scopes: ["read"] });
    expect(reader.token).toMatch(/^pl_test_/);
    expect(reader.workspace).toBe("ws_acme");
    expect((await api(url, reader.token, "GET", "/channels")).status).toBe(200);
    const write = await create(url, reader.token, "Not allowed.");
    expect(write.status).toBe(403);
    expect(write.body.error.code).toBe("scope_required");
    const live = await control.addKey({ name: "Live", scopes: ["admin"], live: true });
    expect(live.token).toMatch(/^pl_live_/);
    expect((await api(url, live.token, "GET", "/channels")).status).toBe(401);
    const other = await control.addKey({
      name: "Other's",
      scopes: ["write"],
      workspace: "ws_other",
      member: "usr_newcomer",
    });
    expect(other).toMatchObject({ workspace: "ws_other", userId: "usr_newcomer" });
    const missing = await refusal(
      control.addKey({ name: "x", scopes: ["read"], workspace: "ws_nope" }),
    );
    expect(missing).toMatchObject({
      status: 404,
      code: "workspace_not_found",
      param: "$.workspace",
    });
  });

  it("GET /fake/requests filters by method, path, status, errorCode and after", async () => {
    await start();
    const key = service.defaults.apiKey;
    await api(url, key, "GET", "/channels");
    const item = (await create(url, key, "One.")).body.items[0];
    await api(url, key, "GET", `/content/${item.id}`);
    await api(url, key, "GET", "/content/cnt_missing");
    expect((await control.requests({ method: "post" })).requests.map((r) => r.path)).toEqual([
      "/content",
    ]);
    expect((await control.requests({ path: "/content/:id" })).matched).toBe(2);
    expect((await control.requests({ status: 404 })).requests[0]?.path).toBe(
      "/content/cnt_missing",
    );
    expect((await control.requests({ errorCode: "not_found" })).matched).toBe(1);
    const after = await control.requests({ after: 2 });
    expect(after.requests.map((r) => r.index)).toEqual([2, 3]);
    expect(after.next).toBe(4);
    const bad = await refusal(control.requests({ status: 42 }));
    expect(bad).toMatchObject({ status: 400, code: "invalid_query", param: "status" });
  });

  it("GET /fake/requests wait=&count= answers once the requests arrive, or at the wait's end", async () => {
    await start();
    const key = service.defaults.apiKey;
    const waiting = control.requests({ method: "POST", wait: 10_000, count: 2 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await create(url, key, "First.");
    await api(url, key, "GET", "/channels");
    await create(url, key, "Second.");
    const answer = await waiting;
    expect(answer).toMatchObject({ matched: 2, reached: true });
    const short = await control.requests({ method: "DELETE", wait: 100, count: 1 });
    expect(short).toMatchObject({ matched: 0, reached: false, requests: [] });
    const tooLong = await refusal(control.requests({ wait: 30_001 }));
    expect(tooLong).toMatchObject({ status: 400, param: "wait" });
  });

  it("GET /fake/state stays as it was: the overview, no token", async () => {
    await start();
    const state = await control.state();
    expect(state.now).toBe(NOW);
    expect(JSON.stringify(state)).not.toContain(service.defaults.apiKey);
  });

  it("GET /fake/openapi.json describes every route with an example on every operation", async () => {
    await start();
    const document = (await control.openapi()) as any;
    expect(Object.keys(document.paths).sort()).toEqual([
      "/fake/clock",
      "/fake/faults",
      "/fake/keys",
      "/fake/requests",
      "/fake/reset",
    ]);
    expect(document.servers[0].variables.baseURL.default).toBe(url);
    for (const [path, methods] of Object.entries<any>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(methods)) {
        const responses = Object.values<any>(operation.responses);
        for (const response of responses) {
          expect(response.content["application/json"].example, `${method} ${path}`).toBeDefined();
        }
        const body = operation.requestBody?.content["application/json"];
        if (body) expect(body.example, `${method} ${path} body`).toBeDefined();
      }
    }
  });
});
