/**
 * One property, every face: no write carries `acknowledgeAiIsms: true` unless a person approved
 * that exact text for that exact call (docs/approval.md). Where nobody can be asked, `"ask"` lets
 * the model acknowledge and `"model"` always does (SDK_DESIGN §15); a text change and an approval
 * in one call is refused with `param: "content"` wherever a person decides.
 *
 * Rows marked "failed before" reproduce a fault of the previous gate.
 */
import { generateText, type ModelMessage, stepCountIs } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { aiSdkToolApproval, aiSdkTools } from "../../src/frameworks/ai-sdk.js";
import type { McpHttpEndpoint } from "../../src/mcp/transport/http-endpoint.js";
import { memorySpentTickets } from "../../src/tools/approval/index.js";
import {
  type AcknowledgmentMode,
  type RunToolOptions,
  runTool,
  toAnthropicRunnableTools,
  toOpenAIRunnableTools,
} from "../../src/tools/index.js";
import { ENVELOPE_2026, postAs } from "../mcp/support/raw-rpc.js";
import { answerAll, finish, lastToolOutput, toolCall } from "../support/ai-sdk-mock-model.js";
import { type FakeSession, openFakeSession } from "../support/fake-session.js";
import { EDITED_TEXT, FLAGGED_TEXT, flaggedDraft, writesTo } from "./support/acknowledgments.js";
import {
  connectHost,
  endpointOf,
  errorOf,
  HOST_KINDS,
  type HostKind,
  type HostResult,
  type TestHost,
  TOKEN_KEY,
} from "./support/mcp-hosts.js";

let session: FakeSession;
const open: TestHost[] = [];
beforeEach(() => {
  session = openFakeSession();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((host) => host.close()));
  session.close();
});

/** A model's gated call on item `id`, each carrying its own `acknowledgeAiIsms: true`. */
const INPUTS: Record<string, (id: string) => readonly [string, Record<string, unknown>]> = {
  approve: (id: string) => ["update_content", { id, status: "pending", acknowledgeAiIsms: true }],
  "text+status+flag": (id: string) => [
    "update_content",
    { id, content: EDITED_TEXT, status: "pending", acknowledgeAiIsms: true },
  ],
  "schedule publishNow": (id: string) => [
    "schedule_content",
    { id, publishNow: true, acknowledgeAiIsms: true },
  ],
  "channel move": (id: string) => [
    "update_content",
    { id, channelId: "ch_x_olivia", status: "pending", acknowledgeAiIsms: true },
  ],
};
type InputName = "approve" | "text+status+flag" | "schedule publishNow" | "channel move";

/** What the row expects: who decides for this mode and host. */
type Expected = "model acknowledges" | "form" | "card" | "ask your user" | "refused: content";

function expectedOf(mode: AcknowledgmentMode, kind: HostKind, input: InputName): Expected {
  if (mode === "model") return "model acknowledges";
  const personAsked = kind !== "neither";
  if (mode === "ask" && !personAsked) return "model acknowledges"; // the documented fallback
  if (input === "text+status+flag") return "refused: content"; // failed before (form, card)
  if (kind === "apps" || kind === "both") return "card";
  return kind === "form" ? "form" : "ask your user";
}

const acknowledged = (id: string) => writesTo(session, id).filter((write) => write.acknowledged);

