/**
 * A session cookie is as powerful as a key on v1 routes. Outside a browser (where no `Secure` flag
 * guards it) a client with `auth: "session"` follows the key's rule: no plain http to a host that
 * is not this machine, unless `allowInsecureHttp: true` says so.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { Postline, PostlineError } from "../../src/index.js";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('auth: "session" over plain http', () => {
  it("in Node, refuses plain http to a remote host, as for a key, and sends nothing", async () => {
    const sent: string[] = [];
    const make = () =>
      new Postline({
        auth: "session",
        baseURL: "http://intranet.example",
        headers: { Cookie: "session=abc" },
        fetch: async (input) => {
          sent.push(String(input));
          return Response.json({ channels: [] });
        },
      });
    expect(make).toThrow(PostlineError);
    expect(make).toThrow(/session cookie over plain http to intranet\.example/);
    expect(sent).toEqual([]);
  });

  it("in Node, allows a loopback host, and a remote one with allowInsecureHttp: true", () => {
    for (const baseURL of ["http://localhost:4010", "http://127.0.0.1:4010", "http://[::1]:4010"]) {
      expect(new Postline({ auth: "session", baseURL }).auth).toBe("session");
    }
    const client = new Postline({
      auth: "session",
      baseURL: "http://intranet.example",
      allowInsecureHttp: true,
    });
    expect(client.baseURL).toBe("http://intranet.example/api/v1/");
  });

  it("in a browser page, leaves the cookie to the browser (its Secure flag) and allows http", () => {
    vi.stubGlobal("window", globalThis);
    vi.stubGlobal("document", { title: "a page" });
    const client = new Postline({ auth: "session", baseURL: "http://intranet.example" });
    expect(client.baseURL).toBe("http://intranet.example/api/v1/");
  });
});
