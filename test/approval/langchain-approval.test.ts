import { Command } from "@langchain/langgraph";
import type { FakeToolCallingModel, HITLRequest, InterruptOnConfig } from "langchain";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  langChainApproval,
  langChainTools,
  langChainToolsWithApproval,
} from "../../src/frameworks/langchain.js";
import type { ToolClient } from "../../src/tools/index.js";
import { type FakeSession, openFakeSession } from "../support/fake-session.js";
import {
  agentPausingOn,
  modelCalling as modelCallingTools,
  type PausedResult,
} from "../support/langchain-mock-model.js";
import {
  acknowledgedWrites,
  EDITED_TEXT,
  FLAGGED_TEXT,
  flaggedDraft,
  statusOf,
} from "./support/acknowledgments.js";

let session: FakeSession;
beforeEach(() => {
  session = openFakeSession();
});
afterEach(() => session.close());

/** The agent's model: each turn calls `update_content` as listed, an empty turn ends. */
function modelCalling(...turns: { id: string; args: Record<string, unknown> }[][]) {
  return modelCallingTools(
    ...turns.map((calls) => calls.map((call) => ({ ...call, name: "update_content" }))),
  );
}

function agentFor(
  client: ToolClient,
  model: FakeToolCallingModel,
  acknowledgment?: "ask" | "human" | "model",
) {
  // The configuration is LangChain's own InterruptOnConfig record.
  const interruptOn: Record<string, InterruptOnConfig> = langChainApproval(client, {
    acknowledgment,
  });
  const tools = langChainTools(client, { tools: ["update_content"], acknowledgment });
  return agentPausingOn({ model, tools, interruptOn });
}

type Result = PausedResult;

function pendingRequest(result: Result): HITLRequest | undefined {
  return result.__interrupt__?.[0]?.value;
}

/** The tool messages the model read, as JSON where they are JSON. */
function toolOutputs(result: Result): unknown[] {
  return result.messages
    .filter(
      (message) => (message as { type?: string }).type === "tool" || "tool_call_id" in message,
    )
    .map((message) => {
      const text = String(message.content);
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    });
}

