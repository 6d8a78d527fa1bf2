/**
 * The client reads its options as given: own properties only, once, into a frozen copy. A
 * polluted `Object.prototype` is never read as an option, and a getter that changes its answer
 * cannot leave a checked value behind a different used one.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { InvalidRequestError, Postline } from "../../src/index.js";
import { API, BASE, HttpResponse, http, useServer } from "../support/server.js";
import { thrownBy } from "../support/thrown.js";

const { server, seen } = useServer();
const KEY = "pl_test_polluted1234";

/** Sets `name` on Object.prototype (as a polluted dependency would) until the test ends. */
function pollute(name: string, value: unknown): void {
  Object.defineProperty(Object.prototype, name, { value, configurable: true, writable: true });
}
afterEach(() => {
  for (const name of ["allowInsecureHttp", "fetch", "timeout"]) {
    delete (Object.prototype as Record<string, unknown>)[name];
  }
});

describe("a polluted Object.prototype is not an option", () => {
  it("allowInsecureHttp on Object.prototype does not let the key go over plain http", () => {
    pollute("allowInsecureHttp", true);
    const error = thrownBy(() => new Postline({ apiKey: KEY, baseURL: "http://api.example.com" }));
    expect(String(error)).toMatch(/http.*allowInsecureHttp/);
    expect(String(error)).not.toContain(KEY);
  });

  it("fetch on Object.prototype is never called: the request goes to the global fetch", async () => {
    server.use(http.get(`${API}/brand`, () => HttpResponse.json({ profile: null })));
    const foreign = vi.fn(async () => Response.json({ profile: null }));
    pollute("fetch", foreign);
    await new Postline({ apiKey: KEY, baseURL: BASE, rateLimit: false }).brand.get();
    expect(foreign).not.toHaveBeenCalled();
    expect(seen).toHaveLength(1);
  });

  it("timeout on Object.prototype is not the client's timeout", () => {
    pollute("timeout", 5);
    expect(new Postline({ apiKey: KEY, baseURL: BASE }).timeout).toBe(60_000);
  });
});

describe("each option is read once", () => {
  it("a getter that answers 1000 to the check and -1 after is read once: the timeout is 1000", () => {
    let reads = 0;
    const options = {
      apiKey: KEY,
      baseURL: BASE,
      get timeout() {
        reads++;
        return reads === 1 ? 1000 : -1;
      },
    };
    expect(new Postline(options).timeout).toBe(1000);
    expect(reads).toBe(1);
  });

  it("a getter on rateLimit.maxWaitMs is read once too", () => {
    let reads = 0;
    const rateLimit = {
      get maxWaitMs() {
        reads++;
        return reads === 1 ? 1000 : -1;
      },
    };
    expect(new Postline({ apiKey: KEY, baseURL: BASE, rateLimit }).maxWaitMs).toBe(1000);
    expect(reads).toBe(1);
  });
});

describe("options that are not an object", () => {
  it.each([
    [null, "null"],
    ["pl_test_x1234", "string"],
    [[], "an array"],
  ])("new Postline(%j) throws InvalidRequestError naming options", (options, what) => {
    const error = thrownBy(() => new Postline(options as never));
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as InvalidRequestError).param).toBe("options");
    expect((error as Error).message).toContain(`got ${what}`);
    expect((error as Error).message).not.toContain("pl_test_x1234");
  });
});
