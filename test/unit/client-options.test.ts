import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { InvalidRequestError, Postline, PostlineError, VERSION } from "../../src/index.js";
import { API, BASE, HttpResponse, http, makeClient, useServer } from "../support/server.js";
import { thrownBy } from "../support/thrown.js";

const { server, seen } = useServer();

afterEach(() => vi.unstubAllEnvs());

describe("apiKey", () => {
  it("is read from POSTLINE_API_KEY when not passed", async () => {
    vi.stubEnv("POSTLINE_API_KEY", "pl_test_fromenv1234");
    server.use(http.get(`${API}/channels`, () => HttpResponse.json({ channels: [] })));
    await new Postline({ baseURL: BASE, rateLimit: false }).channels.list();
    expect(seen[0]!.headers.get("authorization")).toBe("Bearer pl_test_fromenv1234");
  });

  it("missing: the constructor throws a PostlineError naming the option and the variable", () => {
    vi.stubEnv("POSTLINE_API_KEY", "");
    expect(() => new Postline({ baseURL: BASE })).toThrow(PostlineError);
    expect(() => new Postline({ baseURL: BASE })).toThrow(/apiKey.*POSTLINE_API_KEY/);
  });
});

describe("baseURL", () => {
  it("is read from POSTLINE_BASE_URL when not passed", () => {
    vi.stubEnv("POSTLINE_BASE_URL", "https://env.example");
    expect(new Postline({ apiKey: "pl_test_x1234" }).baseURL).toBe("https://env.example/api/v1/");
  });

  it("missing: a clear PostlineError naming the option and the variable", () => {
    vi.stubEnv("POSTLINE_BASE_URL", "");
    expect(() => new Postline({ apiKey: "pl_test_x1234" })).toThrow(/baseURL.*POSTLINE_BASE_URL/);
  });

  it.each([
    ["https://a.example", "https://a.example/api/v1/"],
    ["https://a.example/", "https://a.example/api/v1/"],
    ["https://a.example/api/v1", "https://a.example/api/v1/"],
    ["https://a.example/api/v1///", "https://a.example/api/v1/"],
    ["https://a.example/prefix/", "https://a.example/prefix/api/v1/"],
  ])("%s becomes %s", (given, expected) => {
    expect(new Postline({ apiKey: "pl_test_x1234", baseURL: given }).baseURL).toBe(expected);
  });

  it("a URL that does not parse is refused", () => {
    expect(() => new Postline({ apiKey: "pl_test_x1234", baseURL: "not a url" })).toThrow(
      /baseURL/,
    );
  });

  it("requests go under /api/v1 of a base with a path", async () => {
    server.use(
      http.get("https://a.example/prefix/api/v1/brand", () => HttpResponse.json({ profile: null })),
    );
    await makeClient({ baseURL: "https://a.example/prefix" }).brand.get();
    expect(seen[0]!.url.href).toBe("https://a.example/prefix/api/v1/brand");
  });
});

describe("plain http", () => {
  it.each(["http://api.example.com", "http://10.0.0.5:8080"])(
    "%s is refused at construction",
    (baseURL) => {
      expect(() => new Postline({ apiKey: "pl_test_x1234", baseURL })).toThrow(PostlineError);
      expect(() => new Postline({ apiKey: "pl_test_x1234", baseURL })).toThrow(
        /http.*allowInsecureHttp/,
      );
    },
  );

  it.each([
    "http://localhost:3000",
    "http://127.0.0.1:8080",
    "http://127.4.5.6",
    "http://[::1]:9000",
  ])("%s (loopback) is allowed", (baseURL) => {
    expect(() => new Postline({ apiKey: "pl_test_x1234", baseURL })).not.toThrow();
  });

  it("is allowed anywhere with allowInsecureHttp: true", () => {
    expect(
      () =>
        new Postline({
          apiKey: "pl_test_x1234",
          baseURL: "http://api.example.com",
          allowInsecureHttp: true,
        }),
    ).not.toThrow();
  });
});

describe("environment", () => {
  it.each([
    ["pl_live_abc", "live"],
    ["pl_test_abc", "test"],
    ["abcdef", "unknown"],
    ["pl_staging_abc", "unknown"],
  ])("%s is %s", (apiKey, expected) => {
    expect(new Postline({ apiKey, baseURL: BASE }).environment).toBe(expected);
  });
});

describe("headers", () => {
  it("caller headers are sent, but cannot override or leak Authorization", async () => {
    server.use(http.get(`${API}/brand`, () => HttpResponse.json({ profile: null })));
    const client = makeClient({
      apiKey: "pl_test_realtoken1",
      headers: { "X-Trace": "t1", AUTHORIZATION: "Bearer stolen", authorization: "Basic x" },
    });
    await client.brand.get({ headers: { "X-Call": "c1", Authorization: "Bearer other" } });
    const { headers } = seen[0]!;
    expect(headers.get("x-trace")).toBe("t1");
    expect(headers.get("x-call")).toBe("c1");
    expect(headers.get("authorization")).toBe("Bearer pl_test_realtoken1");
  });

  it("the SDK header names the version in package.json", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
    expect(VERSION).toBe(pkg.version);
  });
});

