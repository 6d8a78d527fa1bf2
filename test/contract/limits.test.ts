import { describe, expect, it } from "vitest";
import { RateLimitError } from "../../src/index.js";
import { MONDAY_MORNING, useFake } from "./support/fake-harness.js";

const fake = useFake();
const RATE_HEADERS = [
  "retry-after",
  "x-ratelimit-limit",
  "x-ratelimit-remaining",
  "x-ratelimit-reset",
];

describe("§8 Limits", () => {
  it("LIMIT-1 POST /content: 10 a minute per key, rolling 60 s, in both modes", async () => {
    for (let index = 0; index < 10; index++) {
      const body =
        index % 2 === 0
          ? { body: `d${index}`, channelId: "ch_x_acme" }
          : { prompt: `p${index}`, channelIds: ["ch_x_acme"] };
      expect((await fake.raw("POST", "/content", { body })).status).toBe(201);
      fake.service.clock.advance(1_000);
    }
    expect(
      (await fake.raw("POST", "/content", { body: { prompt: "11th", channelIds: ["ch_x_acme"] } }))
        .status,
    ).toBe(429);
    expect((await fake.raw("GET", "/channels")).status).toBe(200);
    fake.service.clock.advance(50_000); // the first arrival is now 60 s old
    expect(
      (await fake.raw("POST", "/content", { body: { body: "again", channelId: "ch_x_acme" } }))
        .status,
    ).toBe(201);
    expect(
      (await fake.raw("POST", "/content", { body: { body: "once more", channelId: "ch_x_acme" } }))
        .status,
    ).toBe(429);
  });

  it("LIMIT-2 Every other v1 route: 60 a minute per key", async () => {
    for (let index = 0; index < 60; index++)
      expect((await fake.raw("GET", index % 2 ? "/channels" : "/brand")).status).toBe(200);
    expect((await fake.raw("GET", "/stats")).status).toBe(429);
    const other = fake.service.addKey({ scopes: ["read"] });
    expect((await fake.raw("GET", "/stats", { token: other.token })).status).toBe(200);
    expect(
      (await fake.raw("POST", "/content", { body: { body: "x", channelId: "ch_x_acme" } })).status,
    ).toBe(201);
    fake.service.clock.advance(60_000);
    expect((await fake.raw("GET", "/stats")).status).toBe(200);
  });

  it("LIMIT-3 Unauthenticated or unresolved bearer: 200 a minute per address", async () => {
    for (let index = 0; index < 200; index++) {
      expect(
        (await fake.raw("GET", "/channels", { token: index % 2 ? null : "pl_test_unknown" }))
          .status,
      ).toBe(401);
    }
    const limited = await fake.raw("GET", "/channels", { token: null });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    expect((await fake.raw("GET", "/channels")).status).toBe(200);
  });

  it("LIMIT-4 A 429 carries `Retry-After`, `X-RateLimit-Limit`, `X-RateLimit-Remaining`, `X-RateLimit-Reset` and a `rate_limited` body that states the seconds; these headers appear on no other response", async () => {
    const first = await fake.raw("POST", "/content", {
      body: { body: "x", channelId: "ch_x_acme" },
    });
    for (const header of RATE_HEADERS) expect(first.headers.has(header)).toBe(false);
    for (let index = 1; index < 10; index++)
      await fake.raw("POST", "/content", { body: { body: `${index}`, channelId: "ch_x_acme" } });
    fake.service.clock.advance(15_000);
    const limited = await fake.raw("POST", "/content", {
      body: { body: "x", channelId: "ch_x_acme" },
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("45");
    expect(limited.headers.get("x-ratelimit-limit")).toBe("10");
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(limited.headers.get("x-ratelimit-reset")).toBe(
      String(Date.parse(MONDAY_MORNING) / 1000 + 60),
    );
    expect(limited.body.error.code).toBe("rate_limited");
    expect(limited.body.error.message).toContain("45 seconds");
    const error = await fake.client.content
      .createDraft({ channelId: "ch_x_acme", body: "y" })
      .catch((caught) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ retryAfterSeconds: 45, limit: 10, remaining: 0 });
    const failure = await fake.raw("GET", "/content/cnt_missing");
    for (const header of RATE_HEADERS) expect(failure.headers.has(header)).toBe(false);
  });
});
