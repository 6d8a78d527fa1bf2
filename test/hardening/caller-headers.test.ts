/**
 * An `Authorization` header from the caller, at client level or per call and in any casing,
 * never replaces the client's key and is never sent (docs/getting-started.md).
 */
import { describe, expect, it } from "vitest";
import { CREDENTIAL_HEADERS } from "../../src/core/credential-headers.js";
import { NotFoundError, Postline } from "../../src/index.js";
import { fakeClient, fetchOf } from "../support/fake-client.js";

const SPOOF = "Bearer pl_test_someoneElsesToken000";

function capturingClient(headers: Record<string, string>) {
  const { service } = fakeClient();
  const sent: Headers[] = [];
  const serve = fetchOf(service);
  const client = new Postline({
    apiKey: service.defaults.apiKey,
    baseURL: service.defaults.baseURL,
    rateLimit: false,
    headers,
    fetch: (input, init) => {
      const request = new Request(input, init);
      sent.push(request.headers);
      return serve(request);
    },
  });
  return { service, client, sent };
}

describe("a caller's Authorization header", () => {
  it.each(["Authorization", "authorization", "AUTHORIZATION", "AuThOrIzAtIoN"])(
    "given as %s on the client is dropped; the client's key is sent",
    async (name) => {
      const { service, client, sent } = capturingClient({ [name]: SPOOF, "x-trace": "t1" });
      await client.channels.list();
      expect(sent[0]!.get("authorization")).toBe(`Bearer ${service.defaults.apiKey}`);
      expect(sent[0]!.get("x-trace")).toBe("t1");
      expect(service.requests.at(-1)!.keyId).toBeDefined();
    },
  );

  it.each(["Authorization", "authorization", "Proxy-Authorization"])(
    "given as %s per call is dropped; the client's key is sent",
    async (name) => {
      const { service, client, sent } = capturingClient({});
      await client.content.listPage({}, { headers: { [name]: SPOOF, "x-trace": "t2" } });
      expect(sent[0]!.get("authorization")).toBe(`Bearer ${service.defaults.apiKey}`);
      expect(sent[0]!.get("proxy-authorization")).toBeNull();
      expect(sent[0]!.get("x-trace")).toBe("t2");
      expect([...sent[0]!.values()].join()).not.toContain("someoneElses");
    },
  );
});

describe("one list of credential headers (src/core/credential-headers.ts)", () => {
  it.each(["Cookie", "cookie", "Set-Cookie"])(
    "a caller's %s header is dropped like Authorization",
    async (name) => {
      const { client, sent } = capturingClient({ [name]: "session=someoneElses" });
      await client.content.listPage({}, { headers: { [name]: "session=someoneElses" } });
      expect(sent[0]!.get(name)).toBeNull();
      expect([...sent[0]!.values()].join()).not.toContain("someoneElses");
    },
  );

  it("an error keeps none of the response's credential headers, and keeps the rest", async () => {
    const fetch = async () =>
      Response.json(
        { error: { code: "not_found", message: "No such item" } },
        {
          status: 404,
          headers: [
            ["set-cookie", "session=abc123"],
            ["cookie", "session=abc123"],
            ["authorization", "Basic abc123"],
            ["proxy-authorization", "Basic abc123"],
            ["x-request-id", "req_1"],
          ],
        },
      );
    const client = new Postline({
      apiKey: "pl_test_headersCheck0000",
      baseURL: "https://api.postline.test",
      rateLimit: false,
      fetch,
    });
    const error = await client.content.get("item_1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    const kept = (error as NotFoundError).headers;
    for (const name of CREDENTIAL_HEADERS) expect(kept.get(name)).toBeNull();
    expect(kept.get("x-request-id")).toBe("req_1");
    expect(JSON.stringify([...kept])).not.toContain("abc123");
  });
});
