/**
 * OpenAI Agents SDK: `update_content` has a `needsApproval` that reads the item, so text with
 * AI-ism matches interrupts the run; `describeApproval` gives the text and matches to show, and
 * the review rides in the run context, so the state can be saved and answered later (here it
 * is serialised and restored each time). A scripted `Model` approves three drafts; a scripted
 * person approves one, declines one, and meets a text edited while they were deciding.
 *
 *   npx tsx examples/approval-openai-agents.ts
 *
 * No network and no model provider. Exits non-zero when the story does not end as expected.
 */
import {
  Agent,
  type Model,
  type ModelRequest,
  type ModelResponse,
  Runner,
  RunState,
  Usage,
} from "@openai/agents";
import { describeApproval, openAIAgentsTools } from "../src/frameworks/openai-agents.js";
import { createStoryItems, expectStoryEnding, scriptedPerson } from "./support/approval-story.js";
import { runExample } from "./support/run-example.js";

await runExample("OpenAI Agents SDK: needsApproval asks a person", async (session) => {
  const items = await createStoryItems(session);
  const person = scriptedPerson(session.client, items);
  const agent = new Agent({
    name: "Publisher",
    instructions: "Approve the drafts you are given.",
    tools: openAIAgentsTools(session.client, { tools: ["update_content"] }),
  });

  for (const id of [items.approve, items.decline, items.edited]) {
    const runner = new Runner({ model: scriptedModel(id), tracingDisabled: true });
    // The reviews ride in the run context, which must be an object.
    let result = await runner.run(agent, `Approve ${id}.`, { context: {} as unknown });
    while (result.interruptions.length > 0) {
      // Saved while the person decides, restored when they answer (any process could).
      const state = await RunState.fromString(agent, result.state.toString());
      for (const interruption of state.getInterruptions()) {
        const shown = describeApproval(interruption, state);
        const approved =
          shown !== undefined && (await person.answer(id, `${shown.message} ${shown.text}`));
        if (approved) state.approve(interruption);
        else state.reject(interruption);
      }
      result = await runner.run(agent, state);
    }
    console.log(`  model says for ${id}: ${String(result.finalOutput)}`);
  }
  await expectStoryEnding(session, items, person);
});

/** Calls update_content (strict: every parameter); told the text changed, calls again. */
function scriptedModel(id: string): Model {
  let calls = 0;
  return {
    async getResponse(request: ModelRequest): Promise<ModelResponse> {
      const last = Array.isArray(request.input) ? request.input.at(-1) : undefined;
      const output = last?.type === "function_call_result" ? textOf(last.output) : undefined;
      if (output === undefined || output.includes('"stale":true')) {
        calls += 1;
        const input = {
          id,
          content: null,
          channelId: null,
          status: "pending",
          rejectionReason: null,
          acknowledgeAiIsms: null,
        };
        return {
          usage: new Usage(),
          output: [
            {
              type: "function_call",
              callId: `${id}_${calls}`,
              name: "update_content",
              arguments: JSON.stringify(input),
              status: "completed",
            },
          ],
        };
      }
      const text = output.startsWith("{") ? "Approved." : `Not approved: ${output}`;
      return {
        usage: new Usage(),
        output: [
          {
            type: "message",
            role: "assistant",
            status: "completed",
            content: [{ type: "output_text", text }],
          },
        ],
      };
    },
    getStreamedResponse(): AsyncIterable<never> {
      throw new Error("This example runs without streaming.");
    },
  };
}

/** The text of a tool result as the Agents SDK hands it back to the model. */
function textOf(output: unknown): string {
  if (typeof output === "string") return output;
  if (output !== null && typeof output === "object" && "text" in output) return String(output.text);
  return JSON.stringify(output);
}
