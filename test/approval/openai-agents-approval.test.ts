import { Agent, RunState } from "@openai/agents";
import { afterEach, describe, expect, it } from "vitest";
import { describeApproval, openAIAgentsTools } from "../../src/frameworks/openai-agents.js";
import { Postline } from "../../src/index.js";
import type { ToolClient } from "../../src/tools/index.js";
import type { ModelMove } from "../frameworks/support/recovery-script.js";
import { type FakeSession, openFakeSession } from "../support/fake-session.js";
import { fakedAgentsRunner, fakeResponsesAPI } from "../support/openai-agents-mock-model.js";
import {
  acknowledgedWrites,
  EDITED_TEXT,
  FLAGGED_TEXT,
  flaggedDraft,
  statusOf,
} from "./support/acknowledgments.js";

let session: FakeSession | undefined;
afterEach(() => {
  session?.close();
  session = undefined;
});

/** Strict mode: every parameter is sent, `null` for "not given". */
function approveCall(id: string, extra: Record<string, unknown> = {}): ModelMove {
  return {
    kind: "call",
    tool: "update_content",
    input: {
      id,
      content: null,
      channelId: null,
      status: "pending",
      rejectionReason: null,
      acknowledgeAiIsms: null,
      ...extra,
    },
  };
}

/**
 * A model faked at the Responses API: it asks to approve `target.id` (with `extra` input), and
 * after a tool output calls again only when told the text is stale. What it read is kept.
 */
function approvingModel(extra: Record<string, unknown> = {}) {
  const target = { id: "" };
  const read: unknown[] = [];
  const responses = fakeResponsesAPI((output) => {
    if (output === undefined) return approveCall(target.id, extra);
    read.push(output);
    const stale = (output as { error?: { stale?: boolean } }).error?.stale === true;
    return stale ? approveCall(target.id) : finish;
  });
  return { handler: responses.handler, target, read };
}
const finish: ModelMove = { kind: "finish", text: "done" };

function agentWith(client: ToolClient, acknowledgment?: "ask" | "human" | "model") {
  return new Agent({
    name: "Approver",
    tools: openAIAgentsTools(client, { tools: ["update_content"], acknowledgment }),
  });
}

describe("openAIAgentsTools' needsApproval with the Responses API faked by msw", () => {
  it("PATCH-3 approve, then reject, then restore a serialised RunState and approve", async () => {
    const model = approvingModel();
    session = openFakeSession(model.handler);
    const s = session;
    const ids = [
      (await flaggedDraft(s)).id,
      (await flaggedDraft(s)).id,
      (await flaggedDraft(s)).id,
    ];
    const agent = agentWith(s.client);
    const run = (id: string) => {
      model.target.id = id;
      model.read.length = 0;
      return fakedAgentsRunner().run(agent, `Approve ${id}.`, { context: {} });
    };

    // 1. Approve.
    let result = await run(ids[0] as string);
    const [first] = result.interruptions;
    if (!first) throw new Error("the run is interrupted for a person");
    expect(describeApproval(first, result.state)).toMatchObject({
      toolName: "update_content",
      itemId: ids[0],
      text: FLAGGED_TEXT,
      aiIsmMatches: [{ label: "delve" }, { label: "tapestry" }],
    });
    expect(await statusOf(s, ids[0] as string)).toBe("draft");
    result.state.approve(first);
    result = await fakedAgentsRunner().run(agent, result.state);
    expect(await statusOf(s, ids[0] as string)).toBe("pending");
    expect(acknowledgedWrites(s, ids[0] as string)).toBe(1);

    // 2. Reject: the model is told, nothing is written.
    result = await run(ids[1] as string);
    const [second] = result.interruptions;
    if (!second) throw new Error("the run is interrupted for a person");
    result.state.reject(second);
    result = await fakedAgentsRunner().run(agent, result.state);
    expect(model.read).toEqual([expect.stringMatching(/not approved|rejected|denied/i)]);
    expect(await statusOf(s, ids[1] as string)).toBe("draft");
    expect(acknowledgedWrites(s, ids[1] as string)).toBe(0);

    // 3. Serialise, restore in a "new process" (new client, new tools), approve.
    result = await run(ids[2] as string);
    const saved = result.state.toString();
    const { apiKey, baseURL } = s.service.defaults;
    const freshAgent = agentWith(
      new Postline({ apiKey, baseURL, maxRetries: 0, rateLimit: false }),
    );
    const restored = await RunState.fromString(freshAgent, saved);
    const [third] = restored.getInterruptions();
    if (!third) throw new Error("the restored run is still interrupted");
    expect(describeApproval(third, restored)).toMatchObject({ itemId: ids[2], text: FLAGGED_TEXT });
    restored.approve(third);
    await fakedAgentsRunner().run(freshAgent, restored);
    expect(await statusOf(s, ids[2] as string)).toBe("pending");
    expect(acknowledgedWrites(s, ids[2] as string)).toBe(1);
  });

  it("PATCH-3 a text edited between asking and answering interrupts again, never acknowledged blind", async () => {
    const model = approvingModel();
    session = openFakeSession(model.handler);
    const itemId = (await flaggedDraft(session)).id;
    model.target.id = itemId;
    const agent = agentWith(session.client);
    let result = await fakedAgentsRunner().run(agent, "Approve it.", { context: {} });
    await session.client.content.update(itemId, { content: EDITED_TEXT });
    const [asked] = result.interruptions;
    if (!asked) throw new Error("interrupted");
    result.state.approve(asked);
    result = await fakedAgentsRunner().run(agent, result.state);

    expect(model.read).toEqual([{ error: expect.objectContaining({ stale: true }) }]);
    const [again] = result.interruptions;
    if (!again) throw new Error("interrupted again for the new text");
    expect(describeApproval(again, result.state)).toMatchObject({ text: EDITED_TEXT });
    expect(acknowledgedWrites(session, itemId)).toBe(0);
    result.state.approve(again);
    await fakedAgentsRunner().run(agent, result.state);
    expect(await statusOf(session, itemId)).toBe("pending");
    expect(acknowledgedWrites(session, itemId)).toBe(1);
  });

  it('PATCH-3 "model" never interrupts and the model acknowledges; "human" ignores the model\'s own acknowledgment', async () => {
    const model = approvingModel({ acknowledgeAiIsms: true });
    session = openFakeSession(model.handler);
    const itemId = (await flaggedDraft(session)).id;
    model.target.id = itemId;
    const asked = await fakedAgentsRunner().run(agentWith(session.client, "human"), "Approve.", {
      context: {},
    });
    expect(asked.interruptions).toHaveLength(1);
    expect(acknowledgedWrites(session, itemId)).toBe(0);

    const byModel = await fakedAgentsRunner().run(agentWith(session.client, "model"), "Approve.", {
      context: {},
    });
    expect(byModel.interruptions).toHaveLength(0);
    expect(await statusOf(session, itemId)).toBe("pending");
    expect(acknowledgedWrites(session, itemId)).toBe(1);
  });
});

describe("describeApproval's state", () => {
  it("is required: without it the call names `from` instead of answering undefined (failed before)", () => {
    const interruption = { rawItem: { callId: "call_1" }, name: "update_content" } as never;
    expect(() => describeApproval(interruption, undefined)).toThrow(
      expect.objectContaining({ param: "from" }),
    );
  });
});
