/**
 * Every SDK method against every fault the contract fake can inject (docs/retries.md): the right
 * typed error or a success, nothing duplicated, nothing lost, and a bounded number of attempts,
 * read from the fake's own state and request log.
 */
import { describe, expect, it } from "vitest";
import {
  AmbiguousCreateError,
  APIConnectionError,
  APITimeoutError,
  InternalServerError,
  type Postline,
  ResponseValidationError,
  ServerError,
  TransitionFailedError,
} from "../../src/index.js";
import type { FakeService, FaultKind } from "../../src/testing/index.js";
import { fakeClient } from "../support/fake-client.js";

const TIMEOUT_MS = 100;

/** The faults of `service.faults`, each applied once to the method's route. */
const FAULTS = {
  "refused before the write": { kind: "refuseBeforeWrite" },
  "dropped after the write": { kind: "dropAfterWrite" },
  "slower than the timeout": { kind: "delay", ms: TIMEOUT_MS * 3 },
  "500 internal_error": {
    kind: "status",
    status: 500,
    body: { error: { code: "internal_error", message: "Something broke." } },
  },
  "503 capacity_unknown": {
    kind: "status",
    status: 503,
    body: { error: { code: "capacity_unknown", message: "The cap could not be read." } },
  },
  "429 with Retry-After": { kind: "rateLimited", retryAfterSeconds: 0 },
  "429 without Retry-After": {
    kind: "status",
    status: 429,
    body: { error: { code: "rate_limited", message: "Too many requests." } },
  },
  "HTML error page": { kind: "html", status: 502 },
  "truncated JSON": { kind: "truncatedJson" },
  "schema-breaking body": { kind: "schemaBreak" },
  "500 transition_failed after the write": { kind: "transitionFailed" },
} satisfies Record<string, FaultKind>;
type FaultName = keyof typeof FAULTS;

/** Faults after which the service has applied the request. */
const APPLIED: ReadonlySet<FaultName> = new Set([
  "dropped after the write",
  "slower than the timeout",
  "truncated JSON",
  "schema-breaking body",
  "500 transition_failed after the write",
]);
/** Faults that prove nothing was done, retried for every method. */
const SAFE_TO_RETRY: ReadonlySet<FaultName> = new Set([
  "refused before the write",
  "503 capacity_unknown",
  "429 with Retry-After",
  "429 without Retry-After",
]);

type Kind = "read" | "write" | "write-without-body" | "reconciled-create" | "plain-create";

interface Scenario {
  service: FakeService;
  client: Postline;
  channelId: string;
  itemId: string;
  keyId: string;
  text: string;
}

interface MethodCase {
  readonly name: string;
  readonly kind: Kind;
  /** The route the fault is injected on, as `service.faults` matches it. */
  readonly method: string;
  readonly path: string;
  readonly call: (s: Scenario) => Promise<unknown>;
  /** Whether the service holds the method's effect (writes only). */
  readonly applied?: (s: Scenario) => boolean | Promise<boolean>;
  /** The state of the item the method acts on (default `draft`). */
  readonly itemStatus?: string;
}

const itemStatus = (s: Scenario) => s.service.item(s.itemId)?.status;
const keyStatus = async (s: Scenario) =>
  (await s.client.keys.list()).find((key) => key.id === s.keyId)?.status;

