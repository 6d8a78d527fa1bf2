/**
 * The review card's decision (`decideReview`), bound to a signed review token and to the text
 * the person saw: what it sends to the fake for each decision, and that every token a model could
 * copy or make up is refused with nothing sent.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ContentItem } from "../../src/index.js";
import {
  decideReview,
  type ReviewDecisionDeps,
} from "../../src/mcp/ask/review-card/decide-review.js";
import {
  createGate,
  type Gate,
  memorySpentTickets,
  type SpentTickets,
} from "../../src/tools/approval/index.js";
import {
  acknowledgedWrites,
  EDITED_TEXT,
  flaggedDraft,
  statusOf,
  writesTo,
} from "../approval/support/acknowledgments.js";
import { type FakeSession, openFakeSession } from "../support/fake-session.js";

const KEY = "a review-card test key of 32 bytes or more";
let session: FakeSession;
/** The server's gate, which signs what the card shows. */
let gate: Gate;
let spent: SpentTickets;
beforeEach(() => {
  session = openFakeSession();
  spent = memorySpentTickets();
  gate = createGate({ client: session.client, mode: "ask", key: KEY });
});
afterEach(() => {
  vi.useRealTimers();
  session.close();
});

function deps(key: string = KEY): ReviewDecisionDeps {
  return { gate: createGate({ client: session.client, mode: "ask", key, spent }) };
}

/** The token the card gets for the item's text as it stands. */
async function cardToken(item: ContentItem): Promise<string> {
  const shown = await gate.ask({ itemId: item.id }, { scope: "card" });
  return shown.reviewToken;
}

const errorOf = (result: unknown) => (result as { error?: Record<string, unknown> }).error;

/** A five-minute mark two hours ahead: the service snaps scheduled times to five minutes. */
function twoHoursAhead(): string {
  const fiveMinutes = 300_000;
  return new Date(Math.ceil((Date.now() + 7_200_000) / fiveMinutes) * fiveMinutes).toISOString();
}

