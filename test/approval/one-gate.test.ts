/**
 * One property, every face: no write carries `acknowledgeAiIsms: true` unless a person approved
 * that exact text for that exact call (docs/approval.md). Where nobody can be asked, `"ask"` lets
 * the model acknowledge and `"model"` always does (SDK_DESIGN §15); a text change and an approval
 * in one call is refused with `param: "content"` wherever a person decides.
 *
 * Rows marked "failed before" reproduce a fault of the previous gate.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AcknowledgmentMode } from "../../src/tools/index.js";
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