const METHODS: MethodCase[] = [
  // reads
  ...(
    [
      ["content.list", "/content", (s) => s.client.content.list().toArray({ max: 5 })],
      ["content.listPage", "/content", (s) => s.client.content.listPage({ limit: 5 })],
      ["content.get", "/content/:id", (s) => s.client.content.get(s.itemId)],
      ["channels.list", "/channels", (s) => s.client.channels.list()],
      ["brand.get", "/brand", (s) => s.client.brand.get()],
      ["schedule.get", "/schedule", (s) => s.client.schedule.get()],
      ["stats.get", "/stats", (s) => s.client.stats.get({ days: 7 })],
      ["keys.list", "/keys", (s) => s.client.keys.list()],
      ["keys.get", "/keys/:id", (s) => s.client.keys.get(s.keyId)],
    ] satisfies [string, string, MethodCase["call"]][]
  ).map(([name, path, call]): MethodCase => ({ name, kind: "read", method: "GET", path, call })),
  // writes
  {
    name: "content.update",
    kind: "write",
    method: "PATCH",
    path: "/content/:id",
    call: (s) => s.client.content.update(s.itemId, { content: "Edited text." }),
    applied: (s) => s.service.item(s.itemId)?.content === "Edited text.",
  },
  {
    name: "content.approve",
    kind: "write",
    method: "PATCH",
    path: "/content/:id",
    call: (s) => s.client.content.approve(s.itemId),
    applied: (s) => itemStatus(s) === "pending",
  },
  {
    name: "content.unapprove",
    kind: "write",
    method: "PATCH",
    path: "/content/:id",
    itemStatus: "pending",
    call: (s) => s.client.content.unapprove(s.itemId),
    applied: (s) => itemStatus(s) === "draft",
  },
  {
    name: "content.reject",
    kind: "write",
    method: "PATCH",
    path: "/content/:id",
    call: (s) => s.client.content.reject(s.itemId, { reason: "Off topic" }),
    applied: (s) => itemStatus(s) === "cancelled",
  },
  {
    name: "content.schedule",
    kind: "write",
    method: "POST",
    path: "/content/:id/schedule",
    call: (s) => s.client.content.schedule(s.itemId, { publishNow: true }),
    applied: (s) => itemStatus(s) === "scheduled",
  },
  {
    name: "keys.create",
    kind: "write",
    method: "POST",
    path: "/keys",
    call: (s) => s.client.keys.create({ name: "matrix key", scopes: ["read"] }),
    applied: async (s) => (await s.client.keys.list()).some((key) => key.name === "matrix key"),
  },
  {
    name: "content.delete",
    kind: "write-without-body",
    method: "DELETE",
    path: "/content/:id",
    call: (s) => s.client.content.delete(s.itemId),
    applied: (s) => s.service.item(s.itemId) === undefined,
  },
  {
    name: "keys.revoke",
    kind: "write-without-body",
    method: "DELETE",
    path: "/keys/:id",
    call: (s) => s.client.keys.revoke(s.keyId),
    applied: async (s) => (await keyStatus(s)) === "revoked",
  },
  // creates
  {
    name: "content.createDraft",
    kind: "reconciled-create",
    method: "POST",
    path: "/content",
    call: (s) => s.client.content.createDraft({ channelId: s.channelId, body: s.text }),
  },
  {
    name: "content.generate with reconcile: true",
    kind: "reconciled-create",
    method: "POST",
    path: "/content",
    call: (s) =>
      s.client.content.generate({ channelIds: [s.channelId], prompt: s.text }, { reconcile: true }),
  },
  {
    name: "content.generate",
    kind: "plain-create",
    method: "POST",
    path: "/content",
    call: (s) => s.client.content.generate({ channelIds: [s.channelId], prompt: s.text }),
  },
];

/** What a (method, fault) pair must end in. */
interface Expected {
  /** `null`: the call succeeds. */
  readonly error: (new (...args: never[]) => Error) | null;
  /** Requests on the faulted route. */
  readonly attempts: number;
  /** Items the service holds from a create, or whether a write took effect. */
  readonly created?: number;
  readonly applied?: boolean;
}

function expectedOutcome(kind: Kind, fault: FaultName): Expected {
  const applied = APPLIED.has(fault);
  if (SAFE_TO_RETRY.has(fault)) return { error: null, attempts: 2, created: 1, applied: true };
  const unreadable = fault === "truncated JSON" || fault === "schema-breaking body";
  switch (kind) {
    case "read":
      if (unreadable) return { error: ResponseValidationError, attempts: 1 };
      if (fault === "500 transition_failed after the write")
        return { error: TransitionFailedError, attempts: 1 };
      return { error: null, attempts: 2 };
    case "reconciled-create":
      // Applied: the item is found and adopted. Not applied: nothing is found, so it is sent again.
      return { error: null, attempts: applied ? 1 : 2, created: 1 };
    case "write-without-body":
      if (unreadable) return { error: null, attempts: 1, applied };
      return { error: writeError(fault), attempts: 1, applied };
    case "write":
    case "plain-create":
      return {
        error: unreadable ? ResponseValidationError : writeError(fault),
        attempts: 1,
        created: applied ? 1 : 0,
        applied,
      };
  }
}

