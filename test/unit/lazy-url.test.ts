import { describe, expect, it } from "vitest";
import { createLevelledLogger } from "../../src/core/observe/logger.js";
import { createKeyPacer } from "../../src/core/pacing/key-pacer.js";
import { createMemoryPacingStore } from "../../src/core/pacing/memory-store.js";
import { createRedactor } from "../../src/core/redact.js";
import { Transport } from "../../src/core/transport/transport.js";

const KEY = "pl_test_lazyurlkey0000000000000000";

/** A transport with pacing on, whose redactor counts what it is asked to redact. */
function countingTransport() {
  const redacted: string[] = [];
  const real = createRedactor(KEY);
  const redact = (text: string) => {
    redacted.push(text);
    return real(text);
  };
  const transport = new Transport({
    apiKey: KEY,
    baseURL: "http://127.0.0.1:9/api/v1/",
    timeout: 10_000,
    maxWaitMs: 1_000,
    maxRetries: 0,
    fetch: async () => Response.json({ id: "item_1" }),
    headers: {},
    sdkHeader: "postline-typescript/test",
    logger: createLevelledLogger(undefined, "warn", redact),
    hooks: {},
    pacer: createKeyPacer(KEY, { store: createMemoryPacingStore() }),
    redact,
    tracer: undefined,
    metrics: undefined,
  });
  return { transport, redacted };
}

describe("a call's URL is redacted only when something shows it", () => {
  it("a paced call that succeeds redacts nothing", async () => {
    const { transport, redacted } = countingTransport();
    await transport.request({ method: "GET", path: "content/item_1" });
    expect(redacted).toEqual([]);
  });

  it("the response's url is redacted when it is read", async () => {
    const { transport, redacted } = countingTransport();
    const response = await transport.request({ method: "GET", path: "content/item_1" });
    expect(response.url).toBe("http://127.0.0.1:9/api/v1/content/item_1");
    expect(redacted).toEqual(["http://127.0.0.1:9/api/v1/content/item_1"]);
  });
});
