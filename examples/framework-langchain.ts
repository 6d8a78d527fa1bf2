/**
 * LangChain: `langChainTools(client)` gives structured tools for a chat model's `bindTools`.
 * LangChain's own test model (`FakeStreamingChatModel` from `@langchain/core/utils/testing`)
 * plays an agent that forgets the channel and writes an AI-ism, and recovers from both by reading
 * our envelopes in the tool messages.
 *
 *   npx tsx examples/framework-langchain.ts
 *
 * No network and no model provider. Exits non-zero when the run does not end with the draft
 * approved.
 */
import {
  AIMessage,
  AIMessageChunk,
  type BaseMessage,
  HumanMessage,
  ToolMessage,
} from "@langchain/core/messages";
import { FakeStreamingChatModel } from "@langchain/core/utils/testing";
import { langChainTools } from "../src/frameworks/langchain.js";
import { expectThat } from "./support/expect-that.js";
import { recoveringModel } from "./support/recovering-model.js";
import { runExample } from "./support/run-example.js";

await runExample("LangChain: langChainTools bound to a chat model", async ({ client }) => {
  const tools = langChainTools(client, { tools: ["create_content_draft", "update_content"] });
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const script = recoveringModel();
  // The fake model answers with the text of responses[0] and the tool calls of chunks[0]; the
  // bound copy shares both lists, so each answer is set from the messages the model was sent.
  const replies = { responses: [] as BaseMessage[], chunks: [] as AIMessageChunk[] };
  const model = new FakeStreamingChatModel({ sleep: 0, ...replies }).bindTools(tools);

  const messages: BaseMessage[] = [
    new HumanMessage("Draft a LinkedIn post about our export speed and approve it."),
  ];
  for (let turn = 0; turn < 8; turn++) {
    const last = messages.at(-1);
    const move = script.next(
      ToolMessage.isInstance(last) ? JSON.parse(String(last.content)) : undefined,
    );
    replies.responses[0] = new AIMessage(move.kind === "finish" ? move.text : "");
    replies.chunks[0] = new AIMessageChunk({
      content: "",
      tool_calls:
        move.kind === "call"
          ? [{ id: `call_${turn}`, name: move.tool, args: move.input, type: "tool_call" }]
          : [],
    });
    const answer = (await model.invoke(messages)) as AIMessage;
    messages.push(answer);
    if (!answer.tool_calls?.length) break;
    for (const call of answer.tool_calls) {
      messages.push((await byName.get(call.name)!.invoke(call)) as ToolMessage);
    }
  }

  const text = String(messages.at(-1)?.content);
  console.log(`  ${messages.length} messages; the model says: ${text}`);
  expectThat(text.startsWith("Approved cnt_"), `the run ends with the draft approved: ${text}`);
});
