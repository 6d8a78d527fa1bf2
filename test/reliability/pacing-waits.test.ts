/**
 * Pacing that waits, with default options, against the contract fake (docs/retries.md, "How long
 * a call waits"): `timeout` bounds one attempt on the wire, a wait for a slot has its own bound
 * (`maxWaitMs`, 5 minutes by default), a wait known to be longer is refused at once with
 * `RateLimitWaitError`, and an abort ends a wait at once.
 *
 * The long runs move time with fake timers: the fake's clock reads `Date.now`, so its windows
 * and the pacer's move together.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  APIUserAbortError,
  Postline,
  RateLimitError,
  RateLimitWaitError,
  type RateLimitWaitEvent,
} from "../../src/index.js";
import { createFakeService, type FakeService } from "../../src/testing/index.js";
import { fetchOf } from "../support/fake-client.js";

const WINDOW_MS = 60_000;

let fakes = 0;
function setUp(options: ConstructorParameters<typeof Postline>[0] = {}) {
  const service = createFakeService({ baseURL: `https://pacing-waits-${++fakes}.postline.test` });
  const client = new Postline({
    apiKey: service.defaults.apiKey,
    baseURL: service.defaults.baseURL,
    fetch: fetchOf(service),
    ...options,
  });
  return { service, client, channelId: service.defaults.channelIds[0]! };
}

const statusesOf = (service: FakeService, method: string, path: string) =>
  service.requests.filter((r) => r.method === method && r.path === path).map((r) => r.status);

/** Moves fake time a second at a time until `promise` settles; resolves to the time it took. */
async function driveUntilSettled(promise: Promise<unknown>, limitMs = 10 * WINDOW_MS) {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  const startedAt = Date.now();
  while (!settled && Date.now() - startedAt < limitMs) await vi.advanceTimersByTimeAsync(1_000);
  await promise;
  return Date.now() - startedAt;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("with default options, an ordinary workload finishes paced", () => {
  it("LIMIT-1 a loop of 25 createDraft calls succeeds: 0 429s, in about two windows, and creates 11 and 12 pass with { timeout: 5000 }", async () => {
    vi.useFakeTimers({ now: new Date("2030-01-07T07:00:00Z") });
    const { service, client, channelId } = setUp();
    const loop = (async () => {
      for (let i = 1; i <= 25; i++) {
        const options = i === 11 || i === 12 ? { timeout: 5_000 } : {};
        await client.content.createDraft({ channelId, body: `Loop draft ${i}` }, options);
      }
    })();
    const elapsedMs = await driveUntilSettled(loop);
    const creates = statusesOf(service, "POST", "/content");
    expect(creates).toHaveLength(25);
    expect(creates.every((status) => status === 201)).toBe(true);
    // Creates 21-25 go once the second window's slots free: a little over two windows.
    expect(elapsedMs).toBeGreaterThanOrEqual(2 * WINDOW_MS);
    expect(elapsedMs).toBeLessThan(2 * WINDOW_MS + 10_000);
  });

  it("LIMIT-2 200 concurrent reads on one key all succeed: 0 429s, in about three windows", async () => {
    vi.useFakeTimers({ now: new Date("2030-01-07T07:00:00Z") });
    const { service, client } = setUp();
    const reads = Promise.all(Array.from({ length: 200 }, () => client.channels.list()));
    const elapsedMs = await driveUntilSettled(reads);
    const statuses = statusesOf(service, "GET", "/channels");
    expect(statuses).toHaveLength(200);
    expect(statuses.every((status) => status === 200)).toBe(true);
    // 60 at once, then 60, 60 and the last 20 a window apart each: about three windows.
    expect(elapsedMs).toBeGreaterThanOrEqual(3 * WINDOW_MS);
    expect(elapsedMs).toBeLessThan(3 * WINDOW_MS + 10_000);
  });
});

describe("a wait has its own bound, and says so at once when it is known to be longer", () => {
  it("LIMIT-1 with maxWaitMs: 5000 the 11th create in a full window is refused at once, sending nothing", async () => {
    const { service, client, channelId } = setUp({ rateLimit: { maxWaitMs: 5_000 } });
    for (let i = 1; i <= 10; i++) {
      await client.content.createDraft({ channelId, body: `Draft ${i}` });
    }
    const error = await client.content
      .createDraft({ channelId, body: "Draft 11" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitWaitError);
    expect(error).toBeInstanceOf(RateLimitError);
    const refusal = error as RateLimitWaitError;
    // At once: long before the 5 s bound passes.
    expect(refusal.waitedMs).toBeLessThan(2_500);
    expect(refusal.budget).toBe("create");
    expect(refusal.retryable).toBe(true);
    expect(refusal.body).toBeNull();
    expect(refusal.callId).toMatch(/^call_/);
    expect(refusal.retryAfterSeconds).toBeGreaterThanOrEqual(50);
    expect(refusal.retryAfterSeconds).toBeLessThanOrEqual(62);
    expect(refusal.message).toMatch(/raise maxWaitMs/);
    expect(statusesOf(service, "POST", "/content")).toHaveLength(10);
  });

  it("the per-call maxWaitMs overrides the client's", async () => {
    const { client, channelId } = setUp();
    for (let i = 1; i <= 10; i++) {
      await client.content.createDraft({ channelId, body: `Draft ${i}` });
    }
    const error = await client.content
      .createDraft({ channelId, body: "Draft 11" }, { maxWaitMs: 1_000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitWaitError);
    expect((error as RateLimitWaitError).maxWaitMs).toBe(1_000);
  });

  it("LIMIT-4 a 429 with Retry-After: 1000000 ends the call promptly with the service's RateLimitError, and the next call is refused at once", async () => {
    const { service, client } = setUp();
    service.faults.inject({ path: "/stats", kind: "rateLimited", retryAfterSeconds: 1_000_000 });
    const served = await client.stats.get().catch((e: unknown) => e);
    expect(served).toBeInstanceOf(RateLimitError);
    expect(served).not.toBeInstanceOf(RateLimitWaitError);
    // Promptly: one attempt, no retry waiting out the hold.
    expect(statusesOf(service, "GET", "/stats")).toEqual([429]);
    const next = await client.channels.list().catch((e: unknown) => e);
    expect(next).toBeInstanceOf(RateLimitWaitError);
    expect((next as RateLimitWaitError).waitedMs).toBeLessThan(2_500);
    expect((next as RateLimitWaitError).retryAfterSeconds).toBeGreaterThan(999_000);
    expect(statusesOf(service, "GET", "/channels")).toHaveLength(0);
  });

  it("rejects a maxWaitMs that is not a number of milliseconds, naming it", async () => {
    const { client } = setUp();
    expect(
      () =>
        new Postline({
          baseURL: client.baseURL,
          apiKey: "pl_test_x",
          rateLimit: { maxWaitMs: -1 },
        }),
    ).toThrow(/rateLimit\.maxWaitMs/);
    await expect(client.channels.list({}, { maxWaitMs: Number.NaN })).rejects.toMatchObject({
      param: "maxWaitMs",
    });
  });
});

describe("a waiting call", () => {
  it("aborted at 300 ms ends with APIUserAbortError at once, not when the window opens, and takes no slot", async () => {
    const { service, client, channelId } = setUp();
    for (let i = 1; i <= 10; i++) {
      await client.content.createDraft({ channelId, body: `Draft ${i}` });
    }
    const controller = new AbortController();
    const waiting = client.content
      .createDraft({ channelId, body: "Draft 11" }, { signal: controller.signal })
      .catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const abortedAt = performance.now();
    controller.abort();
    const error = await waiting;
    // The window opens a minute after the first draft.
    expect(performance.now() - abortedAt).toBeLessThan(5_000);
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(statusesOf(service, "POST", "/content")).toHaveLength(10);
  });

  it("is told to onRateLimitWait once, before it waits: callId, budget, expected wait and place in line", async () => {
    vi.useFakeTimers({ now: new Date("2030-01-07T07:00:00Z") });
    const events: RateLimitWaitEvent[] = [];
    const { client, channelId } = setUp({ onRateLimitWait: (event) => events.push(event) });
    const creates = Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        client.content.createDraft({ channelId, body: `Burst ${i}` }),
      ),
    );
    await driveUntilSettled(creates);
    expect(events).toHaveLength(2);
    expect(events.map((event) => event.queuePosition)).toEqual([1, 2]);
    for (const event of events) {
      expect(event).toMatchObject({
        budget: "create",
        method: "POST",
        path: "content",
        attempt: 1,
      });
      expect(event.callId).toMatch(/^call_/);
      expect(event.expectedWaitMs).toBeGreaterThanOrEqual(WINDOW_MS);
    }
  });
});
