import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthenticationError, Postline } from "../../src/index.js";
import { envelope } from "../support/fixtures.js";
import { BASE, HttpResponse, http, useServer } from "../support/server.js";

const { server } = useServer();

afterEach(() => vi.unstubAllEnvs());

const LOCAL = "http://127.0.0.1:4010";

/** Every route of `base` answers 401 invalid_api_key, as the service and the fake do. */
function refusingKeys(base: string): void {
  server.use(
    http.all(`${base}/api/v1/*`, () =>
      HttpResponse.json(envelope("invalid_api_key", "The API key is not valid."), { status: 401 }),
    ),
  );
}

async function refusal(client: Postline): Promise<AuthenticationError> {
  const error = await client.channels.list().catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AuthenticationError);
  return error as AuthenticationError;
}

describe("a 401 says where the key came from and where it went", () => {
  it("names POSTLINE_API_KEY when the key came from it", async () => {
    refusingKeys(BASE);
    vi.stubEnv("POSTLINE_API_KEY", "pl_test_fromenv1234abcd");
    const { message } = await refusal(new Postline({ baseURL: BASE, rateLimit: false }));
    expect(message).toMatch(/^The API key is not valid\. The key came from POSTLINE_API_KEY/);
    expect(message).not.toContain("fromenv1234");
  });

  it("says nothing of the variable when the key was passed as apiKey", async () => {
    refusingKeys(BASE);
    vi.stubEnv("POSTLINE_API_KEY", "pl_test_fromenv1234abcd");
    const client = new Postline({ apiKey: "pl_test_option1234abcd", baseURL: BASE });
    expect((await refusal(client)).message).toBe("The API key is not valid.");
  });

  it("says so when a live key is sent to a local fake", async () => {
    refusingKeys(LOCAL);
    const client = new Postline({ apiKey: "pl_live_realkey1234abcd", baseURL: LOCAL });
    const { message } = await refusal(client);
    expect(message).toMatch(
      /A live key was sent to 127\.0\.0\.1:4010 on this machine, such as a local fake, which knows only its own test keys/,
    );
    expect(message).not.toContain("realkey1234");
  });

  it("a test key to a local fake gets no such note", async () => {
    refusingKeys(LOCAL);
    const client = new Postline({ apiKey: "pl_test_fakekey1234abcd", baseURL: LOCAL });
    expect((await refusal(client)).message).toBe("The API key is not valid.");
  });
});
