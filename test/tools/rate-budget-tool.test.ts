/**
 * `client.rateBudget()` and `get_rate_budget` (docs/retries.md, "Reading the budget"): read
 * locally, in every tool face, sending nothing; for key clients, session clients, and a clear
 * refusal when pacing is off.
 */
import { ToolMessage } from "@langchain/core/messages";
import { RunContext } from "@openai/agents";
import { describe, expect, it } from "vitest";
import { aiSdkTools } from "../../src/frameworks/ai-sdk.js";
import { langChainTools } from "../../src/frameworks/langchain.js";
import { openAIAgentsTools } from "../../src/frameworks/openai-agents.js";
import { Postline, PostlineError, RateLimitError } from "../../src/index.js";
import { runTool } from "../../src/tools/index.js";
import { fakeClient } from "../support/fake-client.js";

/** A paced client on its own fake, after two calls of the other budget. */
async function afterTwoReads() {
  const { service, client } = fakeClient({ rateLimit: true });
  await client.channels.list();
  await client.brand.get();
  return { service, client, sent: service.requests.length };
}

const expectedAfterTwoReads = {
  store: "memory",
  create: { limit: 10, counting: 0, inFlight: 0, waiting: 0, nextSlotInMs: 0, heldForMs: 0 },
  other: { limit: 60, counting: 2, inFlight: 0, waiting: 0, nextSlotInMs: 0, heldForMs: 0 },
};

describe("client.rateBudget()", () => {
  it("reads both budgets of the key, sending nothing and taking no slot", async () => {
    const { service, client, sent } = await afterTwoReads();
    expect(await client.rateBudget()).toEqual(expectedAfterTwoReads);
    expect(await client.rateBudget()).toEqual(expectedAfterTwoReads);
    expect(service.requests.length).toBe(sent);
  });

  it("works for a session client: no limit counted, and the hold a 429 announced", async () => {
    const client = new Postline({
      auth: "session",
      baseURL: "https://budget-session.postline.test",
      maxRetries: 0,
      fetch: async () =>
        new Response(JSON.stringify({ error: { code: "rate_limited", message: "Wait 20 s." } }), {
          status: 429,
          headers: { "content-type": "application/json", "retry-after": "20" },
        }),
    });
    const idle = await client.rateBudget();
    expect(idle.other).toEqual({
      limit: null,
      counting: 0,
      inFlight: 0,
      waiting: 0,
      nextSlotInMs: 0,
      heldForMs: 0,
    });
    await expect(client.channels.list()).rejects.toBeInstanceOf(RateLimitError);
    const held = await client.rateBudget();
    expect(held.store).toBe("memory");
    expect(held.other.heldForMs).toBeGreaterThan(19_000);
    expect(held.other.nextSlotInMs).toBe(held.other.heldForMs);
  });

  it("with rateLimit: false, rejects with PostlineError saying pacing is off", async () => {
    const { client } = fakeClient({ rateLimit: false });
    await expect(client.rateBudget()).rejects.toThrow(PostlineError);
    await expect(client.rateBudget()).rejects.toThrow(/rateLimit: false/);
  });
});

describe("get_rate_budget answers locally in every tool face", () => {
  it("runTool", async () => {
    const { service, client, sent } = await afterTwoReads();
    expect(await runTool(client, "get_rate_budget", {})).toEqual(expectedAfterTwoReads);
    expect(service.requests.length).toBe(sent);
  });

  it("the AI SDK", async () => {
    const { service, client, sent } = await afterTwoReads();
    const tool = aiSdkTools(client).get_rate_budget!;
    const output = await tool.execute!(
      {},
      { toolCallId: "call_budget", messages: [], context: {} },
    );
    expect(output).toEqual(expectedAfterTwoReads);
    expect(service.requests.length).toBe(sent);
  });

  it("the OpenAI Agents SDK", async () => {
    const { service, client, sent } = await afterTwoReads();
    const tool = openAIAgentsTools(client, { tools: ["get_rate_budget"] })[0]!;
    const output = await tool.invoke(new RunContext(), "{}");
    expect(JSON.parse(String(output))).toEqual(expectedAfterTwoReads);
    expect(service.requests.length).toBe(sent);
  });

  it("LangChain", async () => {
    const { service, client, sent } = await afterTwoReads();
    const [tool] = langChainTools(client, { tools: ["get_rate_budget"] });
    const message = (await tool!.invoke({
      id: "call_budget",
      name: "get_rate_budget",
      args: {},
      type: "tool_call",
    })) as ToolMessage;
    expect(ToolMessage.isInstance(message)).toBe(true);
    expect(message.artifact).toEqual(expectedAfterTwoReads);
    expect(service.requests.length).toBe(sent);
  });
});
