/**
 * OpenAI Agents SDK: `openAIAgentsTools(client)` gives strict function tools for an `Agent`. A
 * scripted `Model` (the Agents SDK's model interface, so no provider is called) plays an agent
 * that forgets the channel and writes an AI-ism, and recovers from both by reading our envelopes.
 * As strict mode does, it sends every parameter, with `null` for those it leaves out.
 *
 *   npx tsx examples/framework-openai-agents.ts
 *
 * No network and no model provider. Exits non-zero when the run does not end with the draft
 * approved.
 */
import {
  Agent,
  type Model,
  type ModelRequest,
  type ModelResponse,
  Runner,
  Usage,
} from "@openai/agents";
import { openAIAgentsTools } from "../src/frameworks/openai-agents.js";
import { expectThat } from "./support/expect-that.js";
import { recoveringModel } from "./support/recovering-model.js";
import { runExample } from "./support/run-example.js";

await runExample("OpenAI Agents SDK: openAIAgentsTools on an Agent", async ({ client }) => {
  const agent = new Agent({
    name: "Social drafts",
    instructions: "Draft posts for the connected channels and approve them.",
    // This model acknowledges AI-isms itself; approval-openai-agents.ts has a person decide.
    tools: openAIAgentsTools(client, {
      tools: ["create_content_draft", "update_content"],
      acknowledgment: "model",
    }),
  });
  const runner = new Runner({ model: scriptedModel(), tracingDisabled: true });
  const result = await runner.run(agent, "Draft a LinkedIn post about our export speed.");

  const text = String(result.finalOutput);
  console.log(`  the model says: ${text}`);
  expectThat(text.startsWith("Approved cnt_"), `the run ends with the draft approved: ${text}`);
});

/** An Agents SDK model whose turns come from the recovering script. */
function scriptedModel(): Model {
  const script = recoveringModel({ strict: true });
  let turn = 0;
  return {
    async getResponse(request: ModelRequest): Promise<ModelResponse> {
      const last = Array.isArray(request.input) ? request.input.at(-1) : undefined;
      const output =
        last?.type === "function_call_result" ? JSON.parse(textOf(last.output)) : undefined;
      const move = script.next(output);
      turn += 1;
      return {
        usage: new Usage(),
        output: [
          move.kind === "call"
            ? {
                type: "function_call",
                callId: `call_${turn}`,
                name: move.tool,
                arguments: JSON.stringify(move.input),
                status: "completed",
              }
            : {
                type: "message",
                role: "assistant",
                status: "completed",
                content: [{ type: "output_text", text: move.text }],
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
  if (output !== null && typeof output === "object" && "text" in output) {
    return String(output.text);
  }
  throw new Error(`The tool result is not text: ${JSON.stringify(output)}`);
}
