import { afterEach, describe, expect, it, vi } from "vitest";
import {
  InvalidRequestError,
  Postline,
  PostlineError,
  RateLimitError,
  RateLimitWaitError,
} from "../../src/index.js";
import { API, BASE, HttpResponse, http, useServer } from "../support/server.js";
import { thrownBy } from "../support/thrown.js";

const { server, seen } = useServer();

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('auth: "session"', () => {
  it("needs no key, sends no Authorization header, and sends cookies", async () => {
    vi.stubEnv("POSTLINE_API_KEY", "");
    const requests: Request[] = [];
    server.use(http.get(`${API}/channels`, () => HttpResponse.json({ channels: [] })));
    const client = new Postline({
      auth: "session",
      baseURL: BASE,
      headers: { authorization: "Bearer pl_test_smuggled1234" },
      fetch: (input, init) => {
        const request = new Request(input, init);
        requests.push(request);
        return fetch(request);
      },
    });
    await client.channels.list({}, { headers: { Authorization: "Bearer pl_test_percall1234" } });
    expect(seen[0]!.headers.get("authorization")).toBeNull();
    expect(requests[0]!.credentials).toBe("include");
    expect(client.auth).toBe("session");
    expect(client.environment).toBe("unknown");
    expect(JSON.stringify(client)).toContain('"auth":"session"');
  });

  it("sends a Cookie header the caller gives: outside a browser it is how the session travels", async () => {
    server.use(http.get(`${API}/channels`, () => HttpResponse.json({ channels: [] })));
    const client = new Postline({
      auth: "session",
      baseURL: BASE,
      headers: { cookie: "postline_session=sess_1" },
    });
    await client.channels.list();
    const perCall = new Postline({ auth: "session", baseURL: BASE });
    await perCall.channels.list({}, { headers: { Cookie: "postline_session=sess_2" } });
    expect(seen[0]!.headers.get("cookie")).toBe("postline_session=sess_1");
    expect(seen[1]!.headers.get("cookie")).toBe("postline_session=sess_2");
  });

  it("ignores POSTLINE_API_KEY: a session never sends a key", async () => {
    vi.stubEnv("POSTLINE_API_KEY", "pl_test_fromenv1234");
    server.use(http.get(`${API}/channels`, () => HttpResponse.json({ channels: [] })));
    await new Postline({ auth: "session", baseURL: BASE }).channels.list();
    expect(seen[0]!.headers.get("authorization")).toBeNull();
  });

  it("refuses apiKey alongside it, naming the option", () => {
    const make = () => new Postline({ auth: "session", apiKey: "pl_test_x1234", baseURL: BASE });
    expect(make).toThrow(InvalidRequestError);
    expect(make).toThrow(/apiKey/);
    try {
      make();
    } catch (error) {
      expect((error as InvalidRequestError).param).toBe("apiKey");
    }
  });

  it("refuses an unknown auth mode, naming the option", () => {
    const make = () => new Postline({ auth: "cookie" as never, baseURL: BASE });
    expect(make).toThrow(InvalidRequestError);
    expect(make).toThrow(/auth must be "apiKey" or "session"; got "cookie"/);
  });

  it("refuses plain http to a remote host in Node, as for a key (the cookie is as powerful)", () => {
    expect(() => new Postline({ auth: "session", baseURL: "http://intranet.example" })).toThrow(
      /session cookie over plain http/,
    );
    expect(
      new Postline({ auth: "session", baseURL: "http://intranet.example", allowInsecureHttp: true })
        .baseURL,
    ).toBe("http://intranet.example/api/v1/");
    expect(
      () => new Postline({ apiKey: "pl_test_x1234", baseURL: "http://intranet.example" }),
    ).toThrow(/plain http/);
  });

  it("apiKey is the default mode", () => {
    expect(new Postline({ apiKey: "pl_test_x1234", baseURL: BASE }).auth).toBe("apiKey");
  });
});

