/** What an `APIConnectionError`'s message says about the runtime's failure, read from its cause chain. */
import { describe, expect, it } from "vitest";
import { APIConnectionError, Postline } from "../../src/index.js";

function systemError(code: string, address = "127.0.0.1"): Error {
  return Object.assign(new Error(`connect ${code} ${address}:4010`), { code, address });
}

async function failureOf(cause: unknown, baseURL = "http://127.0.0.1:4010") {
  const client = new Postline({
    apiKey: "pl_test_0123456789abcdef0123",
    baseURL,
    maxRetries: 0,
    fetch: async () => {
      throw new TypeError("fetch failed", { cause });
    },
  });
  const error = await client.channels.list().catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(APIConnectionError);
  return error as APIConnectionError;
}

describe("APIConnectionError: what the connection failure was", () => {
  it("a refused connection names the host and port that refused it, and ECONNREFUSED", async () => {
    const error = await failureOf(systemError("ECONNREFUSED"));
    expect(error.message).toBe(
      "Connection error on GET http://127.0.0.1:4010/api/v1/channels: fetch failed: 127.0.0.1:4010 refused the connection: nothing is listening on that port (ECONNREFUSED)",
    );
  });

  it("finds the code inside an AggregateError (one error per address tried), and says the default port", async () => {
    const cause = new AggregateError(
      [systemError("ECONNREFUSED", "::1"), systemError("ECONNREFUSED")],
      "",
    );
    const error = await failureOf(cause, "http://localhost");
    expect(error.message).toContain(
      "localhost:80 refused the connection: nothing is listening on that port (ECONNREFUSED)",
    );
  });

  it("a name that does not resolve says so; an unknown code is shown as it is; no code adds nothing", async () => {
    const notFound = await failureOf(systemError("ENOTFOUND"), "https://api.postline.invalid");
    expect(notFound.message).toContain(
      "the host name api.postline.invalid does not resolve (ENOTFOUND)",
    );
    const odd = await failureOf(systemError("EPROTO"));
    expect(odd.message).toMatch(/: fetch failed: EPROTO$/);
    const plain = await failureOf(new Error("socket hang up"));
    expect(plain.message).toBe(
      "Connection error on GET http://127.0.0.1:4010/api/v1/channels: fetch failed",
    );
  });
});
