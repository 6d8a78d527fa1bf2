import {
  AIMessage,
  AIMessageChunk,
  type BaseMessage,
  HumanMessage,
  ToolMessage,
} from "@langchain/core/messages";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { FakeStreamingChatModel } from "@langchain/core/utils/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { langChainTools } from "../../src/frameworks/langchain.js";
import { tools } from "../../src/tools/index.js";
import { type FakeSession, openFakeSession } from "../support/fake-session.js";
import { type ModelMove, parseToolOutput, recoveryScript } from "./support/recovery-script.js";

let session: FakeSession;
beforeEach(() => {
  session = openFakeSession();
});
afterEach(() => session.close());

/**
 * Sets the reply LangChain's FakeStreamingChatModel gives next: it answers with the text of
 * `responses[0]` and the tool calls of `chunks[0]`.
 */
function setReply(
  model: { responses: BaseMessage[]; chunks: AIMessageChunk[] },
  move: ModelMove,
  turn: number,
) {
  model.responses[0] = new AIMessage(move.kind === "finish" ? move.text : "");
  model.chunks[0] =
    move.kind === "call"
      ? new AIMessageChunk({
          content: "",
          tool_calls: [
            { id: `call_${turn}`, name: move.tool, args: move.input, type: "tool_call" },
          ],
        })
      : new AIMessageChunk({ content: move.text });
}

describe("langChainTools with LangChain's FakeStreamingChatModel", () => {
  it("a run recovers from a missing channel and from acknowledgmentRequired, ending with one item", async () => {
    const script = recoveryScript();
    const postlineTools = langChainTools(session.client);
    const byName = new Map(postlineTools.map((t) => [t.name, t]));
    // The bound copy shares these arrays, so each reply is set from what the model was last sent.
    const replies = { responses: [] as BaseMessage[], chunks: [] as AIMessageChunk[] };
    const model = new FakeStreamingChatModel({ sleep: 0, ...replies }).bindTools(postlineTools);
    const before = (await session.client.content.list({ status: "all" }).toArray()).length;

    const messages: BaseMessage[] = [new HumanMessage("Draft a LinkedIn post and approve it.")];
    for (let turn = 0; turn < 8; turn++) {
      const last = messages.at(-1);
      const read = ToolMessage.isInstance(last) ? parseToolOutput(last.content) : undefined;
      setReply(replies, script.next(read), turn);
      const answer = (await model.invoke(messages)) as AIMessage;
      messages.push(answer);
      if (!answer.tool_calls?.length) break;
      for (const call of answer.tool_calls) {
        messages.push((await byName.get(call.name)!.invoke(call)) as ToolMessage);
      }
    }

    expect(messages.at(-1)?.content).toMatch(/^Approved cnt_/);
    const [missingChannel, , acknowledgment] = script.results;
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
    const after = await session.client.content.list({ status: "all" }).toArray();
    expect(after).toHaveLength(before + 1);
  });

  it("advertises each tool's JSON Schema when bound to a model", () => {
    for (const postlineTool of langChainTools(session.client)) {
      const shown = convertToOpenAITool(postlineTool);
      const ours = tools.find((t) => t.name === postlineTool.name)!;
      expect(shown.function).toMatchObject({ name: ours.name, description: ours.description });
      expect(shown.function.parameters).toEqual(ours.parameters);
    }
  });

  it("a tool message carries the result as JSON text and as its artifact, including an envelope", async () => {
    const [createDraft] = langChainTools(session.client, { tools: ["create_content_draft"] });
    const message = (await createDraft!.invoke({
      id: "call_1",
      name: "create_content_draft",
      args: { body: "No channel named." },
      type: "tool_call",
    })) as ToolMessage;
    expect(ToolMessage.isInstance(message)).toBe(true);
    expect(message.tool_call_id).toBe("call_1");
    expect(JSON.parse(String(message.content))).toEqual(message.artifact);
    expect(message.artifact).toMatchObject({
      error: { code: "validation_error", param: "channelId", channels: expect.any(Array) },
    });
  });

  it("readOnly with a tool that writes is refused, naming both options", () => {
    expect(() =>
      langChainTools(session.client, { readOnly: true, tools: ["delete_content"] }),
    ).toThrow(/options\.tools names delete_content.*options\.readOnly/);
  });
});
