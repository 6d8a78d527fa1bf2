/**
 * `JSON.stringify(error)` is how most loggers write an error. Every SDK error keeps what a log line
 * needs (name, message, code, status, callId, the request's method and URL, retryAfterSeconds,
 * headers as a plain object), with anything shaped like the token scrubbed.
 */
import { describe, expect, it } from "vitest";
import {
  APIConnectionError,
  APIError,
  APITimeoutError,
  APIUserAbortError,
  InvalidRequestError,
  NotFoundError,
  RateLimitError,
} from "../../src/index.js";
import { fakeClient } from "../support/fake-client.js";

const TOKEN = "pl_live_Zx9Qw8Er7Ty6Ui5Op4";
const json = (error: unknown) => JSON.parse(JSON.stringify(error)) as Record<string, unknown>;

describe("JSON.stringify of SDK errors", () => {
  it("a NotFoundError from the service keeps name, message, code, status, callId, method, url and headers", async () => {
    const { client } = fakeClient();
    const error = await client.content.get("cnt_missing").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    const out = json(error);
    const thrown = error as NotFoundError;
    expect(out).toMatchObject({
      name: "NotFoundError",
      message: thrown.message,
      code: thrown.code,
      status: 404,
      callId: thrown.callId,
      method: "GET",
      url: thrown.url,
    });
    expect(out.callId).toMatch(/^call_/);
    expect(out.headers).toMatchObject({ "content-type": expect.stringContaining("json") });
  });

  it("a RateLimitError keeps retryAfterSeconds and its rate-limit headers", async () => {
    const { service, client } = fakeClient({ maxRetries: 0 });
    service.faults.inject({
      method: "GET",
      path: "/channels",
      kind: "rateLimited",
      retryAfterSeconds: 7,
    });
    const error = await client.channels.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    const out = json(error);
    expect(out).toMatchObject({ name: "RateLimitError", status: 429, retryAfterSeconds: 7 });
    expect((out.headers as Record<string, string>)["retry-after"]).toBe("7");
  });

  it("connection, timeout, abort and local errors keep their name, message and fields", () => {
    const cases = [
      new APIConnectionError({
        method: "POST",
        url: "https://x.test/api/v1/content",
        retryable: false,
        callId: "call_1",
        cause: new TypeError("fetch failed"),
      }),
      new APITimeoutError({
        method: "GET",
        url: "https://x.test/api/v1/content",
        retryable: true,
        timeoutMs: 5,
        callId: "call_2",
      }),
      new APIUserAbortError({
        method: "GET",
        url: "https://x.test/api/v1/content",
        callId: "call_3",
      }),
      new InvalidRequestError("limit", "limit must be 1 to 100"),
    ];
    for (const error of cases) {
      const out = json(error);
      expect(out.name).toBe(error.name);
      expect(out.message).toBe(error.message);
    }
    expect(json(cases[0])).toMatchObject({
      method: "POST",
      retryable: false,
      callId: "call_1",
      cause: { name: "TypeError", message: "fetch failed" },
    });
    expect(json(cases[1])).toMatchObject({ timeoutMs: 5 });
    expect(json(cases[3])).toMatchObject({ param: "limit" });
  });

  it("scrubs the token from the body, headers and cause it serialises", () => {
    const error = new APIError({
      status: 500,
      code: "internal_error",
      message: "boom",
      headers: new Headers({ "x-debug": `key=${TOKEN}`, "content-type": "application/json" }),
      body: { error: { code: "internal_error", message: `bad key ${TOKEN}` } },
      method: "GET",
      url: `https://x.test/api/v1/content?k=${TOKEN}`,
      retryable: true,
      callId: "call_9",
    });
    const text = JSON.stringify(error);
    expect(text).not.toContain(TOKEN);
    expect(json(error)).toMatchObject({ name: "APIError", code: "internal_error", status: 500 });
    expect((json(error).headers as Record<string, string>)["x-debug"]).toBe("key=[redacted]");
  });
});
