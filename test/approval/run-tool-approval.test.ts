import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ContentReview } from "../../src/index.js";
import { runTool, toAnthropicRunnableTools, toOpenAIRunnableTools } from "../../src/tools/index.js";
import { type FakeSession, openFakeSession } from "../support/fake-session.js";
import {
  acknowledgedWrites,
  EDITED_TEXT,
  FLAGGED_TEXT,
  flaggedDraft,
  statusOf,
  writesTo,
} from "./support/acknowledgments.js";

let session: FakeSession;
beforeEach(() => {
  session = openFakeSession();
});
afterEach(() => session.close());

describe("runTool with confirm: the person decides on AI-ism matches", () => {
  it("PATCH-3 approve: the person sees the exact text and matches; one PATCH carries acknowledgeAiIsms", async () => {
    const draft = await flaggedDraft(session);
    const seen: ContentReview[] = [];
    const result = await runTool(
      session.client,
      "update_content",
      { id: draft.id, status: "pending" },
      {
        confirm: async (review) => {
          seen.push(review);
          return true;
        },
      },
    );
    expect(result).toMatchObject({ item: { id: draft.id, status: "pending" } });
    expect(seen).toEqual([
      expect.objectContaining({ itemId: draft.id, text: FLAGGED_TEXT, needsAcknowledgment: true }),
    ]);
    expect(seen[0]?.aiIsmMatches.map((match) => match.label)).toEqual(["delve", "tapestry"]);
    expect(writesTo(session, draft.id)).toEqual([{ method: "PATCH", acknowledged: true }]);
  });

  it("PATCH-3 decline: the item stays a draft, nothing is sent, and the model is told the user did not approve", async () => {
    const draft = await flaggedDraft(session);
    const result = await runTool(
      session.client,
      "schedule_content",
      // The model tries to acknowledge on its own: a person can be asked, so only they decide.
      { id: draft.id, publishNow: true, acknowledgeAiIsms: true },
      { confirm: async () => false },
    );
    expect(result).toMatchObject({
      error: {
        code: "approval_declined",
        message: expect.stringMatching(/did not approve/),
        itemId: draft.id,
        acknowledgmentRequired: true,
        aiIsmMatches: [{ label: "delve" }, { label: "tapestry" }],
      },
    });
    expect(JSON.stringify(result)).not.toMatch(/acknowledgeAiIsms/);
    expect(await statusOf(session, draft.id)).toBe("draft");
    expect(writesTo(session, draft.id)).toEqual([]);
  });

  it("PATCH-3 a text edited while the person decides is never acknowledged blind: they are asked again about the new text", async () => {
    const draft = await flaggedDraft(session);
    const seen: string[] = [];
    const result = await runTool(
      session.client,
      "update_content",
      { id: draft.id, status: "pending" },
      {
        confirm: async (review) => {
          seen.push(review.text);
          // Someone edits the text while the first question is open.
          if (seen.length === 1)
            await session.client.content.update(draft.id, { content: EDITED_TEXT });
          return true;
        },
      },
    );
    expect(seen).toEqual([FLAGGED_TEXT, EDITED_TEXT]);
    expect(result).toMatchObject({ item: { status: "pending", content: EDITED_TEXT } });
    expect(writesTo(session, draft.id)).toEqual([
      { method: "PATCH", acknowledged: false, content: EDITED_TEXT },
      { method: "PATCH", acknowledged: true },
    ]);
  });

  it("PATCH-3 text without matches is approved without asking anyone", async () => {
    const draft = await flaggedDraft(session, "Exports are 3x faster this week.");
    const confirm = vi.fn(async () => true);
    const result = await runTool(
      session.client,
      "update_content",
      { id: draft.id, status: "pending" },
      { confirm },
    );
    expect(result).toMatchObject({ item: { status: "pending" } });
    expect(confirm).not.toHaveBeenCalled();
    expect(acknowledgedWrites(session, draft.id)).toBe(0);
  });
});

