/**
 * The fake's control plane against hostile callers: a page of another origin, a rebound Host, a
 * missing or wrong token, a huge body, an unknown fault, a clock sent back, 1,000 long-polls.
 * Each gets a clear answer, nothing changes, and the fake keeps serving.
 */
import { request as httpRequest } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createFakeService,
  type FakeServer,
  type FakeService,
  startFakeServer,
  WAIT_LIMITS,
} from "../../src/testing/index.js";

const NOW = "2026-03-02T09:00:00.000Z";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function started(options: Parameters<typeof startFakeServer>[1] = {}) {
  const service = createFakeService({ now: NOW });
  server = await startFakeServer(service, { port: 0, ...options });
  return { service, url: server.url };
}

/** A request with headers fetch will not send (Host), written out with node:http. */
function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string | Buffer,
): Promise<{ status: number; headers: Record<string, unknown>; json: any }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { method, headers }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => {
        text += chunk.toString("utf8");
      });
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          json: text.startsWith("{") ? JSON.parse(text) : text,
        }),
      );
    });
    sent.on("error", reject);
    sent.end(body);
  });
}

const clockOf = (service: FakeService) => service.clock.now().toISOString();

describe("the control plane, safe by default", () => {
  it("a text/plain POST from another origin is refused, and a preflight gets no CORS answer", async () => {
    const { service, url } = await started({ cors: true });
    const body = JSON.stringify({ advance: 3_600_000 });
    const fromPage = await send(
      `${url}/fake/clock`,
      "POST",
      { "content-type": "text/plain", origin: "https://evil.example" },
      body,
    );
    expect(fromPage.status).toBe(403);
    expect(fromPage.json.error.code).toBe("forbidden_origin");
    expect(fromPage.headers["access-control-allow-origin"]).toBeUndefined();
    const plain = await send(`${url}/fake/clock`, "POST", { "content-type": "text/plain" }, body);
    expect(plain.status).toBe(415);
    expect(plain.json.error).toMatchObject({
      code: "unsupported_media_type",
      param: "content-type",
    });
    const form = await send(
      `${url}/fake/reset`,
      "POST",
      { "content-type": "application/x-www-form-urlencoded" },
      "seed=1",
    );
    expect(form.status).toBe(415);
    const preflight = await send(`${url}/fake/clock`, "OPTIONS", {
      origin: "https://evil.example",
      "access-control-request-method": "POST",
      "access-control-request-headers": "content-type",
    });
    expect(preflight.status).toBeGreaterThanOrEqual(400);
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
    expect(clockOf(service)).toBe(NOW);
    // The contract routes still send their CORS headers.
    const api = await send(`${url}/api/v1/channels`, "GET", { origin: "https://app.example" });
    expect(api.headers["access-control-allow-origin"]).toBe("*");
  });

  it("a foreign Host (a DNS name rebound to this machine) is refused on every control route", async () => {
    const { service, url } = await started();
    for (const [method, path] of [
      ["GET", "/fake/clock"],
      ["POST", "/fake/clock"],
      ["POST", "/fake/reset"],
      ["POST", "/fake/faults"],
      ["POST", "/fake/keys"],
      ["GET", "/fake/requests"],
    ] as const) {
      const answer = await send(
        `${url}${path}`,
        method,
        { host: "rebound.evil.example", "content-type": "application/json" },
        method === "POST" ? JSON.stringify({ advance: 1 }) : undefined,
      );
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
    expect(clockOf(service)).toBe(NOW);
    expect(service.faults.active).toEqual([]);
  });

  it("a rebound Host cannot sign in, read or write through the API of a loopback-bound fake", async () => {
    const { service, url } = await started();
    const rebound = { host: "rebound.evil.example:80", "content-type": "application/json" };
    const signIn = await send(`${url}/fake/session`, "POST", rebound, "");
    expect(signIn.status).toBe(403);
    expect(signIn.headers["set-cookie"]).toBeUndefined();
    expect(signIn.json.error).toMatchObject({ code: "forbidden_host", param: "host" });
    expect(signIn.json.error.message).toContain("--allow-host rebound.evil.example");
    const { apiKey } = service.defaults;
    for (const [method, path] of [
      ["GET", "/api/v1/content"],
      ["GET", "/api/v1/brand"],
      ["POST", "/api/v1/keys"],
      ["GET", "/"],
    ] as const) {
      const answer = await send(
        `${url}${path}`,
        method,
        { ...rebound, authorization: `Bearer ${apiKey}` },
        method === "POST" ? JSON.stringify({ name: "page", scopes: ["admin"] }) : undefined,
      );
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
    expect(service.requests).toEqual([]);
    expect(service.workspace().keys()).toHaveLength(1);
    // The loopback names still answer.
    for (const host of ["localhost", "127.0.0.1"]) {
      const answer = await send(`${url}/api/v1/channels`, "GET", {
        host,
        authorization: `Bearer ${apiKey}`,
      });
      expect(answer.status, host).toBe(200);
    }
  });

  it("--allow-host (allowHosts) lets a named host sign in, call the API and steer the fake", async () => {
    const { service, url } = await started({ allowHosts: ["fake.internal"] });
    const named = { host: "fake.internal", "content-type": "application/json" };
    expect((await send(`${url}/fake/session`, "POST", named, "")).status).toBe(201);
    expect((await send(`${url}/fake/clock`, "GET", named)).status).toBe(200);
    const other = await send(`${url}/fake/session`, "POST", { ...named, host: "other.internal" });
    expect(other.status).toBe(403);
    expect(service.requests).toEqual([]);
  });

  it("bound to 0.0.0.0, the API answers any Host and the control plane keeps the rule", async () => {
    const { url } = await started({ host: "0.0.0.0" });
    const local = url.replace("0.0.0.0", "127.0.0.1");
    const lan = { host: "laptop.lan", "content-type": "application/json" };
    expect((await send(`${local}/fake/session`, "POST", lan, "")).status).toBe(201);
    expect((await send(`${local}/fake/clock`, "GET", lan)).status).toBe(403);
  });

  it("a create held across POST /fake/reset answers, and its item is not in the fresh workspace", async () => {
    const { service, url } = await started();
    const itemsBefore = service.workspace().items().length;
    service.faults.inject({ kind: "delay", ms: 500, method: "POST", path: "/content" });
    const held = send(
      `${url}/api/v1/content`,
      "POST",
      { authorization: `Bearer ${service.defaults.apiKey}`, "content-type": "application/json" },
      JSON.stringify({ body: "Held across a reset", channelId: service.defaults.channelIds[0] }),
    );
    await vi.waitFor(() => expect(service.requests).toHaveLength(1));
    const reset = await send(`${url}/fake/reset`, "POST", { "content-type": "application/json" });
    expect(reset.status).toBe(200);
    const created = await held;
    expect(created.status).toBe(201);
    expect(service.item(created.json.id)).toBeUndefined();
    expect(service.workspace().items()).toHaveLength(itemsBefore);
  });

  it("with a control token, a missing or wrong bearer gets 401 and changes nothing", async () => {
    const token = "0123456789abcdef-control";
    const { service, url } = await started({ control: { token } });
    const headers = { "content-type": "application/json" };
    const body = JSON.stringify({ kind: "html", path: "/channels", always: true });
    const missing = await send(`${url}/fake/faults`, "POST", headers, body);
    expect(missing.status).toBe(401);
    expect(missing.json.error.code).toBe("control_token_required");
    const wrong = await send(
      `${url}/fake/faults`,
      "POST",
      { ...headers, authorization: "Bearer 0123456789abcdef-contro1" },
      body,
    );
    expect(wrong.status).toBe(401);
    expect(wrong.json.error.code).toBe("control_token_invalid");
    expect(JSON.stringify(wrong.json)).not.toContain(token);
    expect(service.faults.active).toEqual([]);
    const right = await send(
      `${url}/fake/faults`,
      "POST",
      { ...headers, authorization: `Bearer ${token}` },
      body,
    );
    expect(right.status).toBe(201);
    // The journal and the document read nothing secret: no token needed.
    expect((await send(`${url}/fake/requests`, "GET", {})).status).toBe(200);
    expect((await send(`${url}/fake/openapi.json`, "GET", {})).status).toBe(200);
  });

  it("with a control token, a long-poll without it is refused at once: a wait holds a connection", async () => {
    const token = "0123456789abcdef-control";
    const { url } = await started({ control: { token } });
    const waiting = `${url}/fake/requests?wait=1&count=1`;
    const missing = await send(waiting, "GET", {});
    expect(missing.status).toBe(401);
    expect(missing.json.error.code).toBe("control_token_required");
    const wrong = await send(waiting, "GET", { authorization: "Bearer 0123456789abcdef-contro1" });
    expect(wrong.status).toBe(401);
    const right = await send(waiting, "GET", { authorization: `Bearer ${token}` });
    expect(right.status).toBe(200);
    expect(right.json.reached).toBe(false);
  });

  it("a huge body gets 413 before it is parsed, and the fake keeps serving", async () => {
    const { service, url } = await started();
    const huge = Buffer.alloc(8 * 1_048_576, "a");
    const answer = await send(
      `${url}/fake/reset`,
      "POST",
      { "content-type": "application/json" },
      huge,
    );
    expect(answer.status).toBe(413);
    expect(answer.json.error).toMatchObject({ code: "body_too_large", param: "body" });
    const key = service.defaults.apiKey;
    const after = await send(`${url}/api/v1/channels`, "GET", { authorization: `Bearer ${key}` });
    expect(after.status).toBe(200);
  });

  it("a fault of an unknown kind, or with fields its kind lacks, gets 400 naming the field", async () => {
    const { service, url } = await started();
    const post = (fault: unknown) =>
      send(
        `${url}/fake/faults`,
        "POST",
        { "content-type": "application/json" },
        JSON.stringify(fault),
      );
    const unknown = await post({ kind: "meteorStrike", path: "/content" });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.param).toBe("$.kind");
    expect(unknown.json.error.message).toContain("dropAfterWrite");
    const noPath = await post({ kind: "delay", ms: 10 });
    expect(noPath.json.error.param).toBe("$.path");
    const badChance = await post({ kind: "html", path: "/content", probability: 2 });
    expect(badChance.json.error.param).toBe("$.probability");
    const notJson = await send(
      `${url}/fake/faults`,
      "POST",
      { "content-type": "application/json" },
      "{kind:",
    );
    expect(notJson.json.error).toMatchObject({ code: "invalid_json", param: "body" });
    expect(service.faults.active).toEqual([]);
  });

  it("a clock move past the last date the clock reads gets 400 naming the field, and the fake keeps serving", async () => {
    const { service, url } = await started();
    const json = { "content-type": "application/json" };
    const far = await send(`${url}/fake/clock`, "POST", json, '{"advance":9007199254740991}');
    expect(far.status).toBe(400);
    expect(far.json.error).toMatchObject({ code: "invalid_body", param: "$.advance" });
    expect(far.json.error.message).toContain("9999-12-31T23:59:59.999Z");
    expect(clockOf(service)).toBe(NOW);
    const tooLate = await send(
      `${url}/fake/clock`,
      "POST",
      json,
      JSON.stringify({ set: "+275760-09-13T00:00:00.001Z" }),
    );
    expect(tooLate.status).toBe(400);
    expect(tooLate.json.error.param).toBe("$.set");
    expect(clockOf(service)).toBe(NOW);
    expect(() => service.clock.advance(Number.MAX_SAFE_INTEGER)).toThrow(RangeError);
    const channels = await send(`${url}/api/v1/channels`, "GET", {
      authorization: `Bearer ${service.defaults.apiKey}`,
    });
    expect(channels.status).toBe(200);
  });

  it("a clock body of no form names the field and lists the forms", async () => {
    const { url } = await started();
    const json = { "content-type": "application/json" };
    const soon = await send(`${url}/fake/clock`, "POST", json, '{"advance":"soon"}');
    expect(soon.status).toBe(400);
    expect(soon.json.error.param).toBe("$.advance");
    expect(soon.json.error.message).toMatch(/^Invalid `\$\.advance`: .*expected number/);
    expect(soon.json.error.message).toContain('{ "set": … }');
    const typo = await send(`${url}/fake/clock`, "POST", json, '{"sett":"2026-03-03T09:00:00Z"}');
    expect(typo.json.error.param).toBe("$.sett");
    expect(typo.json.error.message).toContain('{ "advance": … }');
    const keyTypo = await send(
      `${url}/fake/keys`,
      "POST",
      json,
      '{"nam":"Reader","scopes":["read"]}',
    );
    expect(keyTypo.json.error.problems).toContainEqual({
      path: "$.nam",
      message: expect.stringContaining("the fields are name, scopes"),
    });
    const empty = await send(`${url}/fake/clock`, "POST", json, "{}");
    expect(empty.json.error.param).toBe("$");
    expect(empty.json.error.message).toContain('{ "freeze": … }');
  });

  it("a status fault whose header holds CR or LF is refused with 400, and nothing is injected", async () => {
    const { service, url } = await started();
    for (const headers of [
      { "x-a": "one\r\nset-cookie: a=b" },
      { "x-a": "one\ntwo" },
      { "x a": "b" },
    ]) {
      const answer = await send(
        `${url}/fake/faults`,
        "POST",
        { "content-type": "application/json" },
        JSON.stringify({ kind: "status", status: 503, path: "/channels", headers }),
      );
      expect(answer.status, JSON.stringify(headers)).toBe(400);
      expect(answer.json.error.param).toMatch(/^\$\.headers/);
    }
    expect(service.faults.active).toEqual([]);
  });

  it("a clock sent back before the items' times gets 409, and the clock and items stay", async () => {
    const { service, url } = await started();
    const items = service.workspace().items().length;
    const back = await send(
      `${url}/fake/clock`,
      "POST",
      { "content-type": "application/json" },
      JSON.stringify({ set: "2020-01-01T00:00:00Z" }),
    );
    expect(back.status).toBe(409);
    expect(back.json.error).toMatchObject({ code: "clock_backwards", param: "$.set" });
    const negative = await send(
      `${url}/fake/clock`,
      "POST",
      { "content-type": "application/json" },
      JSON.stringify({ advance: -60_000 }),
    );
    expect(negative.status).toBe(400);
    expect(negative.json.error.param).toBe("$.advance");
    const twoMoves = await send(
      `${url}/fake/clock`,
      "POST",
      { "content-type": "application/json" },
      JSON.stringify({ advance: 1, freeze: true }),
    );
    expect(twoMoves.status).toBe(400);
    expect(clockOf(service)).toBe(NOW);
    expect(service.workspace().items()).toHaveLength(items);
  });

  it(`1,000 concurrent waits: ${WAIT_LIMITS.concurrent} wait, the rest get 429 at once, the fake keeps serving and one request ends them all`, async () => {
    const { service, url } = await started();
    const key = service.defaults.apiKey;
    let settled = 0;
    const waits = Array.from({ length: 1000 }, () =>
      send(`${url}/fake/requests?method=DELETE&wait=30000&count=1`, "GET", {}).then((answer) => {
        settled++;
        return answer;
      }),
    );
    await expect.poll(() => settled, { timeout: 20_000 }).toBe(1000 - WAIT_LIMITS.concurrent);
    const served = await send(`${url}/api/v1/channels`, "GET", { authorization: `Bearer ${key}` });
    expect(served.status).toBe(200);
    await send(`${url}/api/v1/keys/key_nope`, "DELETE", { authorization: `Bearer ${key}` });
    const answers = await Promise.all(waits);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(1000 - WAIT_LIMITS.concurrent);
    expect(refused[0]?.json.error.code).toBe("too_many_waits");
    expect(refused[0]?.headers["retry-after"]).toBe("1");
    const waited = answers.filter((answer) => answer.status === 200);
    expect(waited).toHaveLength(WAIT_LIMITS.concurrent);
    expect(
      waited.every((answer) => answer.json.reached === true && answer.json.matched === 1),
    ).toBe(true);
    // Every wait has let go: the next one is admitted.
    const next = await send(`${url}/fake/requests?method=DELETE&wait=1&count=5`, "GET", {});
    expect(next.status).toBe(200);
    expect(next.json.reached).toBe(false);
  });
});
