/**
 * An `Authorization` header from the caller, at client level or per call and in any casing,
 * never replaces the client's key and is never sent (docs/getting-started.md).
 */
import { describe, expect, it } from "vitest";
import { Postline } from "../../src/index.js";
import { fakeClient, fetchOf } from "../reliability/support/fake-client.js";

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
