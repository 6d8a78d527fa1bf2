import { describe, expect, it, vi } from "vitest";
import type { Logger, RequestEvent, ResponseEvent, RetryEvent } from "../../src/index.js";
import { envelope } from "../support/fixtures.js";
import { API, HttpResponse, http, makeClient, useServer } from "../support/server.js";

const { server } = useServer();

/** A logger with only the two levels the SDK writes at, which is all `Logger` asks for. */
function recordingLogger() {
  const lines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
  const at = (level: string) => (message: string, fields?: Record<string, unknown>) => {
    lines.push({ level, message, ...(fields ? { fields } : {}) });
  };
  const logger: Logger = { debug: at("debug"), warn: at("warn") };
  return { lines, logger };
}

describe("logging", () => {
  it("is silent by default: nothing reaches console", async () => {
    const spies = (["debug", "info", "warn", "error", "log"] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation(() => {}),
    );
    server.use(http.get(`${API}/brand`, () => HttpResponse.json({ profile: null })));
    await makeClient().brand.get();
    for (const spy of spies) {
      expect(spy).not.toHaveBeenCalled();
      spy.mockRestore();
    }
  });

  it("debug logs method, path, status, attempt and duration for each attempt", async () => {
    const { lines, logger } = recordingLogger();
    server.use(http.get(`${API}/brand`, () => HttpResponse.json({ profile: null })));
    await makeClient({ logger, logLevel: "debug" }).brand.get();
    const line = lines.find((l) => l.level === "debug" && l.fields?.status === 200);
    expect(line?.fields).toMatchObject({ method: "GET", path: "brand", status: 200, attempt: 1 });
    expect(typeof line?.fields?.durationMs).toBe("number");
  });

  it("a logger without logLevel does not receive debug lines", async () => {
    const { lines, logger } = recordingLogger();
    server.use(http.get(`${API}/brand`, () => HttpResponse.json({ profile: null })));
    await makeClient({ logger }).brand.get();
    expect(lines.filter((l) => l.level === "debug")).toHaveLength(0);
  });

  it("accepts console as the logger", async () => {
    const debug = vi.spyOn(console, "debug").mockImplementation(() => {});
    server.use(http.get(`${API}/brand`, () => HttpResponse.json({ profile: null })));
    await makeClient({ logger: console, logLevel: "debug" }).brand.get();
    expect(debug).toHaveBeenCalled();
    debug.mockRestore();
  });
});

describe("hooks", () => {
  it("onRequest, onResponse and onRetry see each attempt, without headers that carry the token", async () => {
    const requests: RequestEvent[] = [];
    const responses: ResponseEvent[] = [];
    const retries: RetryEvent[] = [];
    let calls = 0;
    server.use(
      http.get(`${API}/brand`, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(envelope("rate_limited", "wait"), {
              status: 429,
              headers: { "retry-after": "0" },
            })
          : HttpResponse.json({ profile: null });
      }),
    );
    await makeClient({
      apiKey: "pl_test_hooktoken123",
      maxRetries: 1,
      onRequest: (e) => requests.push(e),
      onResponse: (e) => responses.push(e),
      onRetry: (e) => retries.push(e),
    }).brand.get();
    expect(requests.map((e) => e.attempt)).toEqual([1, 2]);
    expect(responses.map((e) => [e.attempt, e.status])).toEqual([
      [1, 429],
      [2, 200],
    ]);
    expect(retries).toHaveLength(1);
    expect(retries[0]).toMatchObject({ method: "GET", path: "brand", attempt: 1, delayMs: 0 });
    expect(retries[0]!.error.name).toBe("RateLimitError");
    const rendered = JSON.stringify([
      requests,
      responses.map((r) => ({ ...r, headers: [...r.headers] })),
      retries,
    ]);
    expect(rendered).not.toContain("hooktoken");
  });

  it("a hook that throws does not fail the call", async () => {
    server.use(http.get(`${API}/brand`, () => HttpResponse.json({ profile: null })));
    const client = makeClient({
      onRequest: () => {
        throw new Error("metrics down");
      },
    });
    await expect(client.brand.get()).resolves.toBeNull();
  });
});

describe("hooks grouped in one object", () => {
  it("hooks: { onRequest, onResponse } fire as the options of their own do", async () => {
    server.use(http.get(`${API}/brand`, () => HttpResponse.json({ profile: null })));
    const requests: RequestEvent[] = [];
    const responses: ResponseEvent[] = [];
    const client = makeClient({
      hooks: { onRequest: (event) => requests.push(event), onResponse: (e) => responses.push(e) },
    });
    await client.brand.get();
    expect(requests.map((event) => event.path)).toEqual(["brand"]);
    expect(responses.map((event) => event.status)).toEqual([200]);
  });

  it("one hook given both ways is refused, naming it", () => {
    const hook = () => {};
    expect(() => makeClient({ onRetry: hook, hooks: { onRetry: hook } })).toThrow(
      expect.objectContaining({ name: "InvalidRequestError", param: "hooks.onRetry" }),
    );
  });

  it("an unknown hook or a hook that is not a function is refused, naming it", () => {
    expect(() => makeClient({ hooks: { onRequests: () => {} } as never })).toThrow(
      expect.objectContaining({
        param: "hooks.onRequests",
        message: expect.stringContaining("did you mean onRequest?"),
      }),
    );
    expect(() => makeClient({ hooks: { onRetry: "log" } as never })).toThrow(
      expect.objectContaining({ param: "hooks.onRetry" }),
    );
    expect(() => makeClient({ hooks: "all" as never })).toThrow(
      expect.objectContaining({ param: "hooks" }),
    );
  });
});
