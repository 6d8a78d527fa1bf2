import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  AcknowledgmentRequiredError,
  type ContentItem,
  InvalidRequestError,
} from "../../src/index.js";
import { type FakeSession, openFakeSession } from "../support/fake-session.js";

let session: FakeSession;
beforeEach(() => {
  session = openFakeSession();
});
afterEach(() => session.close());

const FLAGGED_TEXT = "We delve into the tapestry of export speed.";

async function flaggedDraft(): Promise<ContentItem> {
  const channelId = session.channelIds[0] as string;
  return session.client.content.createDraft({ channelId, body: FLAGGED_TEXT });
}

/** The writes the fake received for one item, and whether each carried the acknowledgment. */
function writesTo(id: string) {
  return session.service.requests
    .filter((request) => request.method !== "GET" && request.path.startsWith(`/content/${id}`))
    .map((request) => ({
      method: request.method,
      acknowledged: (request.body as { acknowledgeAiIsms?: unknown })?.acknowledgeAiIsms === true,
    }));
}

describe("content.review and the acknowledge option", () => {
  it("PATCH-3 review() is one GET giving the text, the matches and a SHA-256 digest of the text", async () => {
    const draft = await flaggedDraft();
    session.service.clearRequests();
    const review = await session.client.content.review(draft.id);
    expect(review).toEqual({
      itemId: draft.id,
      text: FLAGGED_TEXT,
      aiIsmMatches: draft.aiIsmMatches,
      needsAcknowledgment: true,
      textDigest: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(session.service.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /content/${draft.id}`,
    ]);
    const { createHash } = await import("node:crypto");
    expect(review.textDigest).toBe(createHash("sha256").update(FLAGGED_TEXT).digest("hex"));
  });

  it("PATCH-3 approve with the review a person saw sends acknowledgeAiIsms once, after a re-read", async () => {
    const draft = await flaggedDraft();
    const review = await session.client.content.review(draft.id);
    session.service.clearRequests();
    const approved = await session.client.content.approve(draft.id, {}, { acknowledge: review });
    expect(approved.status).toBe("pending");
    expect(session.service.requests.map((r) => r.method)).toEqual(["GET", "PATCH"]);
    expect(writesTo(draft.id)).toEqual([{ method: "PATCH", acknowledged: true }]);
  });

  it("PATCH-3 approve(id, { acknowledge }) takes the review as a parameter too", async () => {
    const draft = await flaggedDraft();
    const review = await session.client.content.review(draft.id);
    const approved = await session.client.content.approve(draft.id, { acknowledge: review });
    expect(approved.status).toBe("pending");
    expect(writesTo(draft.id)).toEqual([{ method: "PATCH", acknowledged: true }]);
  });

  it("PATCH-3 a text edited after the review throws AcknowledgmentRequiredError stale with the new matches, sending nothing", async () => {
    const draft = await flaggedDraft();
    const review = await session.client.content.review(draft.id);
    await session.client.content.update(draft.id, { content: "Now we delve into tariffs." });
    session.service.clearRequests();

    const refusal = await session.client.content
      .approve(draft.id, {}, { acknowledge: review })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AcknowledgmentRequiredError);
    expect(refusal).toMatchObject({
      stale: true,
      itemId: draft.id,
      status: 409,
      aiIsmMatches: [{ label: "delve", match: "delve" }],
    });
    expect(session.service.requests.map((r) => r.method)).toEqual(["GET"]);
    expect((await session.client.content.get(draft.id)).status).toBe("draft");
  });

  it("SCHED-1 schedule with a review acknowledges only the reviewed text", async () => {
    const draft = await flaggedDraft();
    const review = await session.client.content.review(draft.id);
    const scheduled = await session.client.content.schedule(
      draft.id,
      { publishNow: true },
      { acknowledge: review },
    );
    expect(scheduled.status).toBe("scheduled");
    expect(writesTo(draft.id)).toEqual([{ method: "POST", acknowledged: true }]);

    const other = await flaggedDraft();
    const stale = await session.client.content.review(other.id);
    await session.client.content.update(other.id, { content: "We delve deeper." });
    await expect(
      session.client.content.schedule(other.id, { publishNow: true }, { acknowledge: stale }),
    ).rejects.toMatchObject({ stale: true, itemId: other.id });
    expect(writesTo(other.id)).toEqual([{ method: "PATCH", acknowledged: false }]);
  });

  it("PATCH-3 update to pending takes the review; with new content or another item it is refused before sending", async () => {
    const draft = await flaggedDraft();
    const review = await session.client.content.review(draft.id);
    session.service.clearRequests();
    const refusals = await Promise.all([
      session.client.content
        .update(draft.id, { status: "pending", content: "New" }, { acknowledge: review })
        .catch((error: unknown) => error),
      session.client.content
        .update(draft.id, { status: "draft" }, { acknowledge: review })
        .catch((error: unknown) => error),
      session.client.content
        .approve("cnt_other", {}, { acknowledge: review })
        .catch((error: unknown) => error),
    ]);
    for (const refusal of refusals) {
      expect(refusal).toBeInstanceOf(InvalidRequestError);
      expect(refusal).toMatchObject({ param: "acknowledge" });
    }
    expect(session.service.requests).toHaveLength(0);

    const approved = await session.client.content.update(
      draft.id,
      { status: "pending" },
      { acknowledge: review },
    );
    expect(approved.status).toBe("pending");
  });

  it("PATCH-3 the service's own refusal names the item and is not stale", async () => {
    const draft = await flaggedDraft();
    const refusal = await session.client.content.approve(draft.id).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AcknowledgmentRequiredError);
    expect(refusal).toMatchObject({ itemId: draft.id, stale: false });
  });
});
