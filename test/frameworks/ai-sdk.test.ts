import type { LanguageModelV4CallOptions, LanguageModelV4GenerateResult } from "@ai-sdk/provider";
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { aiSdkTools } from "../../src/frameworks/ai-sdk.js";
import { tools } from "../../src/tools/index.js";
import { type FakeSession, openFakeSession } from "../support/fake-session.js";
import { type ModelMove, recoveryScript } from "./support/recovery-script.js";

let session: FakeSession;
beforeEach(() => {
  session = openFakeSession();
});
afterEach(() => session.close());

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/** The last tool result in the prompt the AI SDK sent the model, as the model reads it. */
function lastToolOutput(options: LanguageModelV4CallOptions): unknown {
  const last = options.prompt.at(-1);
  if (last?.role !== "tool") return undefined;
  const part = last.content.at(-1);
  if (part?.type !== "tool-result") return undefined;
  return part.output.type === "json" ? part.output.value : part.output;
}

function asModelResult(move: ModelMove, step: number): LanguageModelV4GenerateResult {
  if (move.kind === "finish") {
    return {
      content: [{ type: "text", text: move.text }],
      finishReason: { unified: "stop", raw: "stop" },
      usage,
      warnings: [],
    };
  }
  return {
    content: [
      {
        type: "tool-call",
        toolCallId: `call_${step}`,
        toolName: move.tool,
        input: JSON.stringify(move.input),
      },
    ],
    finishReason: { unified: "tool-calls", raw: "tool_calls" },
    usage,
    warnings: [],
  };
}

describe("aiSdkTools with the AI SDK's MockLanguageModelV4", () => {
  it("a run recovers from a missing channel and from acknowledgmentRequired, ending with one item", async () => {
    const script = recoveryScript();
    let step = 0;
    const model = new MockLanguageModelV4({
      doGenerate: async (options) => asModelResult(script.next(lastToolOutput(options)), step++),
    });
    const before = (await session.client.content.list({ status: "all" }).toArray()).length;

    const result = await generateText({
      model,
      tools: aiSdkTools(session.client),
      stopWhen: stepCountIs(8),
      prompt: "Draft a LinkedIn post about our export speed and approve it.",
    });

    expect(result.text).toMatch(/^Approved cnt_/);
    const [missingChannel, , acknowledgment] = script.results;
    expect(missingChannel).toMatchObject({
      error: {
        code: "validation_error",
        param: "channelId",
        channels: expect.arrayContaining([expect.objectContaining({ platform: "linkedin" })]),
      },
    });
    expect(acknowledgment).toMatchObject({
      error: {
        acknowledgmentRequired: true,
        aiIsmMatches: expect.arrayContaining([expect.objectContaining({ label: "delve" })]),
      },
    });
    const after = await session.client.content.list({ status: "all" }).toArray();
    expect(after).toHaveLength(before + 1);
    expect(after.find((item) => item.status === "pending" && item.channelId)).toBeDefined();
  });

  it("the model is shown each tool's JSON Schema, and a tool's input is not validated by the AI SDK", async () => {
    const model = new MockLanguageModelV4({
      doGenerate: [
        asModelResult({ kind: "call", tool: "create_content_draft", input: { body: "" } }, 0),
        asModelResult({ kind: "finish", text: "ok" }, 1),
      ],
    });
    const result = await generateText({
      model,
      tools: aiSdkTools(session.client),
      stopWhen: stepCountIs(3),
      prompt: "Draft.",
    });
    const advertised = model.doGenerateCalls[0]?.tools ?? [];
    expect(advertised.map((t) => t.name)).toEqual(tools.map((t) => t.name));
    for (const shown of advertised) {
      if (shown.type !== "function") throw new Error(`${shown.name} is a function tool`);
      expect(shown.inputSchema).toEqual(tools.find((t) => t.name === shown.name)?.parameters);
    }
    const toolResults = result.steps[0]?.toolResults ?? [];
    expect(toolResults[0]?.output).toMatchObject({
      error: { code: "validation_error", param: "channelId" },
    });
    expect(result.steps[0]?.content.some((part) => part.type === "tool-error")).toBe(false);
  });

  it("the AI SDK's abort signal stops the SDK call: execute rejects with APIUserAbortError", async () => {
    const { list_channels: listChannels } = aiSdkTools(session.client, {
      tools: ["list_channels"],
    });
    const run = listChannels?.execute?.(
      {},
      { toolCallId: "call_1", messages: [], abortSignal: AbortSignal.abort(), context: undefined },
    );
    await expect(run).rejects.toMatchObject({ name: "APIUserAbortError" });
  });

  it("readOnly gives only the reading tools, and tools picks by name", () => {
    const readers = Object.keys(aiSdkTools(session.client, { readOnly: true }));
    expect(readers).toEqual(tools.filter((t) => t.annotations.readOnlyHint).map((t) => t.name));
    expect(Object.keys(aiSdkTools(session.client, { tools: ["list_channels"] }))).toEqual([
      "list_channels",
    ]);
  });
});
