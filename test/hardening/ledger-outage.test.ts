/**
 * The ledger of created items during an outage of the shared store. Pacing falls back to this
 * process's memory, but adoption may not: two processes could then adopt one item, one caller's
 * post lost or left over. Adoption is held until the store answers; if it does not in time, the
 * call ends with AmbiguousCreateError("unknown"): nothing adopted twice, nothing sent again.
 */
import { describe, expect, it } from "vitest";
import { createMemoryPacingStore } from "../../src/core/pacing/memory-store.js";
import type { CreateClaimStore, PacingStore } from "../../src/core/pacing/pacing-store.js";
import { AmbiguousCreateError } from "../../src/index.js";
import { fakeClient } from "../support/fake-client.js";

/** A shared store (not `"memory"`) whose ledger fails its first `failures` commands. */
function flakyStore(failures: number) {
  const inner = createMemoryPacingStore();
  let left = failures;
  const calls = { claimFirstFree: 0 };
  const fail = () => {
    if (left > 0) {
      left -= 1;
      return Promise.reject(new Error("ECONNREFUSED 127.0.0.1:6379"));
    }
    return undefined;
  };
  const claims: CreateClaimStore = {
    claim: (service, items, ttlMs, owner) =>
      fail() ?? inner.claims.claim(service, items, ttlMs, owner),
    claimFirstFree: (service, candidates, ttlMs, owner) => {
      calls.claimFirstFree += 1;
      return fail() ?? inner.claims.claimFirstFree(service, candidates, ttlMs, owner);
    },
  };
  const store: PacingStore = {
    kind: "shared-test",
    takeSlot: (request) => inner.takeSlot(request),
    readBudget: (budget) => inner.readBudget(budget),
    claims,
  };
  return { store, calls };
}

describe("reconciliation while the shared ledger is down", () => {
  it("adopts nothing and sends nothing again: AmbiguousCreateError('unknown'), one item on the service", async () => {
    const { store } = flakyStore(Number.POSITIVE_INFINITY);
    const { service, client } = fakeClient({ rateLimit: { store }, logLevel: "off" });
    const channelId = service.defaults.channelIds[0]!;
    const before = service.workspace().items().length;
    service.faults.inject({ method: "POST", path: "/content", kind: "dropAfterWrite" });

    const error = await client.content
      .createDraft({ channelId, body: "Held during the outage." })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AmbiguousCreateError);
    const ambiguous = error as AmbiguousCreateError;
    expect(ambiguous.outcome).toBe("unknown");
    expect(ambiguous.sends).toBe(1);
    expect(String((ambiguous.checkError as Error).message)).toMatch(/did not answer/);
    expect(service.workspace().items()).toHaveLength(before + 1);
  });

  it("adopts the item once the store answers again within the hold", async () => {
    const { store, calls } = flakyStore(2);
    const { service, client } = fakeClient({ rateLimit: { store }, logLevel: "off" });
    const channelId = service.defaults.channelIds[0]!;
    const before = service.workspace().items().length;
    service.faults.inject({ method: "POST", path: "/content", kind: "dropAfterWrite" });

    const item = await client.content.createDraft({ channelId, body: "Adopted after a blip." });

    expect(item.reconciliation?.adoptedIds).toEqual([item.id]);
    expect(calls.claimFirstFree).toBeGreaterThanOrEqual(2);
    expect(service.workspace().items()).toHaveLength(before + 1);
  });
});
