/**
 * KEYS-1, KEYS-2 (api-v1.md §2.6): `keys.create` is the only response, and `CreatedAgentKey` the
 * only typed object, with a `token`.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  type AgentKey,
  type BrandProfile,
  type Channel,
  type ContentItem,
  type CreatedAgentKey,
  type GenerationResult,
  type KeysResource,
  Postline,
  type ScheduleConfig,
  type Stats,
} from "../../src/index.js";
import { fakeClient, fetchOf } from "../support/fake-client.js";

describe("the token field", () => {
  it("KEYS-1 is typed as a string on CreatedAgentKey alone", () => {
    expectTypeOf<CreatedAgentKey["token"]>().toEqualTypeOf<string>();
    expectTypeOf<Awaited<ReturnType<KeysResource["create"]>>>().toEqualTypeOf<CreatedAgentKey>();
    // Elsewhere it is not a declared field: only the open index signature answers, with unknown.
    expectTypeOf<AgentKey["token"]>().toEqualTypeOf<unknown>();
    expectTypeOf<Awaited<ReturnType<KeysResource["get"]>>["token"]>().toEqualTypeOf<unknown>();
    expectTypeOf<
      Awaited<ReturnType<KeysResource["list"]>>[number]["token"]
    >().toEqualTypeOf<unknown>();
    expectTypeOf<ContentItem["token"]>().toEqualTypeOf<unknown>();
    expectTypeOf<Channel["token"]>().toEqualTypeOf<unknown>();
    expectTypeOf<NonNullable<BrandProfile>["token"]>().toEqualTypeOf<unknown>();
    expectTypeOf<ScheduleConfig["token"]>().toEqualTypeOf<unknown>();
    expectTypeOf<Stats["token"]>().toEqualTypeOf<unknown>();
    expectTypeOf<GenerationResult["token"]>().toEqualTypeOf<unknown>();
  });

  it("KEYS-1 KEYS-2 comes back from keys.create only, and works; list and get never carry it", async () => {
    const { service, client } = fakeClient();
    const created = await client.keys.create({ name: "reporting", scopes: ["read"] });
    expect(created.token).toMatch(/^pl_test_/);
    expect(created.token).not.toBe(service.defaults.apiKey);

    const listed = await client.keys.list();
    const fetched = await client.keys.get(created.id as string);
    for (const record of [...listed, fetched]) {
      expect(record).not.toHaveProperty("token");
      expect(JSON.stringify(record)).not.toContain(created.token);
    }
    // The new token authenticates as itself.
    const readerClient = new Postline({
      apiKey: created.token,
      baseURL: service.defaults.baseURL,
      fetch: fetchOf(service),
      rateLimit: false,
    });
    await expect(readerClient.channels.list()).resolves.toBeInstanceOf(Array);
  });
});
