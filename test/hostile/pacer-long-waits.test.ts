/**
 * A server that asks for absurd waits, against a real `node:http` server on 127.0.0.1: the
 * pacer clamps every timer (no busy loop, no TimeoutOverflowWarning), a wait for a slot longer
 * than the call's timeout ends the call with `RateLimitError` (never `APITimeoutError`), and a
 * stricter `X-RateLimit-Limit` announced by a 429 is kept (docs/retries.md, "Pacing").
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createPacer } from "../../src/core/pacing.js";
import { APITimeoutError, Postline, RateLimitError } from "../../src/index.js";

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
      // Too long to wait for automatically: the service's own 429 is thrown.
      await expect(client.channels.list()).rejects.toBeInstanceOf(RateLimitError);
      const startedAt = performance.now();
      const error = await client.channels.list().catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error).not.toBeInstanceOf(APITimeoutError);
      expect((error as RateLimitError).message).toMatch(/within the timeout of 2000 ms/);
      expect((error as RateLimitError).retryAfterSeconds).toBeGreaterThan(1e9);
      // Refused at once: the hold is known to outlast the timeout.
      expect(performance.now() - startedAt).toBeLessThan(500);
    });
    expect(warnings).toBe(0);
    expect(received).toHaveLength(1);
    const cpu = process.cpuUsage(cpuBefore);
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(1_000);
  });

  it("a pacer waiting with no timeout arms one clamped timer instead of a 1 ms loop", async () => {
    const pacer = createPacer(freshKey());
    const release = await pacer.acquire("other");
    release(new Response(null, { status: 429, headers: { "retry-after": retryAfter } }));
    const controller = new AbortController();
    // Counts timers instead of CPU time: process-wide CPU includes every other test of the run.
    const armed = vi.spyOn(globalThis, "setTimeout");
    const warnings = await overflowWarningsDuring(async () => {
      const waiting = pacer.acquire("other", controller.signal);
      waiting.catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      controller.abort(new Error("done waiting"));
      await expect(waiting).rejects.toThrow("done waiting");
    });
    const timersArmed = armed.mock.calls.length;
    armed.mockRestore();
    expect(warnings).toBe(0);
    // A 1 ms loop arms hundreds of timers in that second; one clamped timer is one.
    expect(timersArmed).toBeLessThan(20);
  });
});

describe("a wait for a slot longer than the call's timeout", () => {
  it("LIMIT-4 a hold longer than the timeout ends the call with RateLimitError saying when to come back", async () => {
    let first = true;
    const { origin, received } = await serve((_request, response) => {
      if (first) {
        first = false;
        rateLimited(response, { "retry-after": "5" });
      } else okChannels(response);
    });
    const client = new Postline({ apiKey: freshKey(), baseURL: origin, maxRetries: 0 });
    await expect(client.channels.list()).rejects.toBeInstanceOf(RateLimitError);
    const error = await client.channels.list({}, { timeout: 1_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterSeconds).toBeGreaterThanOrEqual(5);
    expect((error as RateLimitError).retryAfterSeconds).toBeLessThanOrEqual(6);
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
    const error = await client.content.get(apiKey, { timeout: 1_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).message).toMatch(/within the timeout of 1000 ms/);
    expect((error as RateLimitError).url).toBe(`${origin}/api/v1/content/[redacted]`);
    expect(received).toHaveLength(1);
  });

  it("LIMIT-2 a queue that does not move within the timeout ends the call with RateLimitError, not APITimeoutError", async () => {
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
    const startedAt = performance.now();
    const error = await client.channels.list({}, { timeout: 300 }).catch((e: unknown) => e);
    const waitedMs = performance.now() - startedAt;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).not.toBeInstanceOf(APITimeoutError);
    expect(waitedMs).toBeGreaterThanOrEqual(290);
    expect(waitedMs).toBeLessThan(5_000);
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
        client.channels.list({}, { timeout: 1_000 }).then(
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
