/**
 * An AI SDK approval answered against a shared review store: an edited review, a review moved to
 * another call, and an answer reaching another process (a fresh module state, its own random
 * key) never acknowledge text the person did not approve for that very call.
 */
import type { LanguageModelV4GenerateResult } from "@ai-sdk/provider";
import { generateText, type ModelMessage, stepCountIs, type ToolApprovalResponse } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PendingReviewStore } from "../../src/frameworks/ai-sdk.js";
import * as aiSdk from "../../src/frameworks/ai-sdk.js";
import { Postline } from "../../src/index.js";
import { usage } from "../support/ai-sdk-mock-model.js";
import { type FakeSession, openFakeSession } from "../support/fake-session.js";
import { acknowledgedWrites, EDITED_TEXT, flaggedDraft } from "./support/acknowledgments.js";

const KEY = "a shared requestStateKey of 32 bytes or more";
let session: FakeSession;
beforeEach(() => {
  session = openFakeSession();
});
afterEach(() => session.close());

let calls = 0;
/** A model that asks to approve `itemId` once, then finishes. */
function approvingModel(itemId: string) {
  calls += 1;
  const toolCallId = `resume_${calls}`;
  let turn = 0;
  const call: LanguageModelV4GenerateResult = {
    content: [
      {
        type: "tool-call",
        toolCallId,
        toolName: "update_content",
        input: JSON.stringify({ id: itemId, status: "pending" }),
      },
    ],
    finishReason: { unified: "tool-calls", raw: "tool_calls" },
    usage,
    warnings: [],
  };
  const done: LanguageModelV4GenerateResult = {
    content: [{ type: "text", text: "done" }],
    finishReason: { unified: "stop", raw: "stop" },
    usage,
    warnings: [],
  };
  const model = new MockLanguageModelV4({ doGenerate: async () => (turn++ === 0 ? call : done) });
  return { model, toolCallId };
}

/** A store shared by "several processes": a map the test can read and change. */
function sharedStore() {
  const entries = new Map<string, Record<string, unknown>>();
  const store: PendingReviewStore = {
    get: (id) => structuredClone(entries.get(id)) as never,
    set: (id, review) => void entries.set(id, structuredClone(review) as never),
    delete: (id) => void entries.delete(id),
  };
  return { entries, store };
}

function freshClient() {
  const { apiKey, baseURL } = session.service.defaults;
  return new Postline({ apiKey, baseURL, maxRetries: 0, rateLimit: false });
}

type Face = typeof aiSdk;
/** Asks with `face` built for a client of its own; resolves to the messages to answer with. */
async function ask(
  face: Face,
  itemId: string,
  store: PendingReviewStore,
  requestStateKey?: string,
) {
  const { model, toolCallId } = approvingModel(itemId);
  const client = freshClient();
  const settings = {
    model,
    tools: face.aiSdkTools(client),
    toolApproval: face.aiSdkToolApproval(client, { reviews: store, requestStateKey }),
    stopWhen: stepCountIs(3),
  };
  const messages: ModelMessage[] = [{ role: "user", content: "Approve." }];
  const asked = await generateText({ ...settings, messages });
  const responses: ToolApprovalResponse[] = asked.content.flatMap((part) =>
    part.type === "tool-approval-request"
      ? [{ type: "tool-approval-response" as const, approvalId: part.approvalId, approved: true }]
      : [],
  );
  expect(responses).toHaveLength(1);
  messages.push(...asked.responseMessages, { role: "tool", content: responses });
  return { messages, toolCallId, model };
}

/** The person's approval reaches `face` (its own client), which runs the call. */
async function answer(
  face: Face,
  asked: Awaited<ReturnType<typeof ask>>,
  store: PendingReviewStore,
  requestStateKey?: string,
) {
  const client = freshClient();
  await generateText({
    model: asked.model,
    tools: face.aiSdkTools(client),
    toolApproval: face.aiSdkToolApproval(client, { reviews: store, requestStateKey }),
    stopWhen: stepCountIs(3),
    messages: asked.messages,
  });
}

describe("PATCH-3 aiSdkToolApproval with a shared review store", () => {
  it("a review edited in the store to the new text is refused", async () => {
    const { entries, store } = sharedStore();
    const itemId = (await flaggedDraft(session)).id;
    const asked = await ask(aiSdk, itemId, store);
    await session.client.content.update(itemId, { content: EDITED_TEXT });
    const now = await session.client.content.review(itemId);
    const kept = entries.get(asked.toolCallId);
    entries.set(asked.toolCallId, { ...kept, text: now.text, textDigest: now.textDigest });
    await answer(aiSdk, asked, store);
    expect(acknowledgedWrites(session, itemId)).toBe(0);
  });

  it("a review moved to another call of the same item is refused", async () => {
    const { entries, store } = sharedStore();
    const itemId = (await flaggedDraft(session)).id;
    const first = await ask(aiSdk, itemId, store);
    const second = await ask(aiSdk, itemId, store);
    entries.set(first.toolCallId, entries.get(second.toolCallId) as Record<string, unknown>);
    await answer(aiSdk, first, store);
    expect(acknowledgedWrites(session, itemId)).toBe(0);
  });

  it("an answer reaching another process asks again under its own key, and acknowledges under a shared one", async () => {
    const { store } = sharedStore();
    const itemId = (await flaggedDraft(session)).id;
    const asked = await ask(aiSdk, itemId, store);
    vi.resetModules();
    const elsewhere = await import("../../src/frameworks/ai-sdk.js");
    await answer(elsewhere, asked, store);
    expect(acknowledgedWrites(session, itemId)).toBe(0);

    const sharedKey = await ask(aiSdk, itemId, store, KEY);
    vi.resetModules();
    const sibling = await import("../../src/frameworks/ai-sdk.js");
    await answer(sibling, sharedKey, store, KEY);
    expect(acknowledgedWrites(session, itemId)).toBe(1);
  });
});
