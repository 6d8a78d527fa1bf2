import { delay } from "msw";
import { describe, expect, it, vi } from "vitest";
import { MAX_BACKOFF_MS, retryDelayMs } from "../../src/core/transport/retry-policy.js";
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  CapacityUnknownError,
  InternalServerError,
  isRetryable,
  RateLimitError,
  ServerError,
  TransitionFailedError,
} from "../../src/index.js";
import { contentItem, envelope } from "../support/fixtures.js";
import { API, HttpResponse, http, makeClient, useServer } from "../support/server.js";

const { server, seen } = useServer();

const created = () => HttpResponse.json({ items: [contentItem()] }, { status: 201 });
const draft = { channelId: "ch_x", body: "Hello there" };

/** Answers with `failures` in turn, then with `success`. */
function sequence(failures: Array<() => Response | Promise<Response>>, success: () => Response) {
  let call = 0;
  return () => {
    const next = failures[call];
    call += 1;
    return next ? next() : success();
  };
}

const rateLimited = () =>
  HttpResponse.json(envelope("rate_limited", "Wait 0 seconds"), {
    status: 429,
    headers: { "retry-after": "0" },
  });
const status = (code: string, httpStatus: number) => () =>
  HttpResponse.json(envelope(code, code), { status: httpStatus, headers: { "retry-after": "0" } });

describe("retried for every method", () => {
  it("a 429 on a read, after Retry-After", async () => {
    server.use(
      http.get(
        `${API}/brand`,
        sequence([rateLimited], () => HttpResponse.json({ profile: null })),
      ),
    );
    await expect(makeClient({ maxRetries: 2 }).brand.get()).resolves.toBeNull();
    expect(seen).toHaveLength(2);
  });

  it("a 429 on a create: the service refused it, so it is sent again", async () => {
    server.use(http.post(`${API}/content`, sequence([rateLimited, rateLimited], created)));
    await makeClient({ maxRetries: 2 }).content.createDraft(draft);
    expect(seen.map((r) => r.method)).toEqual(["POST", "POST", "POST"]);
  });

  it("ERR-4 503 capacity_unknown on a write", async () => {
    server.use(
      http.patch(
        `${API}/content/item_1`,
        sequence([status("capacity_unknown", 503)], () => HttpResponse.json(contentItem())),
      ),
    );
    await makeClient({ maxRetries: 1 }).content.update("item_1", { content: "x" });
    expect(seen).toHaveLength(2);
  });

  it("a connection refused before sending, even for a create", async () => {
    let calls = 0;
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls += 1;
      if (calls === 1)
        throw new TypeError("fetch failed", {
          cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
        });
      return globalThis.fetch(input, init);
    });
    server.use(http.post(`${API}/content`, created));
    await makeClient({ maxRetries: 1, fetch }).content.createDraft(draft);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(seen).toHaveLength(1);
  });

  it("gives up after maxRetries and throws the last error, marked retryable", async () => {
    server.use(http.get(`${API}/brand`, rateLimited));
    const error = await makeClient({ maxRetries: 2 })
      .brand.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(isRetryable(error)).toBe(true);
    expect(seen).toHaveLength(3);
  });

  it("the per-call maxRetries overrides the client's", async () => {
    server.use(http.get(`${API}/brand`, rateLimited));
    await expect(makeClient({ maxRetries: 3 }).brand.get({ maxRetries: 0 })).rejects.toBeInstanceOf(
      RateLimitError,
    );
    expect(seen).toHaveLength(1);
  });

  it("a Retry-After longer than a minute is left to the caller", async () => {
    server.use(
      http.get(`${API}/brand`, () =>
        HttpResponse.json(envelope("rate_limited", "Wait"), {
          status: 429,
          headers: { "retry-after": "3600" },
        }),
      ),
    );
    const error = (await makeClient({ maxRetries: 2 })
      .brand.get()
      .catch((e: unknown) => e)) as RateLimitError;
    expect(error.retryAfterSeconds).toBe(3600);
    expect(seen).toHaveLength(1);
  });
});

describe("retried for reads only", () => {
  it("500 internal_error on a GET", async () => {
    server.use(
      http.get(
        `${API}/content/item_1`,
        sequence([status("internal_error", 500)], () => HttpResponse.json(contentItem())),
      ),
    );
    await makeClient({ maxRetries: 1 }).content.get("item_1");
    expect(seen).toHaveLength(2);
  });

  it("a dropped connection on a GET", async () => {
    server.use(
      http.get(
        `${API}/content/item_1`,
        sequence([() => HttpResponse.error()], () => HttpResponse.json(contentItem())),
      ),
    );
    await makeClient({ maxRetries: 1 }).content.get("item_1");
    expect(seen).toHaveLength(2);
  });

  it("a timeout on a GET, then APITimeoutError when retries run out", async () => {
    server.use(
      http.get(`${API}/content/item_1`, async () => {
        await delay(2_000);
        return HttpResponse.json(contentItem());
      }),
    );
    const error = await makeClient({ maxRetries: 1, timeout: 30 })
      .content.get("item_1")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(isRetryable(error)).toBe(true);
    expect(seen).toHaveLength(2);
  });
});