describe.each(["2025-11-25", "2026-07-28"] as const)("MCP over HTTP, %s", (revision) => {
  describe.each(["ask", "human", "model"] as const)("acknowledgment %s", (mode) => {
    const rows = HOST_KINDS.flatMap((kind) =>
      (Object.keys(INPUTS) as InputName[]).map((input) => ({
        kind,
        input,
        expected: expectedOf(mode, kind, input),
      })),
    );
    it.each(rows)("PATCH-3 $kind host, $input: $expected", async ({ kind, input, expected }) => {
      const draft = await flaggedDraft(session);
      const host = await connectHost(revision, kind, endpointOf(session, { acknowledgment: mode }));
      open.push(host);
      const [name, args] = INPUTS[input]!(draft.id);
      const result = await host.call(name, args);
      switch (expected) {
        case "model acknowledges":
          expect(host.forms).toHaveLength(0);
          expect(acknowledged(draft.id).length).toBeLessThanOrEqual(1);
          return;
        case "refused: content":
          expect(errorOf(result)).toMatchObject({ code: "validation_error", param: "content" });
          expect(writesTo(session, draft.id)).toEqual([]);
          expect(host.forms).toHaveLength(0);
          return;
        case "form":
          expect(host.forms).toHaveLength(1);
          expect(host.forms[0]?.message).toContain(FLAGGED_TEXT);
          expect(result.isError).toBeFalsy();
          expect(acknowledged(draft.id)).toHaveLength(1);
          expect(writesTo(session, draft.id).every((write) => !("content" in write))).toBe(true);
          return;
        case "card":
          expect(result.structuredContent).toMatchObject({ status: "awaiting_review" });
          expect(writesTo(session, draft.id)).toEqual([]);
          await expectCardKeepsProposal(host, result, draft.id, args);
          return;
        case "ask your user":
          expect(errorOf(result)).toMatchObject({ askUser: true });
          expect(acknowledged(draft.id)).toEqual([]);
          expect(JSON.stringify(result.content)).not.toContain("acknowledgeAiIsms");
          return;
      }
    });
  });
});

describe.each(["2025-11-25", "2026-07-28"] as const)("MCP paths, %s", (revision) => {
  it.each(["form", "apps", "both"] as const)(
    "PATCH-3 %s host, the item's read fails while asking (503): the error answers, the model's flag is never sent (apps failed before)",
    async (kind) => {
      const draft = await flaggedDraft(session);
      const host = await connectHost(revision, kind, endpointOf(session));
      open.push(host);
      session.service.faults.inject({
        method: "GET",
        path: `/content/${draft.id}`,
        kind: "status",
        status: 503,
      });
      const [name, args] = INPUTS.approve!(draft.id);
      const result = await host.call(name, args);
      expect(result.isError).toBe(true);
      expect(acknowledged(draft.id)).toEqual([]);
    },
  );
});

describe("tickets replayed (2026-07-28 raw wire, the review card's token)", () => {
  const ELICITING = {
    ...ENVELOPE_2026,
    "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {} } },
  };
  const APPROVED = { acknowledgment: { action: "accept", content: { approve: true } } };
  async function toolsCall(endpoint: McpHttpEndpoint, args: object, retry: object = {}) {
    const fetchEndpoint = (request: Request) => endpoint.fetch(request);
    const [answer] = await postAs("2026-07-28", fetchEndpoint, "http://127.0.0.1/mcp", {
      ...{ jsonrpc: "2.0", id: 7, method: "tools/call" },
      params: { name: "update_content", arguments: args, ...retry, _meta: ELICITING },
    } as never);
    return answer as { result?: Record<string, unknown>; error?: Record<string, unknown> };
  }

  it("PATCH-3 a form's approved requestState sent again is refused: it decided once (failed before)", async () => {
    const draft = await flaggedDraft(session);
    const endpoint = endpointOf(session);
    const args = { id: draft.id, status: "pending" };
    const asked = await toolsCall(endpoint, args);
    const retry = { inputResponses: APPROVED, requestState: asked.result?.requestState };
    expect((await toolsCall(endpoint, args, retry)).result?.isError).toBeFalsy();
    await session.client.content.unapprove(draft.id);
    // The same answer, replayed in another request (another server of the endpoint).
    const replayed = await toolsCall(endpointOf(session), args, retry);
    expect(replayed.error).toMatchObject({ code: -32602 });
    expect(acknowledged(draft.id)).toHaveLength(1);
  });

  it("PATCH-3 a card token used in another process without a shared store answers 'reopen the card' (failed before)", async () => {
    const draft = await flaggedDraft(session);
    const key = "a shared state key of at least 32 bytes!";
    const host = await connectHost(
      "2026-07-28",
      "apps",
      endpointOf(session, { requestStateKey: key }),
    );
    open.push(host);
    const shown = await host.call("update_content", { id: draft.id, status: "pending" });
    const reviewToken = shown._meta?.[TOKEN_KEY];
    // Another process: the gate's modules loaded afresh, sharing only the key.
    vi.resetModules();
    const other = await import("../../src/mcp/ask/review-card/decide-review.js");
    const { createGate } = await import("../../src/tools/approval/index.js");
    const { result } = await other.decideReview(
      { itemId: draft.id, reviewToken, decision: "approve" },
      { gate: createGate({ client: session.client, mode: "ask", key }) },
    );
    expect((result as { error?: unknown }).error).toMatchObject({
      code: "review_refused",
      reason: "other_process",
    });
    expect(JSON.stringify(result)).toContain("Reopen the card");
    expect(writesTo(session, draft.id)).toEqual([]);
  });

  it("PATCH-3 with a shared spent store, a card token decides once across processes", async () => {
    const draft = await flaggedDraft(session);
    const key = "a shared state key of at least 32 bytes!";
    const shared = { ...memorySpentTickets(), shared: true };
    const host = await connectHost(
      "2026-07-28",
      "apps",
      endpointOf(session, { requestStateKey: key, spentTickets: shared }),
    );
    open.push(host);
    const shown = await host.call("update_content", { id: draft.id, status: "pending" });
    const decide = { itemId: draft.id, reviewToken: shown._meta?.[TOKEN_KEY], decision: "approve" };
    expect((await host.call("decide_review", decide)).isError).toBeFalsy();
    vi.resetModules();
    const other = await import("../../src/mcp/ask/review-card/decide-review.js");
    const { createGate } = await import("../../src/tools/approval/index.js");
    const { result } = await other.decideReview(
      { ...decide, decision: "decline" },
      { gate: createGate({ client: session.client, mode: "ask", key, spent: shared }) },
    );
    expect((result as { error?: unknown }).error).toMatchObject({ reason: "spent" });
    expect(acknowledged(draft.id)).toHaveLength(1);
  });
});

