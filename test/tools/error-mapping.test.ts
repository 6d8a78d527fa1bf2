import { describe, expect, it } from "vitest";
import { APIError } from "../../src/core/errors/api-error.js";
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
} from "../../src/core/errors/connection-errors.js";
import {
  InvalidRequestError,
  PlannedTimePassedError,
  ResponseValidationError,
} from "../../src/core/errors/local-errors.js";
import { RateLimitError } from "../../src/core/errors/rate-limit.js";
import type { ContentItem } from "../../src/schemas/index.js";
import { isToolError, runTool, type ToolClient } from "../../src/tools/index.js";

const TOKEN = "pl_test_Zx9SecretTokenValue123";

const ITEM: ContentItem = {
  id: "c_1",
  status: "pending",
  platform: "linkedin",
  channelId: "ch_1",
  channelName: "Acme",
  content: "Exports are faster.",
  source: "api",
  createdAt: "2026-10-01T09:00:00.000Z",
  flagged: false,
  sensitive: false,
  flagReasons: [],
  aiIsmMatches: [],
  sensitivityReasons: [],
  createdBy: { userId: "u_1", fullName: "Ada" },
};

/** A client whose every call fails with `error`, to see how runTool reports each failure. */
function failingWith(error: unknown): ToolClient {
  const fail = async () => {
    throw error;
  };
  return {
    content: { get: fail, update: fail, createDraft: fail, listPage: fail, schedule: fail },
    channels: { list: fail },
  } as unknown as ToolClient;
}

function apiError(status: number, body: unknown, headers: Record<string, string> = {}) {
  const detail = (body as { error?: { code?: string; message?: string } }).error ?? {};
  return new APIError({
    status,
    code: detail.code ?? "unexpected_response",
    message: detail.message ?? "failed",
    headers: new Headers(headers),
    body,
    method: "PATCH",
    url: "http://localhost/api/v1/content/c_1",
    retryable: false,
  });
}

describe("runTool turns SDK failures into the error envelope", () => {
  it("MCP-2 keeps every extra field of the service's envelope", async () => {
    const body = {
      error: {
        code: "validation_error",
        message: "Text matches AI-isms",
        acknowledgmentRequired: true,
        aiIsmMatches: [{ label: "delve", match: "delve" }],
      },
    };
    const result = await runTool(failingWith(apiError(409, body)), "update_content", {
      id: "c_1",
      status: "pending",
    });
    expect(result).toEqual(body);
  });

  it("MCP-2 adds retryAfterSeconds to rate_limited", async () => {
    const body = { error: { code: "rate_limited", message: "Try again in 12 seconds" } };
    const limited = new RateLimitError({
      status: 429,
      code: "rate_limited",
      message: body.error.message,
      headers: new Headers({ "retry-after": "12", "x-ratelimit-limit": "10" }),
      body,
      method: "POST",
      url: "http://localhost/api/v1/content",
      retryable: true,
    });
    const result = await runTool(failingWith(limited), "get_content", { id: "c_1" });
    expect(result).toEqual({ error: { ...body.error, retryAfterSeconds: 12 } });
  });

  it("gives a non-envelope error body the SDK's code and message", async () => {
    const result = await runTool(
      failingWith(apiError(502, "<html>Bad gateway</html>")),
      "get_content",
      {
        id: "c_1",
      },
    );
    expect(result).toEqual({ error: { code: "unexpected_response", message: "failed" } });
  });

  it("turns a local refusal into validation_error naming param", async () => {
    const refusal = new InvalidRequestError("id", "id must not be empty");
    expect(await runTool(failingWith(refusal), "get_content", { id: "c_1" })).toEqual({
      error: { code: "validation_error", message: "id must not be empty", param: "id" },
    });
  });

  it("turns transport failures into connection_error and timeout, warning before a re-create", async () => {
    const dropped = new APIConnectionError({
      method: "POST",
      url: "http://x/api/v1/content",
      retryable: false,
    });
    const draft = await runTool(failingWith(dropped), "create_content_draft", {
      channelId: "ch_1",
      body: "hello",
    });
    expect(draft).toMatchObject({
      error: { code: "connection_error", hint: expect.stringMatching(/list_content/) },
    });

    const slow = new APITimeoutError({
      method: "GET",
      url: "http://x/api/v1/content/c_1",
      retryable: true,
      timeoutMs: 10,
    });
    const read = await runTool(failingWith(slow), "get_content", { id: "c_1" });
    expect(read).toEqual({ error: { code: "timeout", message: slow.message } });
  });

  it("turns a response that fails its schema into unexpected_response", async () => {
    const invalid = new ResponseValidationError({
      issues: [],
      body: {},
      method: "GET",
      url: "http://x",
    });
    expect(await runTool(failingWith(invalid), "get_content", { id: "c_1" })).toMatchObject({
      error: { code: "unexpected_response" },
    });
  });

  it("STATE-2 turns PlannedTimePassedError into a result with the saved item and a hint to schedule", async () => {
    const result = await runTool(failingWith(new PlannedTimePassedError(ITEM)), "update_content", {
      id: "c_1",
      status: "pending",
    });
    expect(isToolError(result)).toBe(false);
    expect(result).toEqual({
      item: ITEM,
      plannedTimePassed: true,
      hint: expect.stringMatching(/schedule_content.*(scheduledAt|publishNow)/),
    });
  });

  it("never lets a token-shaped string out, in an error or a result", async () => {
    const leaky = apiError(400, {
      error: { code: "validation_error", message: `bad key ${TOKEN}` },
    });
    const error = await runTool(failingWith(leaky), "get_content", { id: "c_1" });
    expect(JSON.stringify(error)).not.toContain(TOKEN);

    const leakyItem = { ...ITEM, content: `Bearer ${TOKEN}` };
    const client = { content: { get: async () => leakyItem } } as unknown as ToolClient;
    const result = await runTool(client, "get_content", { id: "c_1" });
    expect(JSON.stringify(result)).not.toContain(TOKEN);
  });

  it("makes results plain JSON: no Date, no undefined, no class instance", async () => {
    class Wrapped {
      constructor(readonly at: Date) {}
    }
    const client = {
      content: {
        get: async () => ({
          ...ITEM,
          extra: undefined,
          at: new Date("2026-10-01T09:00:00Z"),
          nested: new Wrapped(new Date(0)),
        }),
      },
    } as unknown as ToolClient;
    const result = await runTool(client, "get_content", { id: "c_1" });
    expect(result).toEqual({
      item: { ...ITEM, at: "2026-10-01T09:00:00.000Z", nested: { at: "1970-01-01T00:00:00.000Z" } },
    });
    expect(Object.getPrototypeOf((result as { item: object }).item)).toBe(Object.prototype);
    expect("extra" in (result as { item: object }).item).toBe(false);
  });

  it("rethrows the caller's own abort, so stopping an agent stops it", async () => {
    const abort = new APIUserAbortError({ method: "GET", url: "http://x" });
    await expect(runTool(failingWith(abort), "get_content", { id: "c_1" })).rejects.toBe(abort);
  });

  it("rethrows an error that is not the SDK's (a bug should surface)", async () => {
    const bug = new TypeError("x is not a function");
    await expect(runTool(failingWith(bug), "get_content", { id: "c_1" })).rejects.toBe(bug);
  });
});

