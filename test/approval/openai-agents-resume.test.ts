/**
 * An OpenAI Agents run interrupted for a person, serialised, and resumed: with the text edited
 * meanwhile, with the review edited, removed or moved in the saved state, and in another process
 * (a fresh module state: its own random key). No write carries `acknowledgeAiIsms: true` unless
 * the person approved that exact text, for this very call.
 */
import { Agent, RunContext, RunState } from "@openai/agents";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { describeApproval, openAIAgentsTools } from "../../src/frameworks/openai-agents.js";
import { type FakeSession, openFakeSession } from "../support/fake-session.js";
import { fakedAgentsRunner, fakeResponsesAPI } from "../support/openai-agents-mock-model.js";
import {
  acknowledgedWrites,
  EDITED_TEXT,
  FLAGGED_TEXT,
  flaggedDraft,
  statusOf,
} from "./support/acknowledgments.js";

const KEY = "a shared requestStateKey of 32 bytes or more";
let session: FakeSession;
const target = { id: "" };
beforeEach(() => {
  const responses = fakeResponsesAPI((output) =>
    output === undefined
      ? { kind: "call", tool: "update_content", input: { id: target.id, status: "pending" } }
      : { kind: "finish", text: "done" },
  );
  session = openFakeSession(responses.handler);
});
afterEach(() => session.close());

type Tools = typeof openAIAgentsTools;
function agentWith(tools: Tools = openAIAgentsTools, requestStateKey?: string) {
  return new Agent({
    name: "Approver",
    tools: tools(session.client, { tools: ["update_content"], requestStateKey }),
  });
}

/** Asks about a new flagged draft; resolves to its id and the run's saved state. */
async function ask(agent: Agent<unknown, "text">) {
  const itemId = (await flaggedDraft(session)).id;
  target.id = itemId;
  const result = await fakedAgentsRunner().run(agent, "Approve it.", { context: {} });
  const [interruption] = result.interruptions;
  if (!interruption) throw new Error("the run is interrupted for a person");
  expect(describeApproval(interruption, result.state)).toMatchObject({ text: FLAGGED_TEXT });
  return { itemId, saved: result.state.toString() };
}

/** The person approves every interruption of the restored state, and the run goes on. */
async function approveAndRun(
  agent: Agent<unknown, "text">,
  state: RunState<any, Agent<unknown, "text">>,
) {
  for (const interruption of state.getInterruptions()) state.approve(interruption);
  await fakedAgentsRunner().run(agent, state);
}

/** The reviews object inside saved state, wherever the SDK keeps the context. */
function reviewsIn(saved: unknown): Record<string, Record<string, unknown>> {
  if (saved === null || typeof saved !== "object") return {};
  const holder = saved as Record<string, unknown>;
  if (holder.postlineReviews !== undefined) {
    return holder.postlineReviews as Record<string, Record<string, unknown>>;
  }
  for (const value of Object.values(holder)) {
    const found = reviewsIn(value);
    if (Object.keys(found).length > 0) return found;
  }
  return {};
}

/** The saved state with its reviews changed by `change`. */
function edited(saved: string, change: (reviews: Record<string, Record<string, unknown>>) => void) {
  const json = JSON.parse(saved);
  change(reviewsIn(json));
  return JSON.stringify(json);
}

describe("PATCH-3 openAIAgentsTools resumed from a serialised RunState", () => {
  it.each(["merge", "replace"] as const)(
    "a text edited before fromStringWithContext (%s) is never acknowledged",
    async (contextStrategy) => {
      const agent = agentWith();
      const { itemId, saved } = await ask(agent);
      await session.client.content.update(itemId, { content: EDITED_TEXT });
      const restored = await RunState.fromStringWithContext(agent, saved, new RunContext({}), {
        contextStrategy,
      });
      await approveAndRun(agent, restored);
      expect(acknowledgedWrites(session, itemId)).toBe(0);
      expect(await statusOf(session, itemId)).toBe("draft");
    },
  );

  it("a review removed from the saved state asks again", async () => {
    const agent = agentWith();
    const { itemId, saved } = await ask(agent);
    const without = edited(saved, (reviews) => {
      for (const id of Object.keys(reviews)) delete reviews[id];
    });
    await approveAndRun(agent, await RunState.fromString(agent, without));
    expect(acknowledgedWrites(session, itemId)).toBe(0);
  });

  it("a review edited in the saved state to the new text is refused", async () => {
    const agent = agentWith();
    const { itemId, saved } = await ask(agent);
    await session.client.content.update(itemId, { content: EDITED_TEXT });
    const review = await session.client.content.review(itemId);
    const forged = edited(saved, (reviews) => {
      for (const id of Object.keys(reviews)) {
        reviews[id] = { ...reviews[id], text: review.text, textDigest: review.textDigest };
      }
    });
    await approveAndRun(agent, await RunState.fromString(agent, forged));
    expect(acknowledgedWrites(session, itemId)).toBe(0);
  });

  it("a review moved to another call is refused", async () => {
    const agent = agentWith();
    const first = await ask(agent);
    // The same item asked about again: another call id, same text.
    target.id = first.itemId;
    const again = await fakedAgentsRunner().run(agent, "Approve it.", { context: {} });
    const [firstId, firstReview] = Object.entries(reviewsIn(JSON.parse(first.saved)))[0] ?? [];
    const moved = edited(again.state.toString(), (reviews) => {
      for (const id of Object.keys(reviews)) reviews[id] = firstReview as Record<string, unknown>;
      expect(Object.keys(reviews)).not.toContain(firstId);
    });
    await approveAndRun(agent, await RunState.fromString(agent, moved));
    expect(acknowledgedWrites(session, first.itemId)).toBe(0);
  });

  it("another process asks again under its own key, and acknowledges under a shared one", async () => {
    const { itemId, saved } = await ask(agentWith());
    vi.resetModules();
    const elsewhere = (await import("../../src/frameworks/openai-agents.js")).openAIAgentsTools;
    const agent = agentWith(elsewhere);
    await approveAndRun(agent, await RunState.fromString(agent, saved));
    expect(acknowledgedWrites(session, itemId)).toBe(0);

    const shared = await ask(agentWith(openAIAgentsTools, KEY));
    vi.resetModules();
    const sibling = (await import("../../src/frameworks/openai-agents.js")).openAIAgentsTools;
    const siblingAgent = agentWith(sibling, KEY);
    await approveAndRun(siblingAgent, await RunState.fromString(siblingAgent, shared.saved));
    expect(acknowledgedWrites(session, shared.itemId)).toBe(1);
  });
});