describe("langChainApproval with humanInTheLoopMiddleware and LangChain's FakeToolCallingModel", () => {
  it("PATCH-3 approve: the interrupt shows matches and text, approve and reject only; one PATCH acknowledges", async () => {
    const draft = await flaggedDraft(session);
    const agent = agentFor(
      session.client,
      modelCalling([{ id: "c1", args: { id: draft.id, status: "pending" } }]),
    );
    const config = { configurable: { thread_id: "approve" } };
    const asked = (await agent.invoke(
      { messages: [{ role: "user", content: "Approve." }] },
      config,
    )) as Result;
    const request = pendingRequest(asked);
    expect(request?.reviewConfigs).toEqual([
      expect.objectContaining({
        actionName: "update_content",
        allowedDecisions: ["approve", "reject"],
      }),
    ]);
    expect(request?.actionRequests[0]?.description).toContain('delve ("delve")');
    expect(request?.actionRequests[0]?.description).toContain(FLAGGED_TEXT);
    expect(await statusOf(session, draft.id)).toBe("draft");

    await agent.invoke(new Command({ resume: { decisions: [{ type: "approve" }] } }), config);
    expect(await statusOf(session, draft.id)).toBe("pending");
    expect(acknowledgedWrites(session, draft.id)).toBe(1);
  });

  it("PATCH-3 reject: still a draft, nothing acknowledged, the model is told", async () => {
    const draft = await flaggedDraft(session);
    const agent = agentFor(
      session.client,
      modelCalling([{ id: "c1", args: { id: draft.id, status: "pending" } }]),
    );
    const config = { configurable: { thread_id: "reject" } };
    await agent.invoke({ messages: [{ role: "user", content: "Approve." }] }, config);
    const message = "The user did not approve this text.";
    const done = (await agent.invoke(
      new Command({ resume: { decisions: [{ type: "reject", message }] } }),
      config,
    )) as Result;
    expect(toolOutputs(done)).toEqual([message]);
    expect(await statusOf(session, draft.id)).toBe("draft");
    expect(acknowledgedWrites(session, draft.id)).toBe(0);
  });

  it("PATCH-3 a text edited between asking and answering is asked about again, never acknowledged blind", async () => {
    const draft = await flaggedDraft(session);
    const call = { id: draft.id, status: "pending" };
    const agent = agentFor(
      session.client,
      modelCalling([{ id: "c1", args: call }], [{ id: "c2", args: call }]),
    );
    const config = { configurable: { thread_id: "edited" } };
    await agent.invoke({ messages: [{ role: "user", content: "Approve." }] }, config);
    await session.client.content.update(draft.id, { content: EDITED_TEXT });

    const askedAgain = (await agent.invoke(
      new Command({ resume: { decisions: [{ type: "approve" }] } }),
      config,
    )) as Result;
    expect(toolOutputs(askedAgain)).toEqual([{ error: expect.objectContaining({ stale: true }) }]);
    expect(pendingRequest(askedAgain)?.actionRequests[0]?.description).toContain(EDITED_TEXT);
    expect(acknowledgedWrites(session, draft.id)).toBe(0);

    await agent.invoke(new Command({ resume: { decisions: [{ type: "approve" }] } }), config);
    expect(await statusOf(session, draft.id)).toBe("pending");
    expect(acknowledgedWrites(session, draft.id)).toBe(1);
  });

  it('PATCH-3 "model" never pauses and the model acknowledges; "human" ignores the model\'s own acknowledgment', async () => {
    const [first, second] = [await flaggedDraft(session), await flaggedDraft(session)];
    const human = agentFor(
      session.client,
      modelCalling([
        { id: "h1", args: { id: first.id, status: "pending", acknowledgeAiIsms: true } },
      ]),
      "human",
    );
    const paused = (await human.invoke(
      { messages: [{ role: "user", content: "Approve." }] },
      { configurable: { thread_id: "human" } },
    )) as Result;
    expect(pendingRequest(paused)).toBeDefined();
    expect(acknowledgedWrites(session, first.id)).toBe(0);

    const byModel = agentFor(
      session.client,
      modelCalling([
        { id: "m1", args: { id: second.id, status: "pending", acknowledgeAiIsms: true } },
      ]),
      "model",
    );
    const done = (await byModel.invoke(
      { messages: [{ role: "user", content: "Approve." }] },
      { configurable: { thread_id: "model" } },
    )) as Result;
    expect(pendingRequest(done)).toBeUndefined();
    expect(await statusOf(session, second.id)).toBe("pending");
    expect(acknowledgedWrites(session, second.id)).toBe(1);
  });
});

describe("langChainToolsWithApproval: the tools and their interruptOn from one options object", () => {
  it("PATCH-3 approve: the agent pauses with the text, and one PATCH acknowledges it", async () => {
    const draft = await flaggedDraft(session);
    const { tools, interruptOn } = langChainToolsWithApproval(session.client, {
      tools: ["update_content"],
    });
    expect(tools.map((tool) => tool.name)).toEqual(["update_content"]);
    const model = modelCalling([{ id: "c1", args: { id: draft.id, status: "pending" } }]);
    const agent = agentPausingOn({ model, tools, interruptOn });
    const config = { configurable: { thread_id: "together" } };
    const asked = (await agent.invoke(
      { messages: [{ role: "user", content: "Approve." }] },
      config,
    )) as Result;
    expect(pendingRequest(asked)?.actionRequests[0]?.description).toContain(FLAGGED_TEXT);
    expect(await statusOf(session, draft.id)).toBe("draft");
    await agent.invoke(new Command({ resume: { decisions: [{ type: "approve" }] } }), config);
    expect(await statusOf(session, draft.id)).toBe("pending");
    expect(acknowledgedWrites(session, draft.id)).toBe(1);
  });

  it("refuses an unknown option, naming the nearest known one", () => {
    expect(() =>
      langChainToolsWithApproval(session.client, { acknowledgement: "human" } as never),
    ).toThrow(/acknowledgment/);
  });
});
