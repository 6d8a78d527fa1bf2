import type { LanguageModelV4GenerateResult } from "@ai-sdk/provider";
import { generateText, type ModelMessage, stepCountIs, streamText, ToolLoopAgent } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  aiSdkToolApproval,
  aiSdkTools,
  aiSdkToolsWithApproval,
} from "../../src/frameworks/ai-sdk.js";
import { Postline } from "../../src/index.js";
import {
  answerAll,
  finish,
  lastToolOutput,
  toolCall,
  usage,
} from "../support/ai-sdk-mock-model.js";
import { type FakeSession, openFakeSession } from "../support/fake-session.js";
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

/**
 * A scripted model: it asks to approve the item, and after each tool output decides by `next`.
 * Every output it read is kept.
 */
function scriptedModel(itemId: string, next: (output: unknown) => LanguageModelV4GenerateResult) {
  const read: unknown[] = [];
  const model = new MockLanguageModelV4({
    doGenerate: async (options) => {
      const output = lastToolOutput(options);
      if (output === undefined)
        return toolCall("update_content", { id: itemId, status: "pending" });
      read.push(output);
      return next(output);
    },
  });
  return { model, read };
}

/** generateText's settings: the scripted model, the tools, and the approval that asks. */
function approvalSettings(model: MockLanguageModelV4) {
  return {
    model,
    tools: aiSdkTools(session.client),
    toolApproval: aiSdkToolApproval(session.client),
    stopWhen: stepCountIs(5),
  };
}