/** The faces that take `confirm`: `runTool` and both provider runners. */
const CONFIRM_FACES = {
  runTool: (options: RunToolOptions) => (name: string, input: unknown) =>
    runTool(session.client, name, input, options),
  "Anthropic runner": (options: RunToolOptions) => async (name: string, input: unknown) => {
    const [tool] = toAnthropicRunnableTools(session.client, { ...options, tools: [name as never] });
    return JSON.parse(await tool!.run(input as never, undefined as never)) as unknown;
  },
  "OpenAI runner": (options: RunToolOptions) => async (name: string, input: unknown) => {
    const [tool] = toOpenAIRunnableTools(session.client, { ...options, tools: [name as never] });
    const args = typeof input === "string" ? input : JSON.stringify(input);
    return JSON.parse(await tool!.function.function(args)) as unknown;
  },
};

const ENCODINGS = {
  object: (input: unknown) => input,
  "JSON text": (input: unknown) => JSON.stringify(input),
  "double-encoded": (input: unknown) => JSON.stringify(JSON.stringify(input)),
};

describe.each(Object.keys(CONFIRM_FACES) as (keyof typeof CONFIRM_FACES)[])("%s", (face) => {
  describe.each(["ask", "human", "model"] as const)("acknowledgment %s", (mode) => {
    const rows = (["with confirm", "without confirm"] as const).flatMap((asks) =>
      (Object.keys(ENCODINGS) as (keyof typeof ENCODINGS)[]).flatMap((encoding) =>
        (Object.keys(INPUTS) as InputName[]).map((input) => ({
          asks,
          encoding,
          input,
          expected: expectedOf(mode, asks === "with confirm" ? "form" : "neither", input),
        })),
      ),
    );
    it.each(rows)("PATCH-3 $asks, $encoding, $input: $expected", async (row) => {
      if (face === "OpenAI runner" && row.encoding === "double-encoded") return; // args are text
      const draft = await flaggedDraft(session);
      const shown: string[] = [];
      const confirm = async (review: { text: string }) => {
        shown.push(review.text);
        return true;
      };
      const run = CONFIRM_FACES[face]({
        acknowledgment: mode,
        ...(row.asks === "with confirm" ? { confirm } : {}),
      });
      const [name, args] = INPUTS[row.input]!(draft.id);
      const result = (await run(name, ENCODINGS[row.encoding](args))) as HostResult & {
        error?: Record<string, unknown>;
      };
      switch (row.expected) {
        case "model acknowledges":
          expect(shown).toEqual([]);
          expect(acknowledged(draft.id).length).toBeLessThanOrEqual(1);
          return;
        case "refused: content":
          expect(result.error).toMatchObject({ code: "validation_error", param: "content" });
          expect(writesTo(session, draft.id)).toEqual([]);
          return;
        case "form":
          expect(shown).toEqual([FLAGGED_TEXT]);
          expect(result.error).toBeUndefined();
          expect(acknowledged(draft.id)).toHaveLength(1);
          return;
        default:
          expect(result.error).toMatchObject({ askUser: true });
          expect(acknowledged(draft.id)).toEqual([]);
          expect(String(result.error?.message)).not.toContain("acknowledgeAiIsms");
      }
    });
  });
});

