/**
 * Another process resuming a LangChain agent paused for a person: it loads the checkpointer's
 * saved data, builds the agent anew (a fresh client, tools and approval configuration), resumes
 * with the person's decision, and prints the tool messages the model read as one JSON line.
 */
import { readFileSync } from "node:fs";
import { Command, MemorySaver } from "@langchain/langgraph";
import { langChainApproval, langChainTools } from "../../../src/frameworks/langchain.js";
import { Postline } from "../../../src/index.js";
import { agentPausingOn, modelCalling } from "../../support/langchain-mock-model.js";
import { fileReviewStore, restoreCheckpoints } from "./saved-data.js";

const env = (name: string) => process.env[name] ?? "";
const client = new Postline({
  apiKey: env("API_KEY"),
  baseURL: env("BASE_URL"),
  allowInsecureHttp: true,
  maxRetries: 0,
  rateLimit: false,
});
const options = {
  ...(env("REVIEWS") === "" ? {} : { reviews: fileReviewStore(env("REVIEWS")) }),
  ...(env("STATE_KEY") === "" ? {} : { requestStateKey: env("STATE_KEY") }),
};
const agent = agentPausingOn({
  // After the tool's answer the model only finishes.
  model: modelCalling(),
  tools: langChainTools(client, { tools: ["update_content"] }),
  interruptOn: langChainApproval(client, options),
  checkpointer: restoreCheckpoints(new MemorySaver(), readFileSync(env("CHECKPOINTS"), "utf8")),
});
const result = (await agent.invoke(
  new Command({ resume: { decisions: [{ type: env("DECISION") || "approve" }] } }),
  { configurable: { thread_id: env("THREAD") } },
)) as { messages: { content: unknown; tool_call_id?: string }[] };
const read = result.messages
  .filter((message) => typeof message.tool_call_id === "string")
  .map((message) => JSON.parse(String(message.content)) as unknown);
process.stdout.write(`${JSON.stringify(read)}\n`);