describe("the review card's decision", () => {
  it("PATCH-3 approve: the item is pending, and exactly one PATCH carried the acknowledgment", async () => {
    const draft = await flaggedDraft(session);
    const reviewToken = await cardToken(draft);
    const { result } = await decideReview(
      { itemId: draft.id, reviewToken, decision: "approve" },
      deps(),
    );
    expect(result).toMatchObject({ status: "approved", item: { id: draft.id, status: "pending" } });
    expect(await statusOf(session, draft.id)).toBe("pending");
    expect(writesTo(session, draft.id)).toEqual([{ method: "PATCH", acknowledged: true }]);
  });

  it("PATCH-3 approve and schedule: scheduled at the chosen time, one acknowledgment", async () => {
    const draft = await flaggedDraft(session);
    const scheduledAt = twoHoursAhead();
    const { result } = await decideReview(
      { itemId: draft.id, reviewToken: await cardToken(draft), decision: "schedule", scheduledAt },
      deps(),
    );
    expect(result).toMatchObject({ status: "scheduled", item: { status: "scheduled" } });
    const item = await session.client.content.get(draft.id);
    expect(new Date(item.scheduledAt as unknown as string).toISOString()).toBe(scheduledAt);
    expect(acknowledgedWrites(session, draft.id)).toBe(1);
  });

  it("PATCH-3 edit then approve: the saved text is the edited one, and the acknowledgment is for it", async () => {
    const draft = await flaggedDraft(session);
    const first = await cardToken(draft);
    const edited = await decideReview(
      { itemId: draft.id, reviewToken: first, decision: "edit", text: EDITED_TEXT },
      deps(),
    );
    expect(edited.result).toMatchObject({ status: "awaiting_review", text: EDITED_TEXT });
    expect(edited.reviewToken).toEqual(expect.any(String));
    // The token that decided the edit decides nothing more.
    const old = await decideReview(
      { itemId: draft.id, reviewToken: first, decision: "approve" },
      deps(),
    );
    expect(errorOf(old.result)).toMatchObject({ code: "review_refused", reason: "spent" });
    const approved = await decideReview(
      { itemId: draft.id, reviewToken: edited.reviewToken, decision: "approve" },
      deps(),
    );
    expect(approved.result).toMatchObject({ status: "approved" });
    expect((await session.client.content.get(draft.id)).content).toBe(EDITED_TEXT);
    expect(writesTo(session, draft.id)).toEqual([
      { method: "PATCH", acknowledged: false, content: EDITED_TEXT },
      { method: "PATCH", acknowledged: true },
    ]);
  });

  it("PATCH-3 decline: nothing changes, and the answer says the user did not approve", async () => {
    const draft = await flaggedDraft(session);
    const { result } = await decideReview(
      { itemId: draft.id, reviewToken: await cardToken(draft), decision: "decline" },
      deps(),
    );
    expect(errorOf(result)).toMatchObject({ code: "approval_declined", itemId: draft.id });
    expect(String(errorOf(result)?.message)).toMatch(/did not approve/);
    expect(await statusOf(session, draft.id)).toBe("draft");
    expect(writesTo(session, draft.id)).toEqual([]);
  });

  /** Approving with `reviewToken` once the text is EDITED_TEXT: refused as stale, showing it. */
  async function approvedStale(itemId: string, reviewToken: unknown) {
    const stale = await decideReview({ itemId, reviewToken, decision: "approve" }, deps());
    expect(errorOf(stale.result)).toMatchObject({
      code: "review_stale",
      review: { status: "awaiting_review", text: EDITED_TEXT },
    });
    return stale;
  }

  it("PATCH-3 a text changed behind the card: refused, nothing sent, and the answer carries the new text and a token for it", async () => {
    const draft = await flaggedDraft(session);
    const reviewToken = await cardToken(draft);
    await session.client.content.update(draft.id, { content: EDITED_TEXT });
    const stale = await approvedStale(draft.id, reviewToken);
    expect(stale.reviewToken).toEqual(expect.any(String));
    expect(acknowledgedWrites(session, draft.id)).toBe(0);
    expect(await statusOf(session, draft.id)).toBe("draft");
  });

  it("PATCH-3 a text changed between the decision's read and its write: nothing acknowledged, and the card shows the new text (failed before: it showed the old one)", async () => {
    const draft = await flaggedDraft(session);
    const reviewToken = await cardToken(draft);
    const { content } = session.client;
    const [get, review] = [content.get.bind(content), content.review.bind(content)];
    // Someone saves new text right after the decision read the item, before its write.
    const thenEdit = async <T>(read: T): Promise<T> => {
      await content.update(draft.id, { content: EDITED_TEXT });
      return read;
    };
    vi.spyOn(content, "get").mockImplementationOnce(async (...args) =>
      thenEdit(await get(...args)),
    );
    vi.spyOn(content, "review").mockImplementationOnce(async (...args) =>
      thenEdit(await review(...args)),
    );
    await approvedStale(draft.id, reviewToken);
    expect(acknowledgedWrites(session, draft.id)).toBe(0);
    expect(await statusOf(session, draft.id)).toBe("draft");
  });

  describe("a model that calls the decision tool itself is refused, and nothing is sent", () => {
    async function refusedFor(reviewToken: unknown, item?: ContentItem, key?: string) {
      const draft = item ?? (await flaggedDraft(session));
      const before = session.service.requests.length;
      const { result } = await decideReview(
        { itemId: draft.id, reviewToken, decision: "approve" },
        deps(key),
      );
      const sent = session.service.requests.slice(before).filter((r) => r.method !== "GET");
      expect(sent).toEqual([]);
      expect(await statusOf(session, draft.id)).toBe("draft");
      return errorOf(result);
    }

    it("without a token", async () => {
      expect(await refusedFor("")).toMatchObject({ code: "review_refused", reason: "missing" });
    });

    it("with a forged token (made up, or another key's, or a real one altered)", async () => {
      const draft = await flaggedDraft(session);
      const real = await cardToken(draft);
      const altered = `${real.slice(0, -2)}${real.endsWith("AA") ? "BB" : "AA"}`;
      for (const token of ["v1.eyJwIjp7fX0.AAAA", altered]) {
        expect(await refusedFor(token, draft)).toMatchObject({ reason: "invalid" });
      }
      const otherKey = "another key that is also 32 bytes long!!";
      expect(await refusedFor(real, draft, otherKey)).toMatchObject({ reason: "invalid" });
    });

    it("with the acknowledgment question's signed requestState, which is no review token", async () => {
      const draft = await flaggedDraft(session);
      const decoded = await gate.decode("update_content", { id: draft.id, status: "pending" });
      if (!decoded.ok) throw new Error("the call should decode");
      const form = { scope: "ask", options: {}, state: undefined, answer: undefined } as const;
      const asked = await gate.ask(decoded.call, form);
      if (!("question" in asked)) throw new Error("the form should ask");
      const { requestState } = asked.question;
      expect(await refusedFor(requestState, draft)).toMatchObject({ reason: "invalid" });
    });

    it("with another item's token", async () => {
      const other = await flaggedDraft(session);
      const token = await cardToken(other);
      const error = await refusedFor(token);
      expect(error).toMatchObject({ code: "review_refused", reason: "other_item" });
      expect(await statusOf(session, other.id)).toBe("draft");
    });

    it("with an expired token (ten minutes)", async () => {
      const draft = await flaggedDraft(session);
      const token = await cardToken(draft);
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.now() + 601_000);
      expect(await refusedFor(token, draft)).toMatchObject({ reason: "expired" });
    });

    it("with a token for older text", async () => {
      const draft = await flaggedDraft(session);
      const token = await cardToken(draft);
      await session.client.content.update(draft.id, { content: EDITED_TEXT });
      const before = acknowledgedWrites(session, draft.id);
      const { result } = await decideReview(
        { itemId: draft.id, reviewToken: token, decision: "schedule", publishNow: true },
        deps(),
      );
      expect(errorOf(result)).toMatchObject({ code: "review_stale" });
      expect(acknowledgedWrites(session, draft.id)).toBe(before);
    });

    it("with a token that has decided once: a second decision is refused and writes nothing", async () => {
      const draft = await flaggedDraft(session);
      const reviewToken = await cardToken(draft);
      const approved = await decideReview(
        { itemId: draft.id, reviewToken, decision: "approve" },
        deps(),
      );
      expect(approved.result).toMatchObject({ status: "approved" });
      const before = session.service.requests.length;
      const again = await decideReview(
        { itemId: draft.id, reviewToken, decision: "schedule", publishNow: true },
        deps(),
      );
      expect(errorOf(again.result)).toMatchObject({ code: "review_refused", reason: "spent" });
      // The item is read before the token is spent, so that a failed read spends nothing.
      const sent = session.service.requests.slice(before).map(({ method }) => method);
      expect(sent.filter((method) => method !== "GET")).toEqual([]);
      expect(await statusOf(session, draft.id)).toBe("pending");
    });
  });

  describe("a failed read does not spend the token", () => {
    it("PATCH-3 the item's read fails (503): the error answers, nothing is sent, and the same token then decides once (failed before: refused as spent)", async () => {
      const draft = await flaggedDraft(session);
      const reviewToken = await cardToken(draft);
      session.service.faults.inject({
        method: "GET",
        path: `/content/${draft.id}`,
        kind: "status",
        status: 503,
        times: 1,
      });
      const failed = await decideReview(
        { itemId: draft.id, reviewToken, decision: "approve" },
        deps(),
      );
      expect(errorOf(failed.result)?.code).toEqual(expect.any(String));
      expect(errorOf(failed.result)?.code).not.toBe("review_refused");
      expect(writesTo(session, draft.id)).toEqual([]);
      const retried = await decideReview(
        { itemId: draft.id, reviewToken, decision: "approve" },
        deps(),
      );
      expect(retried.result).toMatchObject({ status: "approved" });
      expect(acknowledgedWrites(session, draft.id)).toBe(1);
    });
  });

  describe("refusals, continued", () => {
    it("with a bad input, naming the parameter", async () => {
      const { result } = await decideReview({ itemId: "cnt_1", decision: "approve" }, deps());
      expect(errorOf(result)).toMatchObject({ code: "validation_error", param: "reviewToken" });
    });
  });
});

describe("the card's approval after the planned time passed", () => {
  it("PATCH-4 answers approved with plannedTimePassed, not an error (failed before: 'failed: unknown')", async () => {
    session.service.clock.set("2026-10-11T18:00:00.000Z");
    const draft = await flaggedDraft(session);
    const { result } = await decideReview(
      { itemId: draft.id, reviewToken: await cardToken(draft), decision: "approve" },
      deps(),
    );
    expect(result).toMatchObject({
      status: "approved",
      plannedTimePassed: true,
      item: { id: draft.id, status: "pending" },
    });
    expect(acknowledgedWrites(session, draft.id)).toBe(1);
  });
});