describe("fetch", () => {
  it("a custom fetch is used", async () => {
    const fetch = vi.fn(async () => Response.json({ profile: null }));
    await makeClient({ fetch }).brand.get();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(0);
  });

  it("the global fetch is looked up at each request, not at construction", async () => {
    const client = makeClient();
    const original = globalThis.fetch;
    const replaced = vi.fn(async () => Response.json({ profile: null }));
    globalThis.fetch = replaced;
    try {
      await client.brand.get();
    } finally {
      globalThis.fetch = original;
    }
    expect(replaced).toHaveBeenCalledTimes(1);
  });
});

describe("other options", () => {
  it.each([
    [{ timeout: -1 }, "timeout"],
    [{ timeout: Number.NaN }, "timeout"],
    [{ timeout: Number.POSITIVE_INFINITY }, "timeout"],
    [{ timeout: 0 }, "timeout"],
    [{ timeout: "30000" as never }, "timeout"],
    [{ maxRetries: 1.5 }, "maxRetries"],
    [{ logLevel: "loud" as never }, "logLevel"],
    [{ fetch: "fetch" as never }, "fetch"],
    [{ timeout: 2 ** 31 }, "timeout"],
    [{ tracer: {} as never }, "tracer"],
    [{ auth: "cookie" as never }, "auth"],
    [{ rateLimit: { store: {} } as never }, "rateLimit.store"],
    [{ rateLimit: "yes" as never }, "rateLimit"],
    [{ rateLimit: { maxWaitMs: -1 } }, "rateLimit.maxWaitMs"],
  ])("%o is refused with an InvalidRequestError naming it", (options, param) => {
    const thrown = thrownBy(
      () => new Postline({ apiKey: "pl_test_x1234", baseURL: BASE, ...options }),
    );
    expect(thrown).toBeInstanceOf(InvalidRequestError);
    expect(thrown).toBeInstanceOf(PostlineError);
    expect((thrown as InvalidRequestError).param).toBe(param);
    expect((thrown as Error).message.startsWith(`${param} `)).toBe(true);
  });

  it("every option is checked before any is used: a bad one is named even with no key or URL", () => {
    vi.stubEnv("POSTLINE_API_KEY", "");
    vi.stubEnv("POSTLINE_BASE_URL", "");
    expect(() => new Postline({ maxRetries: -1 })).toThrow(InvalidRequestError);
    expect(() => new Postline({ maxRetries: -1 })).toThrow(/^maxRetries /);
    expect(() => new Postline()).toThrow(/apiKey.*POSTLINE_API_KEY/);
  });

  it("null takes the default where undefined does", () => {
    const options = { timeout: null, maxRetries: null, logLevel: null } as never;
    const client = new Postline({ apiKey: "pl_test_x1234", baseURL: BASE, ...(options as object) });
    expect(client.timeout).toBe(60_000);
    expect(client.maxRetries).toBe(2);
  });

  it("hooks may be passed as undefined", async () => {
    const onRequest = vi.fn();
    const client = makeClient({ onRequest, onResponse: undefined, onRetry: undefined });
    server.use(http.get(`${API}/brand`, () => HttpResponse.json({ profile: null })));
    await client.brand.get();
    expect(onRequest).toHaveBeenCalledTimes(1);
  });

  it("timeout and maxRetries defaults are 60 s and 2", () => {
    const client = new Postline({ apiKey: "pl_test_x1234", baseURL: BASE });
    expect(client.timeout).toBe(60_000);
    expect(client.maxRetries).toBe(2);
  });
});

describe("an unknown option", () => {
  const refusalOf = (options: object): InvalidRequestError =>
    thrownBy(
      () => new Postline({ apiKey: "pl_test_x1234", baseURL: BASE, ...options } as never),
      InvalidRequestError,
    );

  it.each([
    [{ maxRetry: 3 }, "maxRetry", "maxRetries"],
    [{ baseUrl: "https://a.example" }, "baseUrl", "baseURL"],
    [{ apikey: "pl_test_y1234" }, "apikey", "apiKey"],
    [{ rateLimit: { maxWait: 5_000 } }, "rateLimit.maxWait", "maxWaitMs"],
    [{ maxWaitMs: 5_000 }, "maxWaitMs", "rateLimit: { maxWaitMs }"],
  ])(
    "%o is refused with InvalidRequestError naming it and the nearest known one",
    (options, name, nearest) => {
      const error = refusalOf(options);
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect(error.param).toBe(name);
      expect(error.message).toContain(`Unknown option ${name}`);
      expect(error.message).toContain(`did you mean ${nearest}?`);
    },
  );

  it("far from every known one, it is named without a guess", () => {
    const error = refusalOf({ colour: "blue" });
    expect(error.message).toMatch(/^Unknown option colour: the options are /);
    expect(error.message).not.toContain("did you mean");
  });

  it("every documented option is known (undefined values included)", () => {
    const documented = {
      auth: undefined,
      apiKey: "pl_test_x1234",
      dangerouslyAllowBrowser: undefined,
      baseURL: BASE,
      timeout: undefined,
      maxRetries: undefined,
      rateLimit: { store: undefined, maxWaitMs: undefined, maxWaitSetting: undefined },
      fetch: undefined,
      headers: undefined,
      validateResponses: undefined,
      logger: undefined,
      logLevel: undefined,
      allowInsecureHttp: undefined,
      tracer: undefined,
      onRequest: undefined,
      onResponse: undefined,
      onRetry: undefined,
      onRateLimitWait: undefined,
      hooks: {
        onRequest: undefined,
        onResponse: undefined,
        onRetry: undefined,
        onRateLimitWait: undefined,
      },
    };
    expect(() => new Postline(documented)).not.toThrow();
  });
});
