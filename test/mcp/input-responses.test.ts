/**
 * A retried `tools/call` whose `inputResponses` is malformed (not an object, an answer that is not
 * an object, no elicitation result, or a form without its `approve` box) is refused with JSON-RPC
 * -32602 naming the problem, as the MCP conformance suite expects, instead of being asked again.
 * Answers to questions never asked are ignored, as the suite expects too.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMcpServer } from "../../src/mcp/index.js";
import { createMcpHttpEndpoint } from "../../src/mcp/transport/http-endpoint.js";
import { flaggedDraft, writesTo } from "../approval/support/acknowledgments.js";
import { type FakeSession, openFakeSession } from "../support/fake-session.js";
import { ENVELOPE_2026, postAs } from "./support/raw-rpc.js";

let session: FakeSession;
beforeEach(() => {
  session = openFakeSession();
});
afterEach(() => session.close());

const ELICITING_META = {
  ...ENVELOPE_2026,
  "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {} } },
};
const APPROVE = { action: "accept", content: { approve: true } };

/** The server over Streamable HTTP, and a 2026-07-28 `tools/call` of update_content on `id`. */
function serverFor(id: string) {
  const endpoint = createMcpHttpEndpoint(() => createMcpServer({ client: session.client }));
  const call = async (retry: Record<string, unknown>) => {
    const [answer] = await postAs(
      "2026-07-28",
      (request) => endpoint.fetch(request),
      "http://127.0.0.1/mcp",
      {
        method: "tools/call",
        params: {
          name: "update_content",
          arguments: { id, status: "pending" },
          ...retry,
          _meta: ELICITING_META,
        },
        ...{ jsonrpc: "2.0", id: 9 },
      } as never,
    );
    return answer as { result?: Record<string, unknown>; error?: Record<string, unknown> };
  };
  return { call, close: () => endpoint.close() };
}

describe("a malformed inputResponses (2026-07-28, raw wire)", () => {
  const cases: [string, unknown, RegExp][] = [
    ["a number", 5, /inputResponses must be an object.*got a number/],
    ["null", null, /inputResponses must be an object.*got null/],
    ["an array", [APPROVE], /inputResponses must be an object.*got an array/],
    [
      "an answer that is a number",
      { acknowledgment: 5 },
      /inputResponses\.acknowledgment must be an object/,
    ],
    [
      "another key's answer that is a number",
      { acknowledgment: APPROVE, other: 12345 },
      /inputResponses\.other must be an object/,
    ],
    [
      "an answer with no action",
      { acknowledgment: { approve: true } },
      /inputResponses\.acknowledgment must be an elicitation result/,
    ],
    [
      "a wrong key in the form's content",
      { acknowledgment: { action: "accept", content: { approved: true } } },
      /inputResponses\.acknowledgment\.content must hold the form's "approve" box \(a boolean\); got "approved"/,
    ],
  ];

  for (const [what, inputResponses, message] of cases) {
    it(`update_content answers -32602 naming the problem for ${what}, and writes nothing`, async () => {
      const draft = await flaggedDraft(session);
      const { call, close } = serverFor(draft.id);
      const asked = await call({});
      const requestState = String(asked.result?.requestState);
      const answer = await call({ inputResponses, requestState });
      expect(answer.result).toBeUndefined();
      expect(answer.error).toMatchObject({
        code: -32602,
        message: expect.stringMatching(message),
      });
      expect(writesTo(session, draft.id)).toEqual([]);
      await close();
    });
  }

  it("answers to questions never asked are ignored: beside the answer, the write goes through", async () => {
    const draft = await flaggedDraft(session);
    const { call, close } = serverFor(draft.id);
    const asked = await call({});
    const requestState = String(asked.result?.requestState);
    const extra = { action: "accept", content: { foo: "bar" } };
    const answer = await call({ inputResponses: { acknowledgment: APPROVE, extra }, requestState });
    expect(answer.result).toMatchObject({ structuredContent: { item: { status: "pending" } } });
    expect(writesTo(session, draft.id)).toEqual([{ method: "PATCH", acknowledged: true }]);
    await close();
  });

  it("with no answer to the question, only others, the person is asked again", async () => {
    const draft = await flaggedDraft(session);
    const { call, close } = serverFor(draft.id);
    const asked = await call({});
    const requestState = String(asked.result?.requestState);
    const answer = await call({ inputResponses: { approval: APPROVE }, requestState });
    expect(answer.result).toMatchObject({ resultType: "input_required" });
    expect(writesTo(session, draft.id)).toEqual([]);
    await close();
  });
});