describe('pacing with auth: "session"', () => {
  const sessionBase = (name: string) => `https://${name}.session.test`;

  it("counts no budget: more than a key's 60 a minute go out at once", async () => {
    const base = sessionBase("nobudget");
    let served = 0;
    server.use(
      http.get(`${base}/api/v1/channels`, () => {
        served += 1;
        return HttpResponse.json({ channels: [] });
      }),
    );
    const client = new Postline({ auth: "session", baseURL: base, maxRetries: 0 });
    await Promise.all(Array.from({ length: 70 }, () => client.channels.list()));
    expect(served).toBe(70);
  });

  it("a 429 holds every call of the session until the announced reset", async () => {
    const base = sessionBase("hold");
    const arrivals: number[] = [];
    let first = true;
    server.use(
      http.get(`${base}/api/v1/channels`, () => {
        arrivals.push(Date.now());
        if (first) {
          first = false;
          return HttpResponse.json(
            { error: { code: "rate_limited", message: "Retry in 1 seconds." } },
            { status: 429, headers: { "retry-after": "1" } },
          );
        }
        return HttpResponse.json({ channels: [] });
      }),
    );
    const session = { auth: "session", baseURL: base, maxRetries: 0 } as const;
    const headers = { cookie: "postline_session=sess_same" };
    const client = new Postline({ ...session, headers });
    const refused = await client.channels.list().catch((error) => error);
    expect(refused).toBeInstanceOf(RateLimitError);
    const other = new Postline({ ...session, headers });
    await other.channels.list();
    // The second client sends the same session's cookie, so it waits out the same hold.
    expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(950);
  });

  it("a hold longer than the call's maxWaitMs ends the call at once with RateLimitWaitError, sending nothing", async () => {
    const base = sessionBase("too-long");
    let served = 0;
    server.use(
      http.get(`${base}/api/v1/channels`, () => {
        served += 1;
        return HttpResponse.json(
          { error: { code: "rate_limited", message: "Retry in 30 seconds." } },
          { status: 429, headers: { "retry-after": "30" } },
        );
      }),
    );
    const client = new Postline({ auth: "session", baseURL: base, maxRetries: 0 });
    await expect(client.channels.list()).rejects.toBeInstanceOf(RateLimitError);
    const refused = await client.channels.list({}, { maxWaitMs: 10_000 }).catch((error) => error);
    expect(refused).toBeInstanceOf(RateLimitWaitError);
    // At once: long before the 10 s bound passes.
    expect(refused.waitedMs).toBeLessThan(5_000);
    // Named as a session's hold, never as a key's budget.
    expect(refused.message).toMatch(
      /^This session's rate-limit hold does not end within maxWaitMs \(10000 ms\)/,
    );
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(29);
    expect(refused.body).toBeNull();
    expect(served).toBe(1);
  });

  describe("a 429 holds what the service counts: the session where it is known, else the client", () => {
    /** A base URL whose first request answers 429 with a 30 s Retry-After, the rest 200. */
    const holdingBase = (name: string) => {
      const base = sessionBase(name);
      const cookies: (string | null)[] = [];
      server.use(
        http.get(`${base}/api/v1/channels`, ({ request }) => {
          cookies.push(request.headers.get("cookie"));
          return cookies.length === 1
            ? HttpResponse.json(
                { error: { code: "rate_limited", message: "Retry in 30 seconds." } },
                { status: 429, headers: { "retry-after": "30" } },
              )
            : HttpResponse.json({ channels: [] });
        }),
      );
      return { base, cookies };
    };
    const sessionClient = (baseURL: string, cookie?: string) =>
      new Postline({
        auth: "session",
        baseURL,
        maxRetries: 0,
        rateLimit: { maxWaitMs: 1_000 },
        ...(cookie === undefined ? {} : { headers: { cookie } }),
      });

    it("another user's session on the same base URL is served; the held one is refused", async () => {
      // The clock stands still: a refusal with no wait to sleep through reports exactly 0 ms.
      vi.useFakeTimers({ toFake: ["Date"] });
      const { base, cookies } = holdingBase("two-users");
      const alice = "postline_session=sess_alice";
      await expect(sessionClient(base, alice).channels.list()).rejects.toBeInstanceOf(
        RateLimitError,
      );
      await expect(
        sessionClient(base, "postline_session=sess_bob").channels.list(),
      ).resolves.toEqual([]);
      const held = await sessionClient(base, alice)
        .channels.list()
        .catch((error) => error);
      expect(held).toBeInstanceOf(RateLimitWaitError);
      expect(held.waitedMs).toBe(0);
      expect(cookies).toEqual([alice, "postline_session=sess_bob"]);
    });

    it("a per-call Cookie is the session of that call", async () => {
      const { base, cookies } = holdingBase("per-call");
      const client = sessionClient(base);
      const as = (cookie: string) => ({ headers: { Cookie: cookie } });
      await expect(client.channels.list({}, as("s=alice"))).rejects.toBeInstanceOf(RateLimitError);
      await expect(client.channels.list({}, as("s=bob"))).resolves.toEqual([]);
      await expect(client.channels.list({}, as("s=alice"))).rejects.toBeInstanceOf(
        RateLimitWaitError,
      );
      expect(cookies).toEqual(["s=alice", "s=bob"]);
    });

    it("with no Cookie outside a browser, the hold is the client's own", async () => {
      const { base, cookies } = holdingBase("no-cookie");
      const first = sessionClient(base);
      await expect(first.channels.list()).rejects.toBeInstanceOf(RateLimitError);
      await expect(sessionClient(base).channels.list()).resolves.toEqual([]);
      await expect(first.channels.list()).rejects.toBeInstanceOf(RateLimitWaitError);
      expect(cookies).toHaveLength(2);
    });

    it("in a browser page, clients on one base URL share the page's session", async () => {
      const { base, cookies } = holdingBase("page");
      vi.stubGlobal("window", globalThis);
      vi.stubGlobal("document", { title: "a page" });
      await expect(sessionClient(base).channels.list()).rejects.toBeInstanceOf(RateLimitError);
      await expect(sessionClient(base).channels.list()).rejects.toBeInstanceOf(RateLimitWaitError);
      expect(cookies).toHaveLength(1);
    });
  });

  it("rateLimit: false turns the hold off", async () => {
    const base = sessionBase("off");
    const arrivals: number[] = [];
    server.use(
      http.get(`${base}/api/v1/channels`, () => {
        arrivals.push(Date.now());
        return arrivals.length === 1
          ? HttpResponse.json(
              { error: { code: "rate_limited", message: "Retry in 30 seconds." } },
              { status: 429, headers: { "retry-after": "30" } },
            )
          : HttpResponse.json({ channels: [] });
      }),
    );
    const client = new Postline({
      auth: "session",
      baseURL: base,
      maxRetries: 0,
      rateLimit: false,
    });
    await expect(client.channels.list()).rejects.toBeInstanceOf(RateLimitError);
    await client.channels.list();
    // Not held for the 30 s the 429 announced.
    expect(arrivals[1]! - arrivals[0]!).toBeLessThan(10_000);
  });
});

