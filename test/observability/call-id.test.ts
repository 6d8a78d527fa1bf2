/**
 * Every SDK call has one id (docs/observability.md): each hook event and log line of the call
 * carries it (its attempts, retries, pacing waits and reconciliation reads), and so do its errors.
 */
import { describe, expect, it } from "vitest";
import {
  AmbiguousCreateError,
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  NotFoundError,
  type RequestEvent,
  type ResponseEvent,
  ResponseValidationError,
  type RetryEvent,
} from "../../src/index.js";
import { fakeClient } from "../support/fake-client.js";

const CALL_ID = /^call_[0-9a-f]{8}_[0-9a-z]+$/;

/** Collects every hook event of a client. */
function recordEvents() {
  const events: (RequestEvent | ResponseEvent | RetryEvent)[] = [];
  const push = (event: RequestEvent | ResponseEvent | RetryEvent) => {
    events.push(event);
  };
  return { events, hooks: { onRequest: push, onResponse: push, onRetry: push } };
}

/** Collects every log line of a client at `debug`. */
function recordLines() {
  const lines: { level: string; message: string; fields: Record<string, unknown> }[] = [];
  const at =
    (level: string) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      lines.push({ level, message, fields });
    };
  const logger = { debug: at("debug"), warn: at("warn") };
  return { lines, options: { logger, logLevel: "debug" as const } };
}

describe("callId on hook events", () => {
  it("is the same on every event of a call retried twice, and new for the next call", async () => {
    const { events, hooks } = recordEvents();
    const { service, client } = fakeClient({ ...hooks, maxRetries: 2 });
    service.faults.inject({
      method: "GET",
      path: "/channels",
      kind: "rateLimited",
      retryAfterSeconds: 0,
      times: 2,
    });

    await client.channels.list();
    const first = events.map((event) => event.callId);
    expect(events).toHaveLength(3 + 3 + 2); // three requests, three responses, two retries
    expect(new Set(first).size).toBe(1);
    expect(first[0]).toMatch(CALL_ID);

    await client.channels.list();
    const second = events.slice(8).map((event) => event.callId);
    expect(new Set(second).size).toBe(1);
    expect(second[0]).not.toBe(first[0]);
  });

  it("differs between concurrent calls, and pairs each request with its response", async () => {
    const { events, hooks } = recordEvents();
    const { service, client } = fakeClient(hooks);
    const channelIds = service.defaults.channelIds;
    await Promise.all(channelIds.map((channelId) => client.content.listPage({ channelId })));

    const requests = events.filter((event) => !("status" in event));
    const ids = new Set(requests.map((event) => event.callId));
    expect(ids.size).toBe(channelIds.length);
    for (const request of requests) {
      const responses = events.filter((e) => "status" in e && e.callId === request.callId);
      expect(responses.map((e) => e.url)).toEqual([request.url]);
    }
  });

  it("is shared by the snapshot read, the POST and the reconciliation reads of a create", async () => {
    const { events, hooks } = recordEvents();
    const { service, client } = fakeClient(hooks);
    service.faults.inject({ method: "POST", path: "/content", kind: "dropAfterWrite" });
    const channelId = service.defaults.channelIds[0]!;

    const item = await client.content.createDraft({ channelId, body: "One call, one id." });

    expect(item.reconciliation?.adoptedIds).toEqual([item.id]);
    const sent = events.filter((event) => !("status" in event) && !("delayMs" in event));
    // A draft takes no snapshot: the POST, then the read that finds the item.
    expect(sent.map((event) => event.method)).toEqual(["POST", "GET"]);
    expect(new Set(events.map((event) => event.callId)).size).toBe(1);
  });
});

describe("callId on log lines", () => {
  it("every debug line of a call carries it: attempts, the 429's hold, the pacing wait and the retry", async () => {
    const { lines, options } = recordLines();
    // The fake on the real clock, so its `X-RateLimit-Reset` agrees with the pacer's.
    const { service, client } = fakeClient({ ...options, rateLimit: true, maxRetries: 1 }, {});
    service.faults.inject({
      method: "GET",
      path: "/brand",
      kind: "rateLimited",
      retryAfterSeconds: 1,
    });

    await client.brand.get();

    const messages = lines.map((line) => line.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringContaining("Rate limited; holding requests"),
        expect.stringContaining("Waiting for a rate-limit slot"),
        expect.stringContaining("retrying GET /brand"),
      ]),
    );
    const ids = new Set(lines.map((line) => line.fields.callId));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(CALL_ID);
  });

  it("the warn line of a hook that threw names the call", async () => {
    const { lines, options } = recordLines();
    let seen: string | undefined;
    const { client } = fakeClient({
      ...options,
      onRequest: (event) => {
        seen = event.callId;
        throw new Error("hook bug");
      },
    });
    await client.brand.get();
    const warn = lines.find((line) => line.level === "warn");
    expect(warn?.fields.callId).toBe(seen);
  });
});

