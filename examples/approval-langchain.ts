/**
 * LangChain: `langChainApproval(client)` is the `interruptOn` of `humanInTheLoopMiddleware`. An
 * approval of text with AI-ism matches pauses the agent (approve or reject only); the app asks
 * the person and resumes with `Command({ resume: { decisions } })` on the same thread, kept by
 * the checkpointer. LangChain's `FakeToolCallingModel` plays the model (its turns are fixed: it
 * calls update_content, and for the edited draft calls again after being told the text
 * changed); a scripted person
 * approves one draft, declines one, and meets a text edited while they were deciding.
 *
 *   npx tsx examples/approval-langchain.ts
 *
 * No network and no model provider. Exits non-zero when the story does not end as expected.
 */
import { Command, MemorySaver } from "@langchain/langgraph";
import {
  type AnyAgentMiddleware,
  createAgent,
  FakeToolCallingModel,
  type HITLRequest,
  humanInTheLoopMiddleware,
  type Interrupt,
  type InterruptOnConfig,
} from "langchain";
import { langChainApproval, langChainTools } from "../src/frameworks/langchain.js";
import { createStoryItems, expectStoryEnding, scriptedPerson } from "./support/approval-story.js";
import { runExample } from "./support/run-example.js";

await runExample("LangChain: humanInTheLoopMiddleware asks a person", async (session) => {
  const items = await createStoryItems(session);
  const person = scriptedPerson(session.client, items);
  const interruptOn: Record<string, InterruptOnConfig> = langChainApproval(session.client);

  for (const id of [items.approve, items.decline, items.edited]) {
    const call = (n: number) => [
      { id: `${id}_${n}`, name: "update_content", args: { id, status: "pending" } },
    ];
    const agent = createAgent({
      // The fake model's turns are fixed: for the edited draft it calls again after the first try.
      model: new FakeToolCallingModel({
        toolCalls: id === items.edited ? [call(1), call(2), []] : [call(1), []],
      }),
      tools: langChainTools(session.client, { tools: ["update_content"] }),
      // langchain's middleware types resolve to never under exactOptionalPropertyTypes.
      middleware: [
        humanInTheLoopMiddleware({ interruptOn } as never) as unknown as AnyAgentMiddleware,
      ],
      checkpointer: new MemorySaver(),
    });
    const config = { configurable: { thread_id: id } };
    let result = await agent.invoke(
      { messages: [{ role: "user", content: `Approve ${id}.` }] },
      config,
    );
    let paused = (result as { __interrupt__?: Interrupt<HITLRequest>[] }).__interrupt__;
    while (paused !== undefined && paused.length > 0) {
      const request = paused[0]?.value;
      const decisions = [];
      for (const action of request?.actionRequests ?? []) {
        const approved = await person.answer(id, action.description ?? "");
        decisions.push(
          approved
            ? { type: "approve" as const }
            : { type: "reject" as const, message: "The person did not approve this text." },
        );
      }
      result = await agent.invoke(new Command({ resume: { decisions } }), config);
      paused = (result as { __interrupt__?: Interrupt<HITLRequest>[] }).__interrupt__;
    }
    const last = result.messages.filter((message) => message.type === "tool").at(-1);
    console.log(`  the model read for ${id}: ${String(last?.content).slice(0, 100)}`);
  }
  await expectStoryEnding(session, items, person);
});
