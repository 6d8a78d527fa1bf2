import Anthropic from "@anthropic-ai/sdk";
import type { BetaRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import { HttpResponse, http } from "msw";
import OpenAI from "openai";
import type { RunnableToolFunctionWithoutParse } from "openai/lib/RunnableFunction";
import { afterEach, describe, expect, expectTypeOf, it } from "vitest";
import { toAnthropicRunnableTools, toOpenAIRunnableTools } from "../../src/tools/index.js";
import { type FakeSession, openFakeSession } from "../support/fake-session.js";
import { type ModelMove, recoveryScript } from "./support/recovery-script.js";

const OPENAI = "https://api.openai.test/v1";
const ANTHROPIC = "https://api.anthropic.test";

let session: FakeSession | undefined;
afterEach(() => {
  session?.close();
  session = undefined;
});

type Message = { role: string; content?: unknown; tool_call_id?: string };

/** Chat Completions faked: the last `tool` message is what the model read. */
function fakeChatCompletions(decide: (lastOutput: unknown) => ModelMove) {
  const bodies: Record<string, unknown>[] = [];
  const handler = http.post(`${OPENAI}/chat/completions`, async ({ request }) => {
    const body = (await request.json()) as { messages: Message[]; model: string };
    bodies.push(body);
    const last = body.messages.at(-1);
    const move = decide(last?.role === "tool" ? JSON.parse(String(last.content)) : undefined);
    const turn = bodies.length;
    const message =
      move.kind === "call"
        ? {
            role: "assistant",
            content: null,
            tool_calls: [
              {
                id: `call_${turn}`,
                type: "function",
                function: { name: move.tool, arguments: JSON.stringify(move.input) },
              },
            ],
          }
        : { role: "assistant", content: move.text };
    return HttpResponse.json({
      id: `chatcmpl_${turn}`,
      object: "chat.completion",
      created: 1_790_000_000,
      model: body.model,
      choices: [{ index: 0, message, finish_reason: move.kind === "call" ? "tool_calls" : "stop" }],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    });
  });
  return { handler, bodies };
}

/** The Messages API faked: the last `tool_result` block is what the model read. */
function fakeMessages(decide: (lastOutput: unknown) => ModelMove) {
  const bodies: Record<string, unknown>[] = [];
  const handler = http.post(`${ANTHROPIC}/v1/messages`, async ({ request }) => {
    const body = (await request.json()) as { messages: Message[]; model: string };
    bodies.push(body);
    const last = body.messages.at(-1);
    const blocks = Array.isArray(last?.content) ? (last.content as Record<string, unknown>[]) : [];
    const toolResult = blocks.find((block) => block.type === "tool_result");
    const move = decide(toolResult ? JSON.parse(String(toolResult.content)) : undefined);
    const turn = bodies.length;
    return HttpResponse.json({
      id: `msg_${turn}`,
      type: "message",
      role: "assistant",
      model: body.model,
      content:
        move.kind === "call"
          ? [{ type: "tool_use", id: `toolu_${turn}`, name: move.tool, input: move.input }]
          : [{ type: "text", text: move.text }],
      stop_reason: move.kind === "call" ? "tool_use" : "end_turn",
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 5 },
    });
  });
  return { handler, bodies };
}

async function itemCount(current: FakeSession): Promise<number> {
  return (await current.client.content.list({ status: "all" }).toArray()).length;
}

function expectRecovered(results: unknown[]) {
  const [missingChannel, , acknowledgment] = results;
  expect(missingChannel).toMatchObject({
    error: {
      code: "validation_error",
      param: "channelId",
      channels: expect.arrayContaining([expect.objectContaining({ platform: "linkedin" })]),
    },
  });
  expect(acknowledgment).toMatchObject({
    error: { acknowledgmentRequired: true, aiIsmMatches: expect.any(Array) },
  });
}

describe("openai.chat.completions.runTools with toOpenAIRunnableTools, Chat Completions faked by msw", () => {
  it("a run recovers from a missing channel and from acknowledgmentRequired, ending with one item", async () => {
    const script = recoveryScript({ strict: true });
    const api = fakeChatCompletions(script.next);
    session = openFakeSession(api.handler);
    const openai = new OpenAI({ apiKey: "sk-test", baseURL: OPENAI, maxRetries: 0 });
    const before = await itemCount(session);

    const runner = openai.chat.completions.runTools({
      model: "gpt-5",
      messages: [{ role: "user", content: "Draft a LinkedIn post and approve it." }],
      tools: toOpenAIRunnableTools(session.client, { strict: true }),
    });

    expect(await runner.finalContent()).toMatch(/^Approved cnt_/);
    expectRecovered(script.results);
    expect(await itemCount(session)).toBe(before + 1);
    const sentTools = api.bodies[0]?.tools as { function: Record<string, unknown> }[];
    expect(sentTools.every((t) => t.function.strict === true)).toBe(true);
  });

  it("its tools fit the openai package's runnable tool type", () => {
    session = openFakeSession();
    expectTypeOf(toOpenAIRunnableTools(session.client)).toExtend<
      RunnableToolFunctionWithoutParse[]
    >();
  });
});

describe("anthropic.beta.messages.toolRunner with toAnthropicRunnableTools, the Messages API faked by msw", () => {
  it("a run recovers from a missing channel and from acknowledgmentRequired, ending with one item", async () => {
    const script = recoveryScript();
    const api = fakeMessages(script.next);
    session = openFakeSession(api.handler);
    const anthropic = new Anthropic({ apiKey: "sk-ant-test", baseURL: ANTHROPIC, maxRetries: 0 });
    const before = await itemCount(session);

    const final = await anthropic.beta.messages.toolRunner({
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      messages: [{ role: "user", content: "Draft a LinkedIn post and approve it." }],
      tools: toAnthropicRunnableTools(session.client),
    });

    expect(final.content).toEqual([
      expect.objectContaining({ text: expect.stringMatching(/^Approved cnt_/) }),
    ]);
    expectRecovered(script.results);
    expect(await itemCount(session)).toBe(before + 1);
  });

  it("the runner's abort signal stops the SDK call: run rejects with APIUserAbortError", async () => {
    session = openFakeSession();
    const [listChannels] = toAnthropicRunnableTools(session.client, { tools: ["list_channels"] });
    await expect(listChannels!.run({}, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: "APIUserAbortError",
    });
  });

  it("its tools fit the Anthropic SDK's runnable tool type", () => {
    session = openFakeSession();
    expectTypeOf(toAnthropicRunnableTools(session.client)).toExtend<BetaRunnableTool[]>();
  });
});
