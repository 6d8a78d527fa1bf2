/**
 * A successful result can carry the token too: a server (or a proxy) that echoes the key into a
 * 200 body. Results are scrubbed as errors are, with the client's exact key and its secret part
 * as well as the token pattern, on every path that hands them to a model or a terminal.
 */
import { Writable } from "node:stream";
import { RunContext } from "@openai/agents";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { createRedactor } from "../../src/core/redact.js";
import { aiSdkTools } from "../../src/frameworks/ai-sdk.js";
import { langChainTools } from "../../src/frameworks/langchain.js";
import { openAIAgentsTools } from "../../src/frameworks/openai-agents.js";
import { errorFromMcp } from "../../src/mcp/index.js";
import { runTool } from "../../src/tools/index.js";
import { fakeClient } from "../support/fake-client.js";
import {
  HOSTILE_TOKEN,
  type HostileServer,
  startHostileServer,
} from "../support/hostile-server.js";

/** A fake whose channel names echo the key: prefixed after `_`, and its secret part alone. */
function echoingFake() {
  const { service, client } = fakeClient();
  const key = service.defaults.apiKey;
  const secretPart = key.replace(/^[A-Za-z0-9]+_(live|test)_/, "");
  service.workspace().addChannel({
    id: "ch_echo",
    platform: "x",
    displayName: `ref_${key}`,
    handle: `s:${secretPart}`,
  });
  return { client, key, secretPart };
}

function expectScrubbed(value: unknown, key: string, secretPart: string) {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  expect(text).toContain("[redacted]");
  expect(text).not.toContain(key);
  expect(text).not.toContain(secretPart);
}

describe("the token pattern after an underscore", () => {
  it("matches a token right after `_`, where `\\b` never does", () => {
    const redact = createRedactor(undefined);
    expect(redact("ref_pl_live_abcdefghij")).toBe("ref_[redacted]");
    expect(redact("x_pl_test_abcdefghij y")).toBe("x_[redacted] y");
  });
});

describe("successful tool results are scrubbed of the client's key", () => {
  it("runTool", async () => {
    const { client, key, secretPart } = echoingFake();
    const result = await runTool(client, "list_channels", {});
    expectScrubbed(result, key, secretPart);
  });

  it("the AI SDK tools", async () => {
    const { client, key, secretPart } = echoingFake();
    const listChannels = aiSdkTools(client).list_channels;
    const result = await listChannels?.execute?.({}, { toolCallId: "t1", messages: [] } as never);
    expectScrubbed(result, key, secretPart);
  });

  it("the LangChain tools", async () => {
    const { client, key, secretPart } = echoingFake();
    const [listChannels] = langChainTools(client, { tools: ["list_channels"] });
    const result = await listChannels?.invoke({});
    expectScrubbed(result, key, secretPart);
  });

  it("the OpenAI Agents tools", async () => {
    const { client, key, secretPart } = echoingFake();
    const [listChannels] = openAIAgentsTools(client, { tools: ["list_channels"] });
    const result = await listChannels?.invoke(new RunContext(), "{}");
    expectScrubbed(result, key, secretPart);
  });
});

describe("errorFromMcp", () => {
  it("scrubs a token after `_`, and the key's secret part when given the key", () => {
    const key = "pl_live_Qw3rTy8uIoP4aSdF";
    const secretPart = "Qw3rTy8uIoP4aSdF";
    const envelope = {
      error: { code: "forbidden", message: `key ref_${key} / ${secretPart} may not do this` },
    };
    const result = { isError: true, content: [{ type: "text", text: JSON.stringify(envelope) }] };
    const error = errorFromMcp(result, { apiKey: key });
    expectScrubbed(error?.message, key, secretPart);
    expectScrubbed(error?.body, key, secretPart);
    expect(errorFromMcp(result)?.message).not.toContain(key);
  });
});

describe("the CLI", () => {
  let server: HostileServer | undefined;
  afterEach(async () => {
    await server?.close();
  });

  it("content export prints no part of the key a server echoes in its error", async () => {
    const secretPart = HOSTILE_TOKEN.replace(/^pl_test_/, "");
    server = await startHostileServer((_request, response) => {
      response.writeHead(403, { "content-type": "application/json" });
      const message = `key ${secretPart} is not allowed here`;
      response.end(JSON.stringify({ error: { code: "forbidden", message } }));
    });
    let stderr = "";
    const sink = (write: (text: string) => void) =>
      new Writable({
        write(chunk, _encoding, done) {
          write(chunk.toString());
          done();
        },
      });
    const code = await runCli(["content", "export"], {
      stdout: sink(() => {}),
      stderr: sink((text) => {
        stderr += text;
      }),
      env: { POSTLINE_API_KEY: HOSTILE_TOKEN, POSTLINE_BASE_URL: server.baseURL },
    });
    expect(code).toBe(1);
    expect(stderr).toContain("[redacted]");
    expect(stderr).not.toContain(secretPart);
  });
});