describe("runTool's acknowledgment modes where nobody can be asked", () => {
  it('PATCH-3 "human": the model\'s own acknowledgeAiIsms is not sent, and the envelope tells it to ask its user', async () => {
    const draft = await flaggedDraft(session);
    const result = await runTool(
      session.client,
      "update_content",
      { id: draft.id, status: "pending", acknowledgeAiIsms: true },
      { acknowledgment: "human" },
    );
    expect(result).toMatchObject({
      error: {
        code: "validation_error",
        acknowledgmentRequired: true,
        askUser: true,
        message: expect.stringMatching(/ask|user/i),
        aiIsmMatches: [{ label: "delve" }, { label: "tapestry" }],
      },
    });
    expect(JSON.stringify(result)).not.toMatch(/acknowledgeAiIsms|retry/i);
    expect(await statusOf(session, draft.id)).toBe("draft");
    expect(acknowledgedWrites(session, draft.id)).toBe(0);
  });

  it('PATCH-3 "model": the model acknowledges and confirm is never called', async () => {
    const draft = await flaggedDraft(session);
    const confirm = vi.fn(async () => false);
    const result = await runTool(
      session.client,
      "update_content",
      { id: draft.id, status: "pending", acknowledgeAiIsms: true },
      { acknowledgment: "model", confirm },
    );
    expect(result).toMatchObject({ item: { status: "pending" } });
    expect(confirm).not.toHaveBeenCalled();
    expect(acknowledgedWrites(session, draft.id)).toBe(1);
  });

  it('PATCH-3 "ask" without confirm keeps the service\'s way: the model may acknowledge', async () => {
    const draft = await flaggedDraft(session);
    const result = await runTool(session.client, "update_content", {
      id: draft.id,
      status: "pending",
      acknowledgeAiIsms: true,
    });
    expect(result).toMatchObject({ item: { status: "pending" } });
  });

  it("a bad acknowledgment or confirm option is refused, naming it", async () => {
    await expect(
      runTool(session.client, "list_channels", {}, { acknowledgment: "person" as never }),
    ).rejects.toThrow(/options\.acknowledgment/);
    await expect(
      runTool(session.client, "list_channels", {}, { confirm: true as never }),
    ).rejects.toThrow(/options\.confirm/);
  });
});

describe("the provider runners take confirm", () => {
  it("PATCH-3 toAnthropicRunnableTools: approve once, decline once", async () => {
    const [first, second] = [await flaggedDraft(session), await flaggedDraft(session)];
    const answers = [true, false];
    const tools = toAnthropicRunnableTools(session.client, {
      tools: ["update_content"],
      confirm: async () => answers.shift() ?? false,
    });
    const run = tools[0]?.run;
    if (!run) throw new Error("update_content is selected");
    expect(JSON.parse(await run({ id: first.id, status: "pending" }))).toMatchObject({
      item: { status: "pending" },
    });
    expect(JSON.parse(await run({ id: second.id, status: "pending" }))).toMatchObject({
      error: { code: "approval_declined" },
    });
    expect([acknowledgedWrites(session, first.id), acknowledgedWrites(session, second.id)]).toEqual(
      [1, 0],
    );
  });

  it('PATCH-3 toOpenAIRunnableTools: "human" without confirm never lets the model acknowledge', async () => {
    const draft = await flaggedDraft(session);
    const tools = toOpenAIRunnableTools(session.client, {
      tools: ["schedule_content"],
      acknowledgment: "human",
    });
    const call = tools[0]?.function.function;
    if (!call) throw new Error("schedule_content is selected");
    const args = JSON.stringify({ id: draft.id, publishNow: true, acknowledgeAiIsms: true });
    expect(JSON.parse(await call(args))).toMatchObject({ error: { askUser: true } });
    expect(acknowledgedWrites(session, draft.id)).toBe(0);
    expect(await statusOf(session, draft.id)).toBe("draft");
  });
});

describe('"human": no face tells the model to acknowledge on its own', () => {
  it("PATCH-3 the descriptions of update_content and schedule_content drop the acknowledgeAiIsms advice", async () => {
    const { aiSdkTools } = await import("../../src/frameworks/ai-sdk.js");
    const { openAIAgentsTools } = await import("../../src/frameworks/openai-agents.js");
    const { langChainTools } = await import("../../src/frameworks/langchain.js");
    const names = ["update_content", "schedule_content"] as const;
    const human = { tools: [...names], acknowledgment: "human" as const };
    const descriptions = [
      ...toAnthropicRunnableTools(session.client, human).map((t) => t.description),
      ...toOpenAIRunnableTools(session.client, human).map((t) => t.function.description),
      ...Object.values(aiSdkTools(session.client, human)).map((t) => t?.description),
      ...openAIAgentsTools(session.client, human).map((t) => t.description),
      ...langChainTools(session.client, human).map((t) => t.description),
    ];
    expect(descriptions).toHaveLength(10);
    for (const description of descriptions) {
      expect(description).toMatch(/Only a person may accept the matches/);
      expect(description).not.toMatch(/acknowledgeAiIsms: true/);
    }
    // One description in every mode: the service's own refusal advises where nobody is asked.
    const ask = toAnthropicRunnableTools(session.client, { tools: [...names] });
    for (const tool of ask) expect(tool.description).not.toMatch(/acknowledgeAiIsms: true/);
  });
});
