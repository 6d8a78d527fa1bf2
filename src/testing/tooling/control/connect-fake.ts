/**
 * `connectFake(url)`: a typed client of the control plane, for tests that run the fake in another
 * process (`postline fake`, or `startFakeServer` in a worker). It sends what `curl` would: JSON
 * bodies, the control token as a bearer when given.
 */
import type { z } from "zod";
import type { FaultKind } from "../../fake/faults/fault-kind.js";
import type { FaultMatch } from "../../fake/faults/registry.js";
import type { FakeSeedSchema } from "../../fake/model/seed-schema.js";
import type { FakeOverview } from "../watch/overview.js";
import type { JournalFilter, WatchedRequest } from "../watch/request-journal.js";
import type { KeyBodySchema } from "./keys-route.js";

/** A seed as JSON: what `postline fake --seed` reads (`@postline/sdk/fake-seed.schema.json`). */
export type FakeSeedJson = z.input<typeof FakeSeedSchema>;

/** A fault as JSON: a kind and where it applies (a path, not a RegExp). */
export type FaultJson = FaultKind &
  Omit<FaultMatch, "path"> & {
    /** A path under `/api/v1`, e.g. `/content/:id/schedule` (`*` matches any one segment). */
    path: string;
  };

/** A fault the fake holds: its spec, matching requests left (`null`: always) and hits. */
export type InjectedFault = FaultJson & {
  /** Matching requests it will still apply to; `null` for `always`. */
  remaining: number | null;
  /** How many requests it has applied to. */
  hits: number;
};

/** The clock as the control plane reports it. */
export interface FakeClockState {
  /** The model's time (ISO-8601). */
  now: string;
  /** Whether it only moves when told. */
  frozen: boolean;
  /** Items the publish tick after a move put live. */
  published: string[];
}

/** What a reset answers. */
export interface FakeResetAnswer {
  /** The main workspace's key (kept across resets when its id is seeded again). */
  apiKey: string;
  /** Its connected channels. */
  channelIds: string[];
  /** The clock after the reset. */
  now: string;
  /** Whether the clock is frozen. */
  frozen: boolean;
}

/** A key `addKey` made. */
export interface FakeControlKey {
  /** Its id. */
  id: string;
  /** The bearer token to send. */
  token: string;
  /** The member who owns it. */
  userId: string;
  /** Its workspace. */
  workspace: string;
}

/** What `requests()` reads: a filter, and optionally a wait for `count` matches. */
export interface FakeRequestQuery extends Partial<JournalFilter> {
  /** Milliseconds to wait for `count` matches (at most 30 000). */
  wait?: number;
  /** How many matches end the wait (default 1). */
  count?: number;
}

/** The request journal. */
export interface FakeJournal {
  /** The matching entries, oldest first. */
  requests: WatchedRequest[];
  /** The index to pass as `after` to read on. */
  next: number;
  /** Entries dropped to keep the log bounded. */
  dropped: number;
  /** How many entries matched. */
  matched: number;
  /** With `wait` or `count`: whether `count` entries matched. */
  reached?: boolean;
}

/** A refusal of the control plane. */
export class FakeControlError extends Error {
  /** Always `FakeControlError`. */
  override readonly name = "FakeControlError";
  constructor(
    /** The HTTP status. */
    readonly status: number,
    /** The `error.code`, e.g. `invalid_body`. */
    readonly code: string,
    message: string,
    /** The field at fault, as a JSON path or a parameter name. */
    readonly param?: string,
  ) {
    super(message);
  }
}

/** A typed client of a fake's control plane. */
export interface FakeControl {
  /** Back to the seed, or to `seed` (which later resets return to). */
  reset(seed?: FakeSeedJson): Promise<FakeResetAnswer>;
  /** The clock. */
  clock(): Promise<FakeClockState>;
  /** Moves the clock forward `ms`, then runs a publish tick. */
  advance(ms: number): Promise<FakeClockState>;
  /** Sets the clock to an instant not before its reading, then runs a publish tick. */
  setClock(instant: Date | string): Promise<FakeClockState>;
  /** Freezes the clock. */
  freeze(): Promise<FakeClockState>;
  /** Lets the clock follow real time again. */
  follow(): Promise<FakeClockState>;
  /** Injects a fault. */
  injectFault(fault: FaultJson): Promise<InjectedFault>;
  /** The faults that still apply. */
  faults(): Promise<InjectedFault[]>;
  /** Removes every fault; resolves to how many there were. */
  clearFaults(): Promise<number>;
  /** Adds an agent key: a name and scopes, and optionally `live`, a `workspace` and a `member`. */
  addKey(key: z.input<typeof KeyBodySchema>): Promise<FakeControlKey>;
  /** The request journal, filtered; with `wait`, once `count` entries match or the wait ends. */
  requests(query?: FakeRequestQuery): Promise<FakeJournal>;
  /** The overview the watch page shows. */
  state(): Promise<FakeOverview>;
  /** The control plane's OpenAPI document. */
  openapi(): Promise<Record<string, unknown>>;
}

/**
 * Connects to the control plane of a fake served at `url` (its base URL, as `postline fake`
 * prints it).
 *
 * @example
 * ```ts
 * const fake = connectFake("http://127.0.0.1:4010");
 * await fake.injectFault({ kind: "dropAfterWrite", method: "POST", path: "/content" });
 * await fake.advance(60_000);
 * ```
 */
export function connectFake(url: string, options: { controlToken?: string } = {}): FakeControl {
  const base = new URL(url);
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const headers: Record<string, string> = { accept: "application/json" };
    if (method !== "GET") headers["content-type"] = "application/json";
    if (options.controlToken !== undefined)
      headers.authorization = `Bearer ${options.controlToken}`;
    const response = await fetch(new URL(path, base), {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const value = text === "" ? undefined : (JSON.parse(text) as unknown);
    if (!response.ok) {
      const error = (value as { error?: { code?: string; message?: string; param?: string } })
        ?.error;
      throw new FakeControlError(
        response.status,
        error?.code ?? "unknown",
        `${method} ${path}: ${error?.message ?? `HTTP ${response.status}`}`,
        error?.param,
      );
    }
    return value as T;
  };
  const moveClock = (move: Record<string, unknown>) =>
    call<FakeClockState>("POST", "/fake/clock", move);
  return {
    reset: (seed) => call("POST", "/fake/reset", seed === undefined ? {} : { seed }),
    clock: () => call("GET", "/fake/clock"),
    advance: (ms) => moveClock({ advance: ms }),
    setClock: (instant) =>
      moveClock({ set: instant instanceof Date ? instant.toISOString() : instant }),
    freeze: () => moveClock({ freeze: true }),
    follow: () => moveClock({ follow: true }),
    injectFault: (fault) => call("POST", "/fake/faults", fault),
    faults: async () => (await call<{ faults: InjectedFault[] }>("GET", "/fake/faults")).faults,
    clearFaults: async () => (await call<{ removed: number }>("DELETE", "/fake/faults")).removed,
    addKey: (key) => call("POST", "/fake/keys", key),
    requests: (query = {}) => {
      const given = Object.entries(query).filter(([, value]) => value !== undefined);
      const params = new URLSearchParams(given.map(([name, value]) => [name, String(value)]));
      return call("GET", `/fake/requests${params.size > 0 ? `?${params}` : ""}`);
    },
    state: () => call("GET", "/fake/state"),
    openapi: () => call("GET", "/fake/openapi.json"),
  };
}
