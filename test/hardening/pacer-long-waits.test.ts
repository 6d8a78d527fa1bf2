/**
 * A server that asks for absurd waits, against a real `node:http` server on 127.0.0.1: a wait
 * known to outlast `maxWaitMs` ends the call at once with `RateLimitWaitError` (never
 * `APITimeoutError`), arming no timer and never spinning, and a stricter `X-RateLimit-Limit`
 * announced by a 429 is kept (docs/retries.md, "How long a call waits").
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createKeyPacer } from "../../src/core/pacing/key-pacer.js";
import { APITimeoutError, Postline, RateLimitError, RateLimitWaitError } from "../../src/index.js";
import { granted, refused } from "../support/granted.js";

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

/** A server on a loopback port; resolves to its origin and the paths it received. */
async function serve(handler: Handler): Promise<{ origin: string; received: string[] }> {
  const received: string[] = [];
  const server = createServer((request, response) => {
    received.push(request.url ?? "");
    handler(request, response);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, received };
}

const channelsBody = JSON.stringify({ channels: [] });
const rateLimited = (response: ServerResponse, headers: Record<string, string>) => {
  response.writeHead(429, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify({ error: { code: "rate_limited", message: "Slow down." } }));
};
const okChannels = (response: ServerResponse) => {
  response.writeHead(200, { "content-type": "application/json" });
  response.end(channelsBody);
};

let keyCounter = 0;
const freshKey = () => `pl_test_hostilePacer${++keyCounter}${Date.now()}`;

/** Collects the process's timer-overflow warnings while `run` runs. */
async function overflowWarningsDuring(run: () => Promise<void>): Promise<number> {
  let count = 0;
  const onWarning = (warning: Error) => {
    if (warning.name === "TimeoutOverflowWarning") count += 1;
  };
  process.on("warning", onWarning);
  try {
    await run();
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    process.off("warning", onWarning);
  }
  return count;
}

describe.each([
  ["Retry-After: 9999999999 (seconds)", "9999999999"],
  ["Retry-After: an HTTP date in the year 9999", "Fri, 31 Dec 9999 23:59:59 GMT"],
])("after a 429 with %s", (_, retryAfter) => {
  it("LIMIT-4 the next call on the key ends at once with RateLimitError, sends nothing and never spins", async () => {
    let first = true;
    const { origin, received } = await serve((_request, response) => {
      if (first) {
        first = false;
        rateLimited(response, { "retry-after": retryAfter });
      } else okChannels(response);
    });
    const client = new Postline({ apiKey: freshKey(), baseURL: origin, timeout: 2_000 });
    const cpuBefore = process.cpuUsage();
    const warnings = await overflowWarningsDuring(async () => {
      // Too long to wait for automatically: the service's own 429 is thrown, promptly.
      const served = await client.channels.list().catch((thrown: unknown) => thrown);
      expect(served).toBeInstanceOf(RateLimitError);
      expect(served).not.toBeInstanceOf(RateLimitWaitError);
      // Promptly: no retry waits out the hold.
      expect(received).toHaveLength(1);
      const error = await client.channels.list().catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(RateLimitWaitError);
      expect(error).not.toBeInstanceOf(APITimeoutError);
      expect((error as RateLimitError).message).toMatch(/within maxWaitMs \(300000 ms\)/);
      expect((error as RateLimitError).retryAfterSeconds).toBeGreaterThan(1e9);
      // Refused at once, not after maxWaitMs: the hold is known to outlast it.
      expect((error as RateLimitWaitError).waitedMs).toBeLessThan(5_000);
    });
    expect(warnings).toBe(0);
    expect(received).toHaveLength(1);
    const cpu = process.cpuUsage(cpuBefore);
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(1_000);
  });

  it("a pacer given the longest bound a timer allows still refuses at once, arming no timer", async () => {
    const pacer = createKeyPacer(freshKey());
    const release = await granted(pacer.acquire("other"));
    release(new Response(null, { status: 429, headers: { "retry-after": retryAfter } }));
    // Counts timers instead of CPU time: process-wide CPU includes every other test of the run.
    const armed = vi.spyOn(globalThis, "setTimeout");
    const warnings = await overflowWarningsDuring(async () => {
      const waiting = pacer.acquire("other", undefined, { maxWaitMs: 2_147_483_647 });
      await refused(waiting);
    });
    const timersArmed = armed.mock.calls.filter(([, delay]) => Number(delay) > 100).length;
    armed.mockRestore();
    expect(warnings).toBe(0);
    expect(timersArmed).toBe(0);
  });
});

describe("a wait for a slot known to be longer than maxWaitMs", () => {
  it("LIMIT-4 a hold longer than maxWaitMs ends the call at once with RateLimitWaitError saying when to come back", async () => {
    let first = true;
    const { origin, received } = await serve((_request, response) => {
      if (first) {
        first = false;
        rateLimited(response, { "retry-after": "30" });
      } else okChannels(response);
    });
    const client = new Postline({ apiKey: freshKey(), baseURL: origin, maxRetries: 0 });
    await expect(client.channels.list()).rejects.toBeInstanceOf(RateLimitError);
    const error = await client.channels.list({}, { maxWaitMs: 10_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitWaitError);
    // At once: long before the 10 s bound passes.
    expect((error as RateLimitWaitError).waitedMs).toBeLessThan(5_000);
    expect((error as RateLimitWaitError).budget).toBe("other");
    expect((error as RateLimitWaitError).retryable).toBe(true);
    expect((error as RateLimitError).retryAfterSeconds).toBeGreaterThanOrEqual(30);
    expect((error as RateLimitError).retryAfterSeconds).toBeLessThanOrEqual(31);
    expect((error as RateLimitError).method).toBe("GET");
    expect((error as RateLimitError).url).toBe(`${origin}/api/v1/channels`);
    expect(received).toHaveLength(1);
  });

  it("the RateLimitError of a call whose URL carries the token shows that URL redacted", async () => {
    const { origin, received } = await serve((_request, response) =>
      rateLimited(response, { "retry-after": "5" }),
    );
    const apiKey = freshKey();
    const client = new Postline({ apiKey, baseURL: origin, maxRetries: 0 });
    await expect(client.channels.list()).rejects.toBeInstanceOf(RateLimitError);
    const error = await client.content.get(apiKey, { maxWaitMs: 1_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitWaitError);
    expect((error as RateLimitError).message).toMatch(/within maxWaitMs \(1000 ms\)/);
    expect((error as RateLimitError).message).not.toContain(apiKey);
    expect((error as RateLimitError).url).toBe(`${origin}/api/v1/content/[redacted]`);
    expect(received).toHaveLength(1);
  });

  it("LIMIT-2 a full window of requests in flight: a call whose maxWaitMs is under a window is refused at once, never as APITimeoutError", async () => {
    const pending: ServerResponse[] = [];
    const { origin, received } = await serve((_request, response) => {
      // Answers only when the test says so: the window stays full of requests in flight.
      pending.push(response);
    });
    const client = new Postline({ apiKey: freshKey(), baseURL: origin, maxRetries: 0 });
    const inFlight = Array.from({ length: 60 }, () =>
      client.channels.list({}, { timeout: 10_000 }).catch((e: unknown) => e),
    );
    await expect.poll(() => pending.length, { timeout: 15_000 }).toBe(60);
    const error = await client.channels
      .list({}, { timeout: 300, maxWaitMs: 30_000 })
      .catch((e: unknown) => e);
    // A slot in flight frees no sooner than a window after its response: over 30 s from now.
    expect(error).toBeInstanceOf(RateLimitWaitError);
    expect(error).not.toBeInstanceOf(APITimeoutError);
    expect((error as RateLimitWaitError).retryAfterSeconds).toBeGreaterThanOrEqual(60);
    // At once, not when the 30 s bound passes.
    expect((error as RateLimitWaitError).waitedMs).toBeLessThan(10_000);
    for (const response of pending) okChannels(response);
    await Promise.all(inFlight);
    expect(received).toHaveLength(60);
  });
});

describe("a stricter X-RateLimit-Limit on a 429", () => {
  it("LIMIT-4 is adopted: the key sends no more than the announced limit in the window", async () => {
    let first = true;
    const { origin, received } = await serve((_request, response) => {
      if (first) {
        first = false;
        rateLimited(response, { "retry-after": "0", "x-ratelimit-limit": "3" });
      } else okChannels(response);
    });
    const client = new Postline({ apiKey: freshKey(), baseURL: origin, maxRetries: 0 });
    await expect(client.channels.list()).rejects.toBeInstanceOf(RateLimitError);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        client.channels.list({}, { maxWaitMs: 1_000 }).then(
          () => "sent",
          (error: unknown) => (error instanceof RateLimitError ? "refused" : error),
        ),
      ),
    );
    // The 429 itself holds one of the 3 slots for a window: two more go, three are refused.
    expect(results.filter((result) => result === "sent")).toHaveLength(2);
    expect(results.filter((result) => result === "refused")).toHaveLength(3);
    expect(received).toHaveLength(3);
  });
});
