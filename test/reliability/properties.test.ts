/**
 * Properties over random sequences of operations with random faults, against the contract fake:
 * what the SDK reports as created is exactly what the service holds (none twice, none unreported),
 * every failure is a typed `PostlineError`, and a list walked with `for await` sees every item
 * exactly once while nothing is written.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AmbiguousCreateError, type Postline, PostlineError } from "../../src/index.js";
import type { FakeService, FaultKind } from "../../src/testing/index.js";
import { fakeClient } from "../support/fake-client.js";

const TIMEOUT_MS = 40;

/**
 * Faults drawn for a write, on its own route. Writes are never retried after sending, so these
 * cost no backoff; faults that reads retry after a backoff are left to the fault matrix.
 */
const faultArb: fc.Arbitrary<FaultKind | null> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(null) },
  fc.constantFrom<FaultKind>(
    { kind: "dropAfterWrite" },
    { kind: "status", status: 500, body: { error: { code: "internal_error", message: "x" } } },
    { kind: "html", status: 502 },
    { kind: "truncatedJson" },
    { kind: "schemaBreak" },
    { kind: "transitionFailed" },
    { kind: "rateLimited", retryAfterSeconds: 0 },
    { kind: "delay", ms: TIMEOUT_MS * 2 },
  ),
);

/** Faults a read retries at once (the service's `Retry-After: 0`). */
const retriedAtOnceArb: fc.Arbitrary<FaultKind | null> = fc.constantFrom<FaultKind | null>(
  null,
  { kind: "rateLimited", retryAfterSeconds: 0 },
  {
    kind: "status",
    status: 500,
    body: { error: { code: "internal_error", message: "x" } },
    headers: { "retry-after": "0" },
  },
  {
    kind: "status",
    status: 503,
    body: { error: { code: "capacity_unknown", message: "x" } },
    headers: { "retry-after": "0" },
  },
);

const WORDS = ["ship", "notes", "today", "export", "faster", "fixed", "team", "launch"];
const textArb = fc
  .array(fc.constantFrom(...WORDS), { minLength: 2, maxLength: 5 })
  .map((words) => `${words.join(" ")}.`);

type Operation =
  | { op: "create"; text: string; fault: FaultKind | null }
  | { op: "edit"; target: number; text: string; fault: FaultKind | null }
  | { op: "approve" | "schedule" | "delete"; target: number; fault: FaultKind | null }
  | { op: "list"; fault: FaultKind | null };

const operationArb: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant("create" as const), text: textArb, fault: faultArb }),
  },
  fc.record({ op: fc.constant("edit" as const), target: fc.nat(), text: textArb, fault: faultArb }),
  fc.record({
    op: fc.constantFrom("approve" as const, "schedule" as const, "delete" as const),
    target: fc.nat(),
    fault: faultArb,
  }),
  fc.record({ op: fc.constant("list" as const), fault: retriedAtOnceArb }),
);

/** Where each operation's fault is injected. */
const ROUTE: Record<Operation["op"], { method: string; path: string }> = {
  create: { method: "POST", path: "/content" },
  edit: { method: "PATCH", path: "/content/:id" },
  approve: { method: "PATCH", path: "/content/:id" },
  schedule: { method: "POST", path: "/content/:id/schedule" },
  delete: { method: "DELETE", path: "/content/:id" },
  list: { method: "GET", path: "/content" },
};

interface Ledger {
  /** Ids the SDK handed back from creates, in order. */
  reported: string[];
  /** Ids a delete was sent for (it may have happened even if it failed). */
  deleteAttempted: Set<string>;
  /** Creates that ended in AmbiguousCreateError with outcome "unknown". */
  unknownCreates: number;
}

async function apply(client: Postline, operation: Operation, ledger: Ledger): Promise<void> {
  const pick = (target: number) => ledger.reported[target % Math.max(1, ledger.reported.length)];
  switch (operation.op) {
    case "create": {
      const channelId = "ch_x_olivia";
      try {
        const item = await client.content.createDraft({ channelId, body: operation.text });
        ledger.reported.push(item.id);
      } catch (error) {
        if (error instanceof AmbiguousCreateError) {
          ledger.reported.push(...error.items.map((item) => item.id));
          if (error.outcome === "unknown") ledger.unknownCreates += 1;
        }
        throw error;
      }
      return;
    }
    case "list":
      await client.content.listPage({ limit: 10 });
      return;
    default: {
      const id = pick(operation.target);
      if (id === undefined) return;
      if (operation.op === "edit") await client.content.update(id, { content: operation.text });
      if (operation.op === "approve") await client.content.approve(id);
      if (operation.op === "schedule") await client.content.schedule(id, { publishNow: true });
      if (operation.op === "delete") {
        ledger.deleteAttempted.add(id);
        await client.content.delete(id);
      }
    }
  }
}

const apiItemIds = (service: FakeService) =>
  service
    .workspace()
    .items()
    .filter((item) => item.source === "api")
    .map((item) => String(item.id));

describe("random operations under random faults", () => {
  it("CONV-3 the items reported as created are exactly the items held, none twice", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operationArb, { minLength: 1, maxLength: 8 }), async (ops) => {
        const { service, client } = fakeClient({ timeout: TIMEOUT_MS, maxRetries: 1 });
        const ledger: Ledger = { reported: [], deleteAttempted: new Set(), unknownCreates: 0 };
        for (const operation of ops) {
          if (operation.fault)
            service.faults.inject({ ...operation.fault, ...ROUTE[operation.op] });
          try {
            await apply(client, operation, ledger);
          } catch (error) {
            expect(error).toBeInstanceOf(PostlineError);
          }
          service.faults.clear();
        }

        // None twice: no two calls were handed the same item.
        expect(new Set(ledger.reported).size).toBe(ledger.reported.length);
        const held = new Set(apiItemIds(service));
        // None lost: every held item was reported (bar a create the SDK said it could not settle).
        const unreported = [...held].filter((id) => !ledger.reported.includes(id));
        expect(unreported.length).toBeLessThanOrEqual(ledger.unknownCreates);
        // None invented: every reported item is held, unless a delete was sent for it.
        for (const id of ledger.reported) {
          if (!held.has(id)) expect(ledger.deleteAttempted.has(id)).toBe(true);
        }
      }),
      { numRuns: 30 },
    );
  });

  it("LIST-1 for await sees every item exactly once while nothing is written, even with retried pages", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 7 }),
        retriedAtOnceArb,
        fc.nat({ max: 5 }),
        async (extraItems, pageSize, fault, faultAtPage) => {
          const { service, client } = fakeClient({ timeout: TIMEOUT_MS, maxRetries: 2 });
          for (let i = 0; i < extraItems; i++) {
            service.workspace().addItem({
              id: `cnt_walk_${i}`,
              channelId: "ch_x_acme",
              source: "api",
              content: `Item ${i}.`,
            });
          }
          const expected = service
            .workspace()
            .items()
            .map((item) => String(item.id));
          let page = 0;
          const seen: string[] = [];
          for await (const item of client.content.list({ limit: pageSize })) {
            seen.push(item.id);
            // Arm a fault for the next page request only once this page is read.
            if (fault && seen.length % pageSize === 0 && page++ === faultAtPage) {
              service.faults.inject({ ...fault, method: "GET", path: "/content" });
            }
          }
          expect(new Set(seen).size).toBe(seen.length);
          expect([...seen].sort()).toEqual([...expected].sort());
        },
      ),
      { numRuns: 30 },
    );
  });
});