describe("aiSdkToolApproval with the AI SDK's MockLanguageModelV4", () => {
  it("PATCH-3 approve: the approval part carries the matches and text; one PATCH carries acknowledgeAiIsms", async () => {
    const draft = await flaggedDraft(session);
    const { model, read } = scriptedModel(draft.id, () => finish("Approved."));
    const settings = approvalSettings(model);
    const messages: ModelMessage[] = [{ role: "user", content: "Approve the draft." }];
    const asked = await generateText({ ...settings, messages });
    const request = asked.content.find((part) => part.type === "tool-approval-request");
    expect(request).toMatchObject({
      type: "tool-approval-request",
      reason: expect.stringContaining('delve ("delve"), tapestry ("tapestry")'),
      toolCall: { toolName: "update_content", input: { id: draft.id, status: "pending" } },
    });
    expect(request?.type === "tool-approval-request" && request.reason).toContain(FLAGGED_TEXT);
    expect(await statusOf(session, draft.id)).toBe("draft");

    messages.push(...asked.responseMessages, answerAll(asked.content, true));
    const done = await generateText({ ...settings, messages });
    expect(done.text).toBe("Approved.");
    expect(read).toEqual([
      expect.objectContaining({ item: expect.objectContaining({ status: "pending" }) }),
    ]);
    expect(await statusOf(session, draft.id)).toBe("pending");
    expect(acknowledgedWrites(session, draft.id)).toBe(1);
  });

  it("PATCH-3 decline: still a draft, nothing acknowledged, the model is told", async () => {
    const draft = await flaggedDraft(session);
    const { model, read } = scriptedModel(draft.id, () => finish("Left as a draft."));
    const settings = approvalSettings(model);
    const messages: ModelMessage[] = [{ role: "user", content: "Approve the draft." }];
    const asked = await generateText({ ...settings, messages });
    messages.push(...asked.responseMessages, answerAll(asked.content, false));
    await generateText({ ...settings, messages });
    expect(read).toEqual([expect.objectContaining({ type: "execution-denied" })]);
    expect(await statusOf(session, draft.id)).toBe("draft");
    expect(acknowledgedWrites(session, draft.id)).toBe(0);
  });

  it("PATCH-3 a text edited between asking and answering is asked about again, never acknowledged blind", async () => {
    const draft = await flaggedDraft(session);
    // After the stale refusal the model calls again, which asks the person again.
    const { model, read } = scriptedModel(draft.id, (output) =>
      (output as { error?: { stale?: boolean } }).error?.stale === true
        ? toolCall("update_content", { id: draft.id, status: "pending" })
        : finish("Approved."),
    );
    const settings = approvalSettings(model);
    const messages: ModelMessage[] = [{ role: "user", content: "Approve the draft." }];
    const asked = await generateText({ ...settings, messages });
    await session.client.content.update(draft.id, { content: EDITED_TEXT });

    messages.push(...asked.responseMessages, answerAll(asked.content, true));
    const askedAgain = await generateText({ ...settings, messages });
    expect(read).toEqual([
      { error: expect.objectContaining({ stale: true, acknowledgmentRequired: true }) },
    ]);
    const again = askedAgain.content.find((part) => part.type === "tool-approval-request");
    expect(again?.type === "tool-approval-request" && again.reason).toContain(EDITED_TEXT);
    expect(acknowledgedWrites(session, draft.id)).toBe(0);

    messages.push(...askedAgain.responseMessages, answerAll(askedAgain.content, true));
    await generateText({ ...settings, messages });
    expect(await statusOf(session, draft.id)).toBe("pending");
    expect(acknowledgedWrites(session, draft.id)).toBe(1);
  });

  it("PATCH-3 an answer reaching a process that never saw the question asks again", async () => {
    const draft = await flaggedDraft(session);
    const { model, read } = scriptedModel(draft.id, () => finish("Will ask again."));
    const asked = await generateText({
      model,
      tools: aiSdkTools(session.client),
      toolApproval: aiSdkToolApproval(session.client),
      messages: [{ role: "user", content: "Approve the draft." }],
    });
    // Another server instance: its own client, and so none of the first one's reviews.
    const { apiKey, baseURL } = session.service.defaults;
    const other = new Postline({ apiKey, baseURL, maxRetries: 0, rateLimit: false });
    await generateText({
      model,
      tools: aiSdkTools(other),
      toolApproval: aiSdkToolApproval(other),
      messages: [
        { role: "user", content: "Approve the draft." },
        ...asked.responseMessages,
        answerAll(asked.content, true),
      ],
    });
    expect(read).toEqual([
      {
        error: expect.objectContaining({ code: "validation_error", acknowledgmentRequired: true }),
      },
    ]);
    expect(JSON.stringify(read)).not.toMatch(/acknowledgeAiIsms/);
    expect(acknowledgedWrites(session, draft.id)).toBe(0);
    expect(await statusOf(session, draft.id)).toBe("draft");
  });

  it("PATCH-3 the model's own acknowledgeAiIsms does not skip the person", async () => {
    const draft = await flaggedDraft(session);
    const model = new MockLanguageModelV4({
      doGenerate: async () =>
        toolCall("schedule_content", { id: draft.id, publishNow: true, acknowledgeAiIsms: true }),
    });
    const asked = await generateText({
      model,
      tools: aiSdkTools(session.client),
      toolApproval: aiSdkToolApproval(session.client),
      prompt: "Publish it now.",
    });
    expect(asked.content.some((part) => part.type === "tool-approval-request")).toBe(true);
    expect(acknowledgedWrites(session, draft.id)).toBe(0);
  });

  it('PATCH-3 "human" without toolApproval: the refusal tells the model to ask its user; "model" acknowledges', async () => {
    const [first, second] = [await flaggedDraft(session), await flaggedDraft(session)];
    const asModel = async (acknowledgment: "human" | "model", id: string) => {
      const { model, read } = scriptedModel(id, () => finish("done"));
      const { apiKey, baseURL } = session.service.defaults;
      const client = new Postline({ apiKey, baseURL, rateLimit: false });
      const tools = aiSdkTools(client, { acknowledgment });
      await generateText({ model, tools, stopWhen: stepCountIs(3), prompt: "Approve." });
      return { read };
    };
    const human = await asModel("human", first.id);
    expect(human.read).toEqual([
      { error: expect.objectContaining({ askUser: true, acknowledgmentRequired: true }) },
    ]);
    expect(JSON.stringify(human.read)).not.toMatch(/acknowledgeAiIsms|retry/i);
    expect(acknowledgedWrites(session, first.id)).toBe(0);

    const model = new MockLanguageModelV4({
      doGenerate: [
        toolCall("update_content", { id: second.id, status: "pending", acknowledgeAiIsms: true }),
        finish("done"),
      ],
    });
    await generateText({
      model,
      tools: aiSdkTools(session.client, { acknowledgment: "model" }),
      toolApproval: aiSdkToolApproval(session.client, { acknowledgment: "model" }),
      stopWhen: stepCountIs(3),
      prompt: "Approve.",
    });
    expect(await statusOf(session, second.id)).toBe("pending");
    expect(acknowledgedWrites(session, second.id)).toBe(1);
  });

  it("PATCH-3 streamText and ToolLoopAgent ask the same way", async () => {
    const draft = await flaggedDraft(session);
    const { model } = scriptedModel(draft.id, () => finish("done"));
    const agent = new ToolLoopAgent({
      model,
      tools: aiSdkTools(session.client),
      toolApproval: aiSdkToolApproval(session.client),
    });
    const fromAgent = await agent.generate({ prompt: "Approve the draft." });
    expect(fromAgent.content.some((part) => part.type === "tool-approval-request")).toBe(true);

    const streamModel = new MockLanguageModelV4({
      doStream: async () => ({
        stream: new ReadableStream({
          start(controller) {
            controller.enqueue({
              type: "tool-call",
              toolCallId: "stream_1",
              toolName: "update_content",
              input: JSON.stringify({ id: draft.id, status: "pending" }),
            });
            controller.enqueue({
              type: "finish",
              finishReason: { unified: "tool-calls", raw: "tool_calls" },
              usage,
            });
            controller.close();
          },
        }),
      }),
    });
    const streamed = streamText({
      model: streamModel,
      tools: aiSdkTools(session.client),
      toolApproval: aiSdkToolApproval(session.client),
      prompt: "Approve the draft.",
    });
    const parts = await streamed.content;
    const request = parts.find((part) => part.type === "tool-approval-request");
    expect(request?.type === "tool-approval-request" && request.reason).toContain("delve");
    expect(acknowledgedWrites(session, draft.id)).toBe(0);
  });
});

