/** A 429's hold is logged by the transport, which knows the call: the line carries its id. */
import { describe, expect, it } from "vitest";
import { envelope } from "../../support/fixtures.js";
import { API, HttpResponse, http, makeClient, useServer } from "../../support/server.js";

const { server } = useServer();

const rateLimited = () =>
  HttpResponse.json(envelope("rate_limited", "Slow down"), {
    status: 429,
    headers: { "retry-after": "2" },
  });

const debugLines = () => {
  const lines: { message: string; fields: Record<string, unknown> | undefined }[] = [];
  const logger = {
    debug: (message: string, fields?: Record<string, unknown>) => lines.push({ message, fields }),
    warn: () => {},
  };
  return { lines, logger };
};

describe("the hold a 429 sets is logged with the call's id", () => {
  it("for a key: the budget and the hold", async () => {
    server.use(http.get(`${API}/brand`, rateLimited));
    const { lines, logger } = debugLines();
    const client = makeClient({ rateLimit: true, logger, logLevel: "debug" });
    const error = (await client.brand.get().catch((e: unknown) => e)) as { callId: string };
    const hold = lines.find((line) => /holding requests until the reset/.test(line.message));
    expect(hold?.fields).toEqual({ callId: error.callId, budget: "other", holdMs: 2_250 });
  });

  it("for a session: the hold", async () => {
    server.use(http.get(`${API}/brand`, rateLimited));
    const { lines, logger } = debugLines();
    const client = makeClient({
      auth: "session",
      apiKey: undefined,
      headers: { cookie: "session=hold-log-test" },
      rateLimit: true,
      logger,
      logLevel: "debug",
    });
    const error = (await client.brand.get().catch((e: unknown) => e)) as { callId: string };
    const hold = lines.find((line) => /this session's requests until the reset/.test(line.message));
    expect(hold?.fields).toEqual({ callId: error.callId, holdMs: 2_250 });
  });
});