describe("the browser guard", () => {
  const key = { apiKey: "pl_test_x1234", baseURL: BASE };
  const asBrowserPage = () => {
    vi.stubGlobal("window", globalThis);
    vi.stubGlobal("document", { title: "a page" });
  };

  it("throws a PostlineError explaining the risk for a key in a browser page", () => {
    asBrowserPage();
    expect(() => new Postline(key)).toThrow(PostlineError);
    expect(() => new Postline(key)).toThrow(/can be read by anyone who opens the page/);
    expect(() => new Postline(key)).toThrow(/dangerouslyAllowBrowser: true/);
    expect(() => new Postline(key)).toThrow(/auth: "session"/);
  });

  it("never puts the key in its message", () => {
    asBrowserPage();
    const error = thrownBy(() => new Postline(key), Error);
    expect(error.message).not.toContain(key.apiKey);
  });

  it("lets a key through with dangerouslyAllowBrowser: true", () => {
    asBrowserPage();
    expect(new Postline({ ...key, dangerouslyAllowBrowser: true }).auth).toBe("apiKey");
  });

  it("does not throw in session mode", () => {
    asBrowserPage();
    expect(new Postline({ auth: "session", baseURL: BASE }).auth).toBe("session");
  });

  it("does not throw in a worker (a global scope with no document)", () => {
    vi.stubGlobal("self", globalThis);
    vi.stubGlobal("importScripts", () => {});
    expect(new Postline(key).auth).toBe("apiKey");
  });

  it("does not throw in Node", () => {
    expect(new Postline(key).auth).toBe("apiKey");
  });
});