describe("callId on errors", () => {
  /** Runs `call` on a client whose onRequest records the call id, and returns both. */
  async function failingCall(
    inject: (service: ReturnType<typeof fakeClient>["service"]) => void,
    call: (client: ReturnType<typeof fakeClient>["client"]) => Promise<unknown>,
    options: Parameters<typeof fakeClient>[0] = {},
  ) {
    const ids: string[] = [];
    const { service, client } = fakeClient({
      ...options,
      onRequest: (event) => {
        ids.push(event.callId);
      },
    });
    inject(service);
    const error = await call(client).then(
      () => expect.fail("the call should have failed"),
      (thrown: unknown) => thrown,
    );
    return { error, ids };
  }

  it("an APIError carries the id of its call", async () => {
    const { error, ids } = await failingCall(
      () => {},
      (client) => client.content.get("cnt_missing"),
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).callId).toBe(ids[0]);
  });

  it("an APIConnectionError carries it, the same on every attempt", async () => {
    const { error, ids } = await failingCall(
      (service) =>
        service.faults.inject({
          method: "GET",
          path: "/brand",
          kind: "refuseBeforeWrite",
          always: true,
        }),
      (client) => client.brand.get(),
      { maxRetries: 1 },
    );
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(ids).toHaveLength(2);
    expect(new Set(ids)).toEqual(new Set([(error as APIConnectionError).callId]));
  });

  it("an APITimeoutError carries it", async () => {
    const { error, ids } = await failingCall(
      (service) => service.faults.inject({ method: "GET", path: "/brand", kind: "delay", ms: 500 }),
      (client) => client.brand.get({ timeout: 50, maxRetries: 0 }),
    );
    expect(error).toBeInstanceOf(APITimeoutError);
    expect((error as APITimeoutError).callId).toBe(ids[0]);
  });

  it("an APIUserAbortError carries it", async () => {
    const controller = new AbortController();
    const { error, ids } = await failingCall(
      (service) => service.faults.inject({ method: "GET", path: "/brand", kind: "delay", ms: 500 }),
      (client) => {
        setTimeout(() => controller.abort(), 20);
        return client.brand.get({ signal: controller.signal });
      },
    );
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect((error as APIUserAbortError).callId).toBe(ids[0]);
  });

  it("an AmbiguousCreateError carries the id its reconciliation reads were made under", async () => {
    const { error, ids } = await failingCall(
      (service) => {
        service.faults.inject({ method: "POST", path: "/content", kind: "dropAfterWrite" });
        service.faults.inject({ method: "GET", path: "/content", kind: "html", always: true });
      },
      (client) =>
        client.content.createDraft({ channelId: "ch_x_acme", body: "Unsure." }, { maxRetries: 0 }),
    );
    expect(error).toBeInstanceOf(AmbiguousCreateError);
    expect(new Set(ids)).toEqual(new Set([(error as AmbiguousCreateError).callId]));
  });

  it.each([
    ["a body that is not JSON", "truncatedJson"],
    ["a body that breaks its schema", "schemaBreak"],
  ] as const)("a ResponseValidationError for %s carries it", async (_, kind) => {
    const { error, ids } = await failingCall(
      (service) => service.faults.inject({ method: "GET", path: "/brand", kind }),
      (client) => client.brand.get(),
    );
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).callId).toBe(ids[0]);
  });

  it("a ResponseValidationError for a created draft that is not one item carries it", async () => {
    const { error, ids } = await failingCall(
      (service) =>
        service.faults.inject({
          method: "POST",
          path: "/content",
          kind: "status",
          status: 201,
          body: { items: [] },
        }),
      (client) => client.content.createDraft({ channelId: "ch_x_acme", body: "None back." }),
    );
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues[0]?.path).toEqual(["items"]);
    expect((error as ResponseValidationError).callId).toBe(ids[0]);
  });
});
