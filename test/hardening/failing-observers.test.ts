/**
 * Hooks, loggers and tracers are the caller's code, and they fail: an `async` hook whose promise
 * rejects, a logger whose `warn` throws, a tracer whose spans throw. None of them may change what
 * a call did (docs/observability.md): the call goes on, at most one `warn` line says so.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMemoryPacingStore } from "../../src/core/pacing/memory-store.js";
import { PACING_LIMITS, PACING_WINDOW_MS } from "../../src/core/pacing/rate-budget.js";
import type { Logger, Tracer, TraceSpan } from "../../src/index.js";
import { fakeClient } from "../support/fake-client.js";

/** Unhandled rejections seen while a test ran: each one would end a Node process (exit code 1). */
let unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => {
  unhandled.push(reason);
};
beforeEach(() => {
  unhandled = [];
  process.on("unhandledRejection", onUnhandled);
});
afterEach(() => {
  process.off("unhandledRejection", onUnhandled);
});

/** Lets queued rejections reach the `unhandledRejection` event. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** A logger that keeps its `warn` lines. */
function warnings() {
  const lines: { message: string; fields: Record<string, unknown> | undefined }[] = [];
  const logger: Logger = {
    debug() {},
    warn(message, fields) {
      lines.push({ message, fields });
    },
  };
  return { logger, lines };
}

describe("async hooks whose promise rejects", () => {
  it.each(["onRequest", "onResponse", "onRetry"] as const)(
    "a rejecting async %s is caught, logged once with the callId, and the call succeeds",
    async (name) => {
      const { logger, lines } = warnings();
      const hook = async () => {
        throw new Error(`${name} push failed`);
      };
      const { service, client } = fakeClient({ logger, maxRetries: 1, [name]: hook });
      service.faults.inject({
        method: "GET",
        path: "/channels",
        kind: "rateLimited",
        retryAfterSeconds: 0,
        times: 1,
      });
      const channels = await client.channels.list();
      await settle();

      expect(channels.length).toBeGreaterThan(0);
      expect(unhandled).toEqual([]);
      const failed = lines.filter((line) => line.message.includes(`${name} hook failed`));
      expect(failed.length).toBeGreaterThanOrEqual(1);
      expect(failed[0]?.fields).toMatchObject({ error: `${name} push failed` });
      expect(failed[0]?.fields?.callId).toMatch(/^call_/);
      expect(new Set(failed.map((line) => line.fields?.callId)).size).toBe(1);
    },
  );

  it("a hook returning a thenable whose then throws is handled too", async () => {
    const { logger, lines } = warnings();
    const onRequest = () =>
      ({
        // biome-ignore lint/suspicious/noThenProperty: the hostile value under test
        then() {
          throw new Error("bad thenable");
        },
      }) as unknown as undefined;
    const { client } = fakeClient({ logger, onRequest });
    await client.channels.list();
    await settle();
    expect(unhandled).toEqual([]);
    expect(lines.some((line) => line.fields?.error === "bad thenable")).toBe(true);
  });
});

describe("a logger that throws", () => {
  it.each(["debug", "warn"] as const)(
    "a logger whose %s throws (or rejects) never fails a call",
    async (level) => {
      const logger: Logger = {
        debug() {},
        warn() {},
        [level]: () => {
          throw new Error("log sink down");
        },
      };
      const asyncLogger: Logger = {
        ...logger,
        [level]: async () => Promise.reject(new Error("x")),
      };
      const onRequest = () => {
        throw new Error("hook down");
      };
      for (const each of [logger, asyncLogger]) {
        const { client } = fakeClient({ logger: each, logLevel: "debug", onRequest });
        const channels = await client.channels.list();
        expect(channels.length).toBeGreaterThan(0);
      }
      await settle();
      expect(unhandled).toEqual([]);
    },
  );
});

/** A span whose every method throws. */
const throwingSpan = (): TraceSpan => ({
  setAttribute() {
    throw new Error("span broken");
  },
  setStatus() {
    throw new Error("span broken");
  },
  recordException() {
    throw new Error("span broken");
  },
  end() {
    throw new Error("span broken");
  },
});

describe("a tracer that throws", () => {
  it("an accepted create whose spans throw ends as a success, with one item created", async () => {
    const { logger, lines } = warnings();
    const tracer: Tracer = { startSpan: () => throwingSpan() };
    const { service, client } = fakeClient({ tracer, logger });
    const channelId = service.defaults.channelIds[0]!;
    const before = (await client.content.listPage({ limit: 100 })).items.length;

    const item = await client.content.createDraft({ channelId, body: "Traced badly." });

    expect(item.id).toBeTruthy();
    const after = (await client.content.listPage({ limit: 100 })).items.length;
    expect(after).toBe(before + 1);
    expect(lines.filter((line) => /tracer/i.test(line.message))).toHaveLength(1);
  });

  it("ten creates whose startSpan throws are sent, and leave no rate-limit slot held past its window", async () => {
    let now = Date.parse("2026-06-01T07:00:00Z");
    const store = createMemoryPacingStore({ now: () => now });
    // The call's span starts; the attempt's (kind CLIENT) throws, after pacing took a slot.
    const tracer: Tracer = {
      startSpan(_name, options) {
        if (options?.kind === 2) throw new Error("tracer down");
        return { setAttribute() {}, setStatus() {}, recordException() {}, end() {} };
      },
    };
    const { service, client } = fakeClient({ tracer, rateLimit: { store }, logLevel: "off" });
    const channelId = service.defaults.channelIds[0]!;

    for (let i = 0; i < 10; i++) {
      const item = await client.content.createDraft({ channelId, body: `Post ${i}.` });
      expect(item.id).toBeTruthy();
    }

    // Settled slots count for a window (plus a small guard); a leaked one for its whole lease.
    now += PACING_WINDOW_MS + 5_000;
    const outcome = await store.takeSlot({
      apiKey: service.defaults.apiKey,
      budget: "create",
      limit: PACING_LIMITS.create,
      windowMs: PACING_WINDOW_MS,
      leaseMs: 180_000,
      maxWaitMs: 0,
    });
    expect(outcome.granted).toBe(true);
  });
});
