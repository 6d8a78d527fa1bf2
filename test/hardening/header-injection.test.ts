/**
 * A header name that is not a token, or a value with CR, LF or NUL, in the client's `headers`, a
 * call's `headers` or the `apiKey`, is refused before anything is sent, with
 * `InvalidRequestError` naming the parameter. Left to `fetch`, it failed at send time as a
 * connection error: a read retried for nothing, a write reported as "may have happened".
 */
import { describe, expect, it } from "vitest";
import { InvalidRequestError, Postline } from "../../src/index.js";
import { thrownBy } from "../support/thrown.js";

const TOKEN = "pl_test_headerInjection0123456789";

/** A fetch that records what it is asked to send and answers an empty channel list. */
function countingFetch() {
  const calls: Request[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    calls.push(new Request(input, init));
    return new Response('{"channels":[]}', { headers: { "content-type": "application/json" } });
  };
  return { calls, fetch };
}

function refusal(run: () => unknown): InvalidRequestError {
  return thrownBy(run, InvalidRequestError);
}

const BAD_HEADERS: [string, Record<string, string>][] = [
  ["a CRLF in a value", { "x-trace": "t1\r\nx-injected: yes" }],
  ["a lone LF in a value", { "x-trace": "t1\nx" }],
  ["a NUL in a value", { "x-trace": "t\u00001" }],
  ["a character outside Latin-1", { "x-trace": "t\u20ac" }],
  ["a space in a name", { "x trace": "t1" }],
  ["a colon in a name", { "x-trace:": "t1" }],
  ["a CRLF in a name", { "x-trace\r\nx-injected": "t1" }],
  ["an empty name", { "": "t1" }],
];

describe("the client's headers", () => {
  it.each(BAD_HEADERS)("with %s are refused by the constructor", (_what, headers) => {
    const { calls, fetch } = countingFetch();
    const error = refusal(
      () => new Postline({ apiKey: TOKEN, baseURL: "https://api.example.com", headers, fetch }),
    );
    expect(error.param).toBe("headers");
    expect(calls).toHaveLength(0);
  });

  it("with a value that is not a string are refused, naming the header", () => {
    const headers = { "x-count": 3 } as unknown as Record<string, string>;
    const error = refusal(
      () => new Postline({ apiKey: TOKEN, baseURL: "https://api.example.com", headers }),
    );
    expect(error).toMatchObject({ param: "headers" });
    expect(error.message).toContain('"x-count"');
  });
});

describe("a call's headers", () => {
  it.each(BAD_HEADERS)(
    "with %s are refused before sending, on a read and a write",
    async (_what, headers) => {
      const { calls, fetch } = countingFetch();
      const client = new Postline({
        apiKey: TOKEN,
        baseURL: "https://api.example.com",
        fetch,
        rateLimit: false,
      });
      const read = await client.channels.list({}, { headers }).catch((e: unknown) => e);
      const write = await client.content
        .createDraft({ channelId: "ch_1", body: "Hello" }, { headers })
        .catch((e: unknown) => e);
      for (const error of [read, write]) {
        expect(error).toBeInstanceOf(InvalidRequestError);
        expect((error as InvalidRequestError).param).toBe("headers");
      }
      expect(calls).toHaveLength(0);
    },
  );

  it("valid ones are sent", async () => {
    const { calls, fetch } = countingFetch();
    const client = new Postline({ apiKey: TOKEN, baseURL: "https://api.example.com", fetch });
    await client.channels.list({}, { headers: { "x-trace": "t1", "X-Tenant_ID.v2": "a b" } });
    expect(calls[0]?.headers.get("x-trace")).toBe("t1");
    expect(calls[0]?.headers.get("x-tenant_id.v2")).toBe("a b");
  });
});

describe("the apiKey", () => {
  it.each([
    ["a trailing newline", `${TOKEN}\n`],
    ["a CRLF and a header", `${TOKEN}\r\nx-injected: yes`],
    ["a NUL", `${TOKEN}\u0000`],
    ["a space inside", "pl_test_abc def0123456789"],
  ])("with %s is refused by the constructor, and not echoed", (_what, apiKey) => {
    const error = refusal(() => new Postline({ apiKey, baseURL: "https://api.example.com" }));
    expect(error.param).toBe("apiKey");
    expect(error.message).not.toContain("pl_test_");
  });
});