describe.each(["ask", "human", "model"] as const)("the AI SDK, acknowledgment %s", (mode) => {
  const rows = (["object", "JSON text"] as const).flatMap((encoding) =>
    (Object.keys(INPUTS) as InputName[]).map((input) => ({
      encoding,
      input,
      expected: expectedOf(mode, "form", input),
    })),
  );
  it.each(rows)("PATCH-3 $encoding, $input: $expected", async ({ encoding, input, expected }) => {
    const draft = await flaggedDraft(session);
    const [name, args] = INPUTS[input]!(draft.id);
    const read: unknown[] = [];
    const model = new MockLanguageModelV4({
      doGenerate: async (options) => {
        const output = lastToolOutput(options);
        if (output === undefined) {
          return toolCall(
            name,
            encoding === "object" ? args : JSON.stringify(JSON.stringify(args)),
          );
        }
        read.push(output);
        return finish("done");
      },
    });
    const given = { acknowledgment: mode };
    const settings = {
      model,
      tools: aiSdkTools(session.client, given),
      toolApproval: aiSdkToolApproval(session.client, given),
      stopWhen: stepCountIs(4),
    };
    const messages: ModelMessage[] = [{ role: "user", content: "Approve it." }];
    const asked = await generateText({ ...settings, messages });
    const requests = asked.content.filter((part) => part.type === "tool-approval-request");
    if (requests.length > 0) {
      messages.push(...asked.responseMessages, answerAll(asked.content, true));
      await generateText({ ...settings, messages });
    }
    const error = (read[0] as { error?: Record<string, unknown> } | undefined)?.error;
    switch (expected) {
      case "model acknowledges":
        expect(requests).toEqual([]);
        expect(acknowledged(draft.id).length).toBeLessThanOrEqual(1);
        return;
      case "refused: content":
        expect(error).toMatchObject({ code: "validation_error", param: "content" });
        expect(writesTo(session, draft.id)).toEqual([]);
        return;
      default:
        expect(requests).toHaveLength(1);
        expect(JSON.stringify(requests[0])).toContain(FLAGGED_TEXT);
        expect(error).toBeUndefined();
        expect(acknowledged(draft.id)).toHaveLength(1);
    }
  });
});

/**
 * The card shows the model's proposed channel and time and keeps them: the person's approval
 * sends exactly one acknowledged write carrying them.
 */
async function expectCardKeepsProposal(
  host: TestHost,
  result: HostResult,
  itemId: string,
  args: Record<string, unknown>,
) {
  const proposal = Object.fromEntries(
    ["channelId", "scheduledAt", "publishNow"].flatMap((key) =>
      args[key] === undefined ? [] : [[key, args[key]]],
    ),
  );
  if (Object.keys(proposal).length > 0) {
    expect(result.structuredContent?.proposal).toMatchObject(proposal);
  }
  if (args.channelId === "ch_x_olivia") {
    expect(result.structuredContent?.proposal).toMatchObject({ channelName: "Olivia on X" });
  }
  const decision = args.publishNow === true ? "schedule" : "approve";
  const decided = await host.call("decide_review", {
    itemId,
    reviewToken: result._meta?.[TOKEN_KEY],
    decision,
    ...(args.publishNow === true ? { publishNow: true } : {}),
  });
  expect(decided.isError).toBeFalsy();
  expect(acknowledged(itemId)).toHaveLength(1);
  const item = (decided.structuredContent as { item: { channelId?: string; status: string } }).item;
  if (typeof args.channelId === "string") expect(item.channelId).toBe(args.channelId);
  if (args.publishNow === true) expect(item.status).not.toBe("draft");
}
