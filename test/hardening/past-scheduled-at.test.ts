/**
 * A past `scheduledAt` is not refused locally: only the service's clock says what is past, and
 * this machine's clock may be ahead of it or behind it (docs/getting-started.md).
 */
import { describe, expect, it } from "vitest";
import { Postline, ValidationError } from "../../src/index.js";
import { createFakeService } from "../../src/testing/index.js";

const HOUR = 3_600_000;

/** A client on a fake service whose clock stands `skewMs` away from this machine's. */
function clientWithServiceClock(skewMs: number) {
  const service = createFakeService({ now: Date.now() + skewMs });
  const client = new Postline({
    apiKey: service.defaults.apiKey,
    baseURL: service.defaults.baseURL,
    rateLimit: false,
    maxRetries: 0,
    fetch: service.fetch,
  });
  return { client, service };
}

describe("a scheduledAt that one of the two clocks calls past", () => {
  it("past on this machine's clock but future on the service's: sent, and scheduled", async () => {
    const { client, service } = clientWithServiceClock(-2 * HOUR);
    const draft = await client.content.createDraft({ channelId: "ch_x_acme", body: "Skewed." });
    const at = new Date(Date.now() - HOUR);
    const scheduled = await client.content.schedule(draft.id, { scheduledAt: at });
    expect(scheduled.status).toBe("scheduled");
    expect(service.requests.at(-1)?.body).toEqual({ scheduledAt: at.toISOString() });
  });

  it("past on the service's clock: sent, and refused by the service naming scheduledAt", async () => {
    const { client, service } = clientWithServiceClock(2 * HOUR);
    const draft = await client.content.createDraft({ channelId: "ch_x_acme", body: "Late." });
    const at = new Date(Date.now() + HOUR);
    const error = await client.content
      .schedule(draft.id, { scheduledAt: at })
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toContain("scheduledAt");
    expect(service.requests.at(-1)?.path).toBe(`/content/${draft.id}/schedule`);
    expect(service.item(draft.id)?.status).toBe("draft");
  });
});