describe("CONV-3 a write that may have reached the service is sent exactly once", () => {
  it("500 internal_error on a create", async () => {
    server.use(http.post(`${API}/content`, status("internal_error", 500)));
    const error = await makeClient({ maxRetries: 2 })
      .content.createDraft(draft, { reconcile: false })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(isRetryable(error)).toBe(false);
    expect(seen).toHaveLength(1);
  });

  it("502 on a generation", async () => {
    server.use(http.post(`${API}/content`, status("bad_gateway", 502)));
    await expect(
      makeClient({ maxRetries: 2 }).content.generate({ channelIds: ["a"], prompt: "p" }),
    ).rejects.toBeInstanceOf(ServerError);
    expect(seen).toHaveLength(1);
  });

  it("503 with another code than capacity_unknown on a schedule", async () => {
    server.use(http.post(`${API}/content/item_1/schedule`, status("overloaded", 503)));
    await expect(
      makeClient({ maxRetries: 2 }).content.schedule("item_1", { publishNow: true }),
    ).rejects.toBeInstanceOf(ServerError);
    expect(seen).toHaveLength(1);
  });

  it("a dropped connection on a create", async () => {
    server.use(http.post(`${API}/content`, () => HttpResponse.error()));
    const error = await makeClient({ maxRetries: 2 })
      .content.createDraft(draft, { reconcile: false })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(isRetryable(error)).toBe(false);
    expect(seen).toHaveLength(1);
  });

  it("a timeout on a delete", async () => {
    server.use(
      http.delete(`${API}/content/item_1`, async () => {
        await delay(2_000);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await expect(
      makeClient({ maxRetries: 2, timeout: 30 }).content.delete("item_1"),
    ).rejects.toBeInstanceOf(APITimeoutError);
    expect(seen).toHaveLength(1);
  });

  it("ERR-3 transition_failed is never retried, not even on a read", async () => {
    server.use(http.patch(`${API}/content/item_1`, status("transition_failed", 500)));
    server.use(http.get(`${API}/content/item_1`, status("transition_failed", 500)));
    const client = makeClient({ maxRetries: 2 });
    await expect(client.content.approve("item_1")).rejects.toBeInstanceOf(TransitionFailedError);
    await expect(client.content.get("item_1")).rejects.toBeInstanceOf(TransitionFailedError);
    expect(seen).toHaveLength(2);
  });
});

describe("the caller's signal", () => {
  it("aborting in flight is an APIUserAbortError, not a timeout, and is not retried", async () => {
    server.use(
      http.get(`${API}/brand`, async () => {
        await delay(2_000);
        return HttpResponse.json({ profile: null });
      }),
    );
    const controller = new AbortController();
    const pending = makeClient({ maxRetries: 2 }).brand.get({ signal: controller.signal });
    setTimeout(() => controller.abort(new Error("stop")), 20);
    await expect(pending).rejects.toBeInstanceOf(APIUserAbortError);
    expect(seen).toHaveLength(1);
  });

  it("aborting during the wait before a retry stops it", async () => {
    server.use(
      http.get(`${API}/brand`, () =>
        HttpResponse.json(envelope("rate_limited", "wait"), {
          status: 429,
          headers: { "retry-after": "30" },
        }),
      ),
    );
    const controller = new AbortController();
    const pending = makeClient({ maxRetries: 2, onRetry: () => controller.abort() }).brand.get({
      signal: controller.signal,
    });
    await expect(pending).rejects.toBeInstanceOf(APIUserAbortError);
    expect(seen).toHaveLength(1);
  });

  it("an already aborted signal sends nothing", async () => {
    await expect(makeClient().brand.get({ signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
      APIUserAbortError,
    );
    expect(seen).toHaveLength(0);
  });
});

describe("backoff", () => {
  it("grows exponentially from 0.5 s with up to 25 % jitter and is capped", () => {
    expect(retryDelayMs(1, undefined, () => 0)).toBe(500);
    expect(retryDelayMs(2, undefined, () => 0)).toBe(1_000);
    expect(retryDelayMs(3, undefined, () => 1)).toBe(1_500);
    expect(retryDelayMs(20, undefined, () => 0)).toBe(MAX_BACKOFF_MS);
  });

  it("uses Retry-After when the service gives one", () => {
    expect(retryDelayMs(1, 3)).toBe(3_000);
    expect(retryDelayMs(5, 0)).toBe(0);
  });
});

it("a 429 from a rate-limit storm is not an ambiguous failure: CapacityUnknownError is retryable", async () => {
  server.use(http.get(`${API}/brand`, status("capacity_unknown", 503)));
  const error = await makeClient({ maxRetries: 0 })
    .brand.get()
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CapacityUnknownError);
  expect(isRetryable(error)).toBe(true);
});