function writeError(fault: FaultName): new (...args: never[]) => Error {
  switch (fault) {
    case "dropped after the write":
      return APIConnectionError;
    case "slower than the timeout":
      return APITimeoutError;
    case "500 internal_error":
      return InternalServerError;
    case "500 transition_failed after the write":
      return TransitionFailedError;
    default:
      return ServerError;
  }
}

async function scenario(itemStatus = "draft"): Promise<Scenario> {
  const { service, client } = fakeClient({ timeout: TIMEOUT_MS, maxRetries: 2 });
  const channelId = service.defaults.channelIds[0]!;
  const text = `Fault matrix post ${Math.random().toString(36).slice(2)}`;
  const itemId = "cnt_matrix";
  service.workspace().addItem({
    id: itemId,
    channelId,
    source: "api",
    status: itemStatus,
    content: "A plain draft.",
  });
  const key = service.addKey({ scopes: ["read"], name: "to revoke" });
  service.clearRequests();
  return { service, client, channelId, itemId, keyId: key.id, text };
}

/** Requests that reached the faulted route (a `:id` segment matches any one segment). */
function attemptsOn(service: FakeService, method: string, path: string): number {
  const pattern = new RegExp(`^${path.replace(/:[a-z]+/g, "[^/]+")}$`);
  return service.requests.filter((r) => r.method === method && pattern.test(r.path)).length;
}

/** Items the service holds that a create in this scenario made. */
function createdItems(s: Scenario) {
  return s.service
    .workspace()
    .items()
    .filter((item) => item.channelId === s.channelId && item.source === "api")
    .filter((item) => item.id !== s.itemId);
}

const createdIds = (value: unknown): string[] => {
  const result = value as { id?: string; items?: { id: string }[] };
  return result.items ? result.items.map((i) => i.id) : result.id ? [result.id] : [];
};

describe.concurrent.each(METHODS)("$name ($kind) under every fault", (method) => {
  it.each(Object.keys(FAULTS) as FaultName[])("%s", async (fault) => {
    const s = await scenario(method.itemStatus);
    s.service.faults.inject({ ...FAULTS[fault], method: method.method, path: method.path });
    const expected = expectedOutcome(method.kind, fault);

    const outcome = await method.call(s).then(
      (value) => ({ value, error: null }),
      (error: unknown) => ({ value: undefined, error }),
    );

    if (expected.error === null) {
      expect(outcome.error).toBeNull();
    } else {
      expect(outcome.error).toBeInstanceOf(expected.error);
      // The exact class, not a wider or narrower one (a timeout is not a plain drop, and back).
      expect((outcome.error as Error).name).toBe(expected.error.name);
    }
    expect(attemptsOn(s.service, method.method, method.path)).toBe(expected.attempts);
    expect(outcome.error).not.toBeInstanceOf(AmbiguousCreateError);

    if (method.kind === "reconciled-create" || method.kind === "plain-create") {
      const held = createdItems(s);
      // Never two items, and never one the caller was not told about when the call succeeded.
      expect(held).toHaveLength(expected.created ?? 0);
      if (outcome.error === null) {
        expect(createdIds(outcome.value)).toEqual(held.map((item) => item.id));
      }
      // A reconciled create reads its snapshot, then at most one page per failure.
      expect(attemptsOn(s.service, "GET", "/content")).toBeLessThanOrEqual(
        method.kind === "reconciled-create" ? 1 + expected.attempts : 0,
      );
    } else if (method.applied && expected.applied !== undefined) {
      expect(await method.applied(s)).toBe(expected.applied);
    }
  });
});
