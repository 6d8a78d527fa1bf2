/**
 * Vercel AI SDK: `aiSdkTools(client)` gives a `ToolSet` for `generateText`. The AI SDK's own test
 * model (`MockLanguageModelV4` from `ai/test`) plays an agent that forgets the channel and writes
 * an AI-ism, and recovers from both by reading our envelopes.
 *
 *   npx tsx examples/framework-ai-sdk.ts
 *
 * No network and no model provider. Exits non-zero when the run does not end with the draft
 * approved.
 */
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { aiSdkTools } from "../src/frameworks/ai-sdk.js";
import { expectThat } from "./support/expect-that.js";
import { type ModelMove, recoveringModel } from "./support/recovering-model.js";
import { runExample } from "./support/run-example.js";

const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 0, text: 0, reasoning: undefined },
};

await runExample("AI SDK: aiSdkTools under generateText", async ({ client }) => {
  const script = recoveringModel();
  let step = 0;
  const model = new MockLanguageModelV4({
    // The model sees what the AI SDK sends it: the last message holds the last tool result.
    doGenerate: async ({ prompt }) => {
      const last = prompt.at(-1);
      const part = last?.role === "tool" ? last.content.at(-1) : undefined;
      const output =
        part?.type === "tool-result" && part.output.type === "json" ? part.output.value : undefined;
      return { ...answer(script.next(output), step++), usage, warnings: [] };
    },
  });

  const { text, steps } = await generateText({
    model,
    tools: aiSdkTools(client, { tools: ["create_content_draft", "update_content"] }),
    stopWhen: stepCountIs(8),
    prompt: "Draft a LinkedIn post about our export speed and approve it.",
  });

  console.log(`  ${steps.length} steps; the model says: ${text}`);
  expectThat(text.startsWith("Approved cnt_"), `the run ends with the draft approved: ${text}`);
});

function answer(move: ModelMove, step: number) {
  return move.kind === "call"
    ? {
        content: [
          {
            type: "tool-call" as const,
            toolCallId: `call_${step}`,
            toolName: move.tool,
            input: JSON.stringify(move.input),
          },
        ],
        finishReason: { unified: "tool-calls" as const, raw: "tool_calls" },
      }
    : {
        content: [{ type: "text" as const, text: move.text }],
        finishReason: { unified: "stop" as const, raw: "stop" },
      };
}
