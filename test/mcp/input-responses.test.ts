/**
 * A retried `tools/call` whose `inputResponses` is malformed (not an object, an answer to a
 * question never asked, an answer that is no elicitation result) is refused with JSON-RPC -32602
 * naming the problem, as the MCP conformance suite expects, instead of being asked again.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMcpHttpEndpoint } from "../../src/mcp/http-endpoint.js";
import { createMcpServer } from "../../src/mcp/index.js";
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

describe("a malformed inputResponses (2026-07-28, raw wire)", () => {
  const cases: [string, unknown, RegExp][] = [
    ["a number", 5, /inputResponses must be an object.*got a number/],
    ["null", null, /inputResponses must be an object.*got null/],
    ["an array", [APPROVE], /inputResponses must be an object.*got an array/],
    ["a wrong key", { approval: APPROVE }, /inputResponses answers "approval", which this server never asked; its only question is "acknowledgment"/],
    ["a wrong key beside the right one", { acknowledgment: APPROVE, extra: APPROVE }, /"extra"/],
    ["an answer that is not an object", { acknowledgment: 5 }, /inputResponses\.acknowledgment must be the host's answer/],
  ];

  for (const [what, inputResponses, message] of cases) {
    it(`update_content answers -32602 naming the problem for ${what}, and writes nothing`, async () => {
      const draft = await flaggedDraft(session);
      const endpoint = createMcpHttpEndpoint(() => createMcpServer({ client: session.client }));
      const call = (retry: Record<string, unknown>) =>
        postAs("2026-07-28", (request) => endpoint.fetch(request), "http://127.0.0.1/mcp", {
          method: "tools/call",
          params: {
            name: "update_content",
            arguments: { id: draft.id, status: "pending" },
            ...retry,
            _meta: ELICITING_META,
          },
          ...{ jsonrpc: "2.0", id: 9 },
        } as never);
      const [asked] = await call({});
      const requestState = String((asked?.result as Record<string, unknown>).requestState);
      const [answer] = await call({ inputResponses, requestState });
      expect(answer?.result).toBeUndefined();
      expect(answer?.error).toMatchObject({ code: -32602, message: expect.stringMatching(message) });
      expect(writesTo(session, draft.id)).toEqual([]);
      await endpoint.close();
    });
  }
});
