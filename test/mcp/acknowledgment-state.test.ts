/**
 * The `requestState` of a question put to the person, over the wire as a 2026-07-28 host sends
 * it: signed, bound to the tool, the item and the text digest; anything else is -32602.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMcpServer } from "../../src/mcp/index.js";
import { createMcpHttpEndpoint } from "../../src/mcp/transport/http-endpoint.js";
import { acknowledgedWrites, flaggedDraft, writesTo } from "../approval/support/acknowledgments.js";
import { type FakeSession, openFakeSession } from "../support/fake-session.js";
import { ENVELOPE_2026, postAs } from "./support/raw-rpc.js";

let session: FakeSession;
beforeEach(() => {
  session = openFakeSession();
});
afterEach(() => session.close());

const URL_ = "http://127.0.0.1/mcp";
const ELICITING_META = {
  ...ENVELOPE_2026,
  "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {} } },
};
const APPROVED = { acknowledgment: { action: "accept", content: { approve: true } } };

function endpointFor(requestStateKey?: string) {
  const endpoint = createMcpHttpEndpoint(() =>
    createMcpServer({ client: session.client, requestStateKey }),
  );
  return (request: Request) => endpoint.fetch(request);
}

async function toolsCall(
  fetchEndpoint: (request: Request) => Promise<Response>,
  args: Record<string, unknown>,
  retry: { inputResponses?: unknown; requestState?: string } = {},
  name = "update_content",
) {
  const [answer] = await postAs("2026-07-28", fetchEndpoint, URL_, {
    method: "tools/call",
    params: { name, arguments: args, ...retry, _meta: ELICITING_META },
    ...{ jsonrpc: "2.0", id: 7 },
  } as never);
  return answer as { result?: Record<string, unknown>; error?: Record<string, unknown> };
}

describe("the signed requestState of an acknowledgment question (2026-07-28, raw wire)", () => {
  it("PATCH-3 asks with input_required: the form holds the text and matches, the state is signed", async () => {
    const draft = await flaggedDraft(session);
    const asked = await toolsCall(endpointFor(), { id: draft.id, status: "pending" });
    expect(asked.result).toMatchObject({
      resultType: "input_required",
      inputRequests: {
        acknowledgment: {
          method: "elicitation/create",
          params: { mode: "form", message: expect.stringContaining(draft.content) },
        },
      },
      requestState: expect.stringMatching(/^v1\./),
    });
    expect(writesTo(session, draft.id)).toEqual([]);
  });

  it("PATCH-3 a tampered requestState is refused with invalid params, and nothing is written", async () => {
    const draft = await flaggedDraft(session);
    const fetchEndpoint = endpointFor();
    const asked = await toolsCall(fetchEndpoint, { id: draft.id, status: "pending" });
    const state = String(asked.result?.requestState);
    const [version, body, mac] = state.split(".");
    const forged = Buffer.from(String(body), "base64url")
      .toString()
      .replace(/"textDigest":"[0-9a-f]+"/, `"textDigest":"${"0".repeat(64)}"`);
    const tampered = [version, Buffer.from(forged).toString("base64url"), mac].join(".");
    for (const requestState of [tampered, `${state}x`, "not-a-state"]) {
      const answer = await toolsCall(
        fetchEndpoint,
        { id: draft.id, status: "pending" },
        { inputResponses: APPROVED, requestState },
      );
      expect(answer.error).toMatchObject({ code: -32602 });
    }
    expect(writesTo(session, draft.id)).toEqual([]);
  });

  it("PATCH-3 a signed state of another item or tool is refused with invalid params", async () => {
    const first = await flaggedDraft(session);
    const second = await flaggedDraft(session);
    const fetchEndpoint = endpointFor();
    const asked = await toolsCall(fetchEndpoint, { id: first.id, status: "pending" });
    const requestState = String(asked.result?.requestState);
    const otherItem = await toolsCall(
      fetchEndpoint,
      { id: second.id, status: "pending" },
      { inputResponses: APPROVED, requestState },
    );
    expect(otherItem.error).toMatchObject({ code: -32602 });
    const otherTool = await toolsCall(
      fetchEndpoint,
      { id: first.id, publishNow: true },
      { inputResponses: APPROVED, requestState },
      "schedule_content",
    );
    expect(otherTool.error).toMatchObject({ code: -32602 });
    expect(acknowledgedWrites(session, first.id) + acknowledgedWrites(session, second.id)).toBe(0);
  });

  it("PATCH-3 an answer reaching another process: its state verifies only under a shared requestStateKey", async () => {
    const draft = await flaggedDraft(session);
    const key = "k".repeat(32);
    const asked = await toolsCall(endpointFor(key), { id: draft.id, status: "pending" });
    const requestState = String(asked.result?.requestState);
    const retry = { inputResponses: APPROVED, requestState };
    const stranger = await toolsCall(
      endpointFor("s".repeat(32)),
      { id: draft.id, status: "pending" },
      retry,
    );
    expect(stranger.error).toMatchObject({ code: -32602 });
    const sibling = await toolsCall(endpointFor(key), { id: draft.id, status: "pending" }, retry);
    expect(sibling.result).toMatchObject({ structuredContent: { item: { status: "pending" } } });
    expect(writesTo(session, draft.id)).toEqual([{ method: "PATCH", acknowledged: true }]);
  });

  it("refuses a requestStateKey shorter than 32 bytes, naming it", () => {
    expect(() => createMcpServer({ client: session.client, requestStateKey: "short" })).toThrow(
      expect.objectContaining({ param: "requestStateKey" }),
    );
  });
});
