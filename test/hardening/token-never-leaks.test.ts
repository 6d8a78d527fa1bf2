/**
 * docs/getting-started.md: the token never appears in an error message, a `cause` chain, a log line at any
 * level, a hook payload, `util.inspect` or `JSON.stringify` of the client or of an error, or a URL
 * in an error, whatever the service or the network does.
 */
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { Postline } from "../../src/index.js";
import type { FaultSpec } from "../../src/testing/index.js";
import { fakeClient, fetchOf } from "../support/fake-client.js";

/** Every way a value can be turned into text. */
function renderings(value: unknown): string {
  const parts = [inspect(value, { depth: Number.POSITIVE_INFINITY, showHidden: true })];
  try {
    parts.push(JSON.stringify(value) ?? "");
  } catch {
    // A cycle: inspect above already covered it.
  }
  for (let current = value, depth = 0; current instanceof Error && depth < 10; depth++) {
    parts.push(String(current), current.message, current.stack ?? "");
    current = current.cause;
  }
  return parts.join("\n");
}

const echo = (token: string) => ({
  error: { code: "invalid_api_key", message: `Token ${token} is revoked`, token },
});

describe("the token in every place it could leak, under every fault", () => {
  it("no error, cause, log line at any level, or hook payload holds it", async () => {
    const seen: unknown[] = [];
    const record = (...args: unknown[]) => seen.push(args);
    const { service } = fakeClient();
    const token = service.defaults.apiKey;
    const channelId = service.defaults.channelIds[0]!;
    const client = new Postline({
      apiKey: token,
      baseURL: service.defaults.baseURL,
      fetch: fetchOf(service),
      rateLimit: false,
      timeout: 50,
      maxRetries: 1,
      logger: { debug: record, warn: record },
      logLevel: "debug",
      onRequest: record,
      onResponse: record,
      // A hook that throws is logged: its message must not carry the token either.
      onRetry: (event) => {
        record(event);
        throw new Error(`hook saw ${token}`);
      },
    });

    const faults: FaultSpec[] = [
      {
        path: "/brand",
        kind: "status",
        status: 401,
        body: echo(token),
        headers: { "x-echo": `Bearer ${token}` },
      },
      { path: "/channels", kind: "refuseBeforeWrite" },
      { path: "/stats", kind: "delay", ms: 200, times: 2 },
      { path: "/schedule", kind: "rateLimited", retryAfterSeconds: 0, times: 2 },
      { path: "/keys", kind: "html", status: 502, times: 2 },
      { method: "POST", path: "/content", kind: "dropAfterWrite" },
      { method: "GET", path: "/content", kind: "truncatedJson" },
      { path: "/content/:id", kind: "schemaBreak" },
    ];
    for (const fault of faults) service.faults.inject(fault);

    const calls: Promise<unknown>[] = [
      client.brand.get(),
      client.channels.list(),
      client.stats.get(),
      client.schedule.get(),
      client.keys.list(),
      client.content.createDraft({ channelId, body: "Leak check." }, { maxRetries: 0 }),
      client.content.listPage({ channelId: token }),
      client.content.get(token),
      client.content.update(`a/${token}`, { content: "x" }),
    ];
    const outcomes = await Promise.allSettled(calls);
    const errors = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason] : []));

    expect(errors.length).toBeGreaterThanOrEqual(5);
    expect(seen.length).toBeGreaterThan(10);
    for (const value of [...errors, ...seen, client]) {
      expect(renderings(value)).not.toContain(token);
    }
  });

  it("neither String, JSON.stringify nor util.inspect of the client shows it", () => {
    const { service, client } = fakeClient();
    const token = service.defaults.apiKey;
    for (const value of [client, client.content, client.keys, client.channels, client.stats]) {
      expect(renderings(value)).not.toContain(token);
      expect(String(value)).not.toContain(token);
    }
  });
});