describe("aiSdkToolsWithApproval: the tools and their approval from one options object", () => {
  it("PATCH-3 approve: the person is asked, and one PATCH acknowledges the text they saw", async () => {
    const draft = await flaggedDraft(session);
    const { model } = scriptedModel(draft.id, () => finish("Approved."));
    const { tools, toolApproval } = aiSdkToolsWithApproval(session.client, {
      tools: ["update_content"],
    });
    expect(Object.keys(tools)).toEqual(["update_content"]);
    const settings = { model, tools, toolApproval, stopWhen: stepCountIs(5) };
    const messages: ModelMessage[] = [{ role: "user", content: "Approve the draft." }];
    const asked = await generateText({ ...settings, messages });
    const request = asked.content.find((part) => part.type === "tool-approval-request");
    expect(request?.type === "tool-approval-request" && request.reason).toContain(FLAGGED_TEXT);
    expect(await statusOf(session, draft.id)).toBe("draft");
    messages.push(...asked.responseMessages, answerAll(asked.content, true));
    await generateText({ ...settings, messages });
    expect(await statusOf(session, draft.id)).toBe("pending");
    expect(acknowledgedWrites(session, draft.id)).toBe(1);
  });

  it("refuses an unknown option, naming the nearest known one", () => {
    expect(() =>
      aiSdkToolsWithApproval(session.client, { acknowledgement: "human" } as never),
    ).toThrow(/acknowledgment/);
  });

  it('under acknowledgment "model" nobody is asked', () => {
    const { toolApproval } = aiSdkToolsWithApproval(session.client, { acknowledgment: "model" });
    expect(toolApproval).toEqual({});
  });
});
