/**
 * AI SDK: `aiSdkToolApproval(client)` as `toolApproval`. An approval of text with AI-ism matches
 * becomes a `tool-approval-request` whose reason shows the matches and the text; the app asks the
 * person and sends the answer back. A scripted model (`MockLanguageModelV4` from `ai/test`)
 * approves three drafts; a scripted person approves one, declines one, and meets a text edited
 * while they were deciding (the model is told, calls again, and the person is asked again).
 *
 *   npx tsx examples/approval-ai-sdk.ts
 *
 * No network and no model provider. Exits non-zero when the story does not end as expected.
 */
import { generateText, type ModelMessage, stepCountIs, type ToolApprovalResponse } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { aiSdkToolApproval, aiSdkTools } from "../src/frameworks/ai-sdk.js";
import { createStoryItems, expectStoryEnding, scriptedPerson } from "./support/approval-story.js";
import { runExample } from "./support/run-example.js";

const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 0, text: 0, reasoning: undefined },
};

await runExample("AI SDK: aiSdkToolApproval asks a person", async (session) => {
  const items = await createStoryItems(session);
  const person = scriptedPerson(session.client, items);
  const settings = {
    tools: aiSdkTools(session.client, { tools: ["update_content"] }),
    toolApproval: aiSdkToolApproval(session.client),
    stopWhen: stepCountIs(6),
  };

  for (const id of [items.approve, items.decline, items.edited]) {
    const model = scriptedModel(id);
    const messages: ModelMessage[] = [{ role: "user", content: `Approve ${id}.` }];
    let result = await generateText({ ...settings, model, messages });
    // The app's loop: answer every approval request, then let the agent go on.
    for (;;) {
      const requests = result.content.filter((part) => part.type === "tool-approval-request");
      if (requests.length === 0) break;
      const answers: ToolApprovalResponse[] = [];
      for (const request of requests) {
        const approved = await person.answer(id, request.reason ?? "");
        answers.push({ type: "tool-approval-response", approvalId: request.approvalId, approved });
      }
      messages.push(...result.responseMessages, { role: "tool", content: answers });
      result = await generateText({ ...settings, model, messages });
    }
    console.log(`  model says for ${id}: ${result.text}`);
  }
  await expectStoryEnding(session, items, person);
});

/** Calls update_content; told the text changed, calls again; otherwise says what it read. */
function scriptedModel(id: string) {
  let calls = 0;
  return new MockLanguageModelV4({
    doGenerate: async ({ prompt }) => {
      const last = prompt.at(-1);
      const part = last?.role === "tool" ? last.content.at(-1) : undefined;
      const output = part?.type === "tool-result" ? part.output : undefined;
      const read =
        output?.type === "json" ? (output.value as { error?: { stale?: boolean } }) : undefined;
      if (output === undefined || read?.error?.stale === true) {
        calls += 1;
        return {
          content: [
            {
              type: "tool-call" as const,
              toolCallId: `${id}_${calls}`,
              toolName: "update_content",
              input: JSON.stringify({ id, status: "pending" }),
            },
          ],
          finishReason: { unified: "tool-calls" as const, raw: "tool_calls" },
          usage,
          warnings: [],
        };
      }
      const text = output.type === "execution-denied" ? "The person declined." : "Approved.";
      return {
        content: [{ type: "text" as const, text }],
        finishReason: { unified: "stop" as const, raw: "stop" },
        usage,
        warnings: [],
      };
    },
  });
}