describe("runTool recognises errors from another copy of the SDK", () => {
  it("maps a 0.1.0 copy's PlannedTimePassed, as its class was named then", async () => {
    // 0.1.0 named the class PlannedTimePassed on its prototype, as nameClass does.
    class OlderPostlineError extends Error {}
    Object.defineProperty(OlderPostlineError.prototype, "name", { value: "PostlineError" });
    class OlderPlannedTimePassed extends OlderPostlineError {
      readonly item = ITEM;
    }
    Object.defineProperty(OlderPlannedTimePassed.prototype, "name", {
      value: "PlannedTimePassed",
    });
    const passed = await runTool(failingWith(new OlderPlannedTimePassed()), "update_content", {
      id: "c_1",
      status: "pending",
    });
    expect(passed).toMatchObject({ plannedTimePassed: true, item: ITEM });
  });

  // Each published entry point bundles its own copy of the error classes, so the client's
  // errors are not `instanceof` the classes the tools were built with.
  it("maps a second copy's errors as it maps its own", async () => {
    const copy = (await import(
      // @ts-expect-error: a query makes Vite load the module a second time, as a second bundle would.
      "../../src/core/errors/local-errors.js?second-copy"
    )) as typeof import("../../src/core/errors/local-errors.js");
    const foreign = new copy.InvalidRequestError("limit", "limit must be 1..100");
    expect(foreign).not.toBeInstanceOf(InvalidRequestError);
    expect(await runTool(failingWith(foreign), "get_content", { id: "c_1" })).toEqual({
      error: { code: "validation_error", message: "limit must be 1..100", param: "limit" },
    });
    const passed = await runTool(
      failingWith(new copy.PlannedTimePassedError(ITEM)),
      "get_content",
      {
        id: "c_1",
      },
    );
    expect(passed).toMatchObject({ plannedTimePassed: true, item: ITEM });

    const apiCopy = (await import(
      // @ts-expect-error: see above.
      "../../src/core/errors/api-error.js?second-copy"
    )) as typeof import("../../src/core/errors/api-error.js");
    const body = { error: { code: "not_found", message: "No such item" } };
    const notFound = new apiCopy.APIError({
      status: 404,
      code: "not_found",
      message: "No such item",
      headers: new Headers(),
      body,
      method: "GET",
      url: "http://localhost/api/v1/content/c_1",
      retryable: false,
    });
    expect(notFound).not.toBeInstanceOf(APIError);
    expect(await runTool(failingWith(notFound), "get_content", { id: "c_1" })).toEqual(body);
  });
});
