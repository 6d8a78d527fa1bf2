/**
 * A model (or whoever writes its arguments) can send a tool argument nested 20,000 levels deep,
 * or arguments that are not JSON. Every entry point answers `validation_error` naming the
 * parameter, as for any other bad input, instead of a raw `RangeError` or a generic failure.
 */
import { RunContext } from "@openai/agents";
import { describe, expect, it } from "vitest";
import { aiSdkTools } from "../../src/frameworks/ai-sdk.js";
import { langChainTools } from "../../src/frameworks/langchain.js";
import { openAIAgentsTools } from "../../src/frameworks/openai-agents.js";
import { runTool } from "../../src/tools/index.js";
import { fakeClient } from "../support/fake-client.js";

const LEVELS = 20_000;
// A name known only at run time, as a model's tool call gives it.
const GET_CONTENT: string = "get_content";

/** `{ id: { a: { a: ... } } }`, `levels` deep, built without recursion. */
function deepObject(levels = LEVELS): Record<string, unknown> {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { a: value };
  return { id: value };
}
const deepText = (levels = LEVELS) => `{"id":${'{"a":'.repeat(levels)}1${"}".repeat(levels)}}`;

function expectDepthRefusal(result: unknown) {
  const parsed = typeof result === "string" ? JSON.parse(result) : result;
  expect(parsed).toMatchObject({ error: { code: "validation_error", param: "id" } });
  expect((parsed as { error: { message: string } }).error.message).toMatch(/nested|deep/i);
}

describe("a tool argument nested 20,000 levels deep", () => {
  it("runTool answers validation_error naming the parameter, for an object and for JSON text", async () => {
    const { client } = fakeClient();
    expectDepthRefusal(await runTool(client, GET_CONTENT, deepObject()));
    expectDepthRefusal(await runTool(client, GET_CONTENT, deepText()));
  });

  it("a cyclic argument from a JavaScript caller is refused the same way", async () => {
    const { client } = fakeClient();
    const cycle: Record<string, unknown> = {};
    cycle.a = cycle;
    expectDepthRefusal(await runTool(client, GET_CONTENT, { id: cycle }));
  });

  it("the AI SDK tool answers validation_error", async () => {
    const { client } = fakeClient();
    const getContent = aiSdkTools(client).get_content;
    const options = { toolCallId: "t1", messages: [] } as never;
    expectDepthRefusal(await getContent?.execute?.(deepObject(), options));
  });

  it("the LangChain tool answers validation_error", async () => {
    const { client } = fakeClient();
    const [getContent] = langChainTools(client, { tools: ["get_content"] });
    expectDepthRefusal(await getContent?.invoke(deepObject()));
  });

  it("the OpenAI Agents tool answers validation_error, for deep JSON and for text that is not JSON", async () => {
    const { client } = fakeClient();
    const [getContent] = openAIAgentsTools(client, { tools: ["get_content"] });
    expectDepthRefusal(await getContent?.invoke(new RunContext(), deepText()));
    const notJson = await getContent?.invoke(new RunContext(), "{id: cnt_1");
    expect(JSON.parse(String(notJson))).toMatchObject({
      error: { code: "validation_error", param: "(input)" },
    });
  });

  it("an ordinary argument still works", async () => {
    const { client } = fakeClient();
    const result = await runTool(client, "get_content", { id: "cnt_missing" });
    expect(result).toMatchObject({ error: { code: "not_found" } });
  });
});
