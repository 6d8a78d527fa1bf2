/**
 * Where the pacer keeps its rolling windows, its 429 holds and its ledger of created items
 * (docs/retries.md). The default store lives in this process; `createRedisStore` from
 * `@postline/sdk/redis` shares them between processes. Core never imports a store: the client is
 * handed one through `rateLimit: { store }`.
 *
 * Every time in this interface is relative (a duration in milliseconds), so a store on another
 * machine counts with its own clock and processes whose clocks differ still agree.
 */

import type { BudgetReading } from "./budget-status.js";
import type { RateBudget } from "./rate-budget.js";

/**
 * How long one command of a shared store may take, by default, before the store counts as
 * failed (`createRedisStore`'s `commandTimeoutMs`); reconciliation waits as long for one try of a
 * store that does not say its own ({@link PacingStore.commandTimeoutMs}).
 */
export const STORE_COMMAND_TIMEOUT_MS = 1_000;

/** One budget of one key, as the pacer describes it on every request for a slot. */
export interface KeyBudget {
  /**
   * The API key the budget belongs to. A store that keeps state outside this process must keep
   * only a digest of it, never the key in clear (`createRedisStore` keeps an HMAC-SHA-256).
   */
  readonly apiKey: string;
  /** Which of the key's budgets (api-v1.md §8): `"create"` is `POST /content`. */
  readonly budget: RateBudget;
  /** Requests allowed per rolling window: the contract's, or a stricter one a 429 announced. */
  readonly limit: number;
  /** The rolling window, in milliseconds. */
  readonly windowMs: number;
}

/** A request for one slot of a budget. */
export interface SlotRequest extends KeyBudget {
  /**
   * How long a slot counts if it is never settled (its process died with the request in
   * flight): the attempt's timeout plus a window. A settled slot counts for what `settle` says.
   */
  readonly leaseMs: number;
  /**
   * How long the caller may wait (docs/retries.md, "How long a call waits"). When the wait is
   * known to be longer (`knownWaitMs` in `wait-bound.ts`), the store answers `{ granted: false }`
   * at once; otherwise it answers so when `maxWaitMs` passes.
   */
  readonly maxWaitMs: number;
  /**
   * Cancels the wait: the promise rejects with `signal.reason`, the caller leaves the line, and
   * no slot is used (a slot granted meanwhile is given back).
   */
  readonly signal?: AbortSignal | undefined;
  /** Told once when the request has to wait: where it stands in line, and how long at least. */
  readonly onQueued?:
    | ((wait: { readonly opensInMs: number; readonly position: number }) => void)
    | undefined;
}

/** What became of a {@link SlotRequest}. */
export type SlotOutcome =
  | {
      /** The request may be sent now. */
      readonly granted: true;
      /** The slot it holds; settle it when the attempt ends. */
      readonly slot: PacingSlot;
    }
  | {
      /** No slot opens within the caller's wait. */
      readonly granted: false;
      /** When a slot is expected to open, at the earliest, in milliseconds from now. */
      readonly opensInMs: number | undefined;
    };

/** How a request that held a slot ended. */
export interface SlotSettlement {
  /** From now, how long the slot still counts: a window plus the guard for latency. */
  readonly countsForMs: number;
  /** After a 429: hold the whole budget this long (every process, when the store is shared). */
  readonly holdMs?: number | undefined;
  /** After a 429 that announced a stricter `X-RateLimit-Limit`: the limit to keep from now on. */
  readonly announcedLimit?: number | undefined;
}

/** A slot taken by one attempt. */
export interface PacingSlot {
  /** Ends the attempt's hold on the slot; settling twice is harmless. */
  settle(settlement: SlotSettlement): void | Promise<void>;
}

/** What identifies an item handed to a caller: its id and its creation time. */
export interface ClaimedItem {
  /** The id the service gave the item. */
  readonly id: string;
  /** When the service created it, as it reported: a fake that reuses ids is told apart by it. */
  readonly createdAt: string;
}

/**
 * The ledger of created items handed to callers, per service, so that two reconciliations (in
 * one process or in several sharing a store) never adopt the same item.
 *
 * Each claim records its `owner`, the id of the SDK call that holds the item. A store that sends
 * a claim again after losing its answer must find the owner's own claim, not an item taken.
 */
export interface CreateClaimStore {
  /** Records items a successful create returned: they are the caller's (`owner`). */
  claim(
    service: string,
    items: readonly ClaimedItem[],
    ttlMs: number,
    owner: string,
  ): Promise<void>;
  /**
   * Claims for `owner` the first of `candidates` that nobody has claimed, atomically, and returns
   * it; `undefined` when every candidate is taken. A candidate `owner` already holds is returned
   * first, so claiming twice returns the same item.
   */
  claimFirstFree(
    service: string,
    candidates: readonly ClaimedItem[],
    ttlMs: number,
    owner: string,
  ): Promise<ClaimedItem | undefined>;
}

/**
 * A pacing store: rolling windows per key and budget, served in order of arrival, a 429 hold per
 * budget, and the ledger of claimed items. Its methods may reject when the store is unreachable;
 * the client then paces in process until it answers again.
 */
export interface PacingStore {
  /**
   * Waits for a slot of the budget. Resolves `{ granted: true, slot }` when the request may be
   * sent, `{ granted: false }` when no slot opens within `maxWaitMs` (at once when that is known).
   * Waiters on one budget are served in order of arrival.
   */
  takeSlot(request: SlotRequest): Promise<SlotOutcome>;
  /**
   * Reads what the store holds of one budget, changing nothing: no slot is taken, nobody joins
   * the line, nothing is kept alive (`client.rateBudget()`). A budget the store holds nothing for
   * reads as unused. Optional: without it, `client.rateBudget()` counts what this process took
   * through the store, and says so (`store: "fallback"`).
   */
  readBudget?(budget: KeyBudget): Promise<BudgetReading>;
  /** The ledger of created items handed to callers. */
  readonly claims: CreateClaimStore;
  /**
   * A short name for log lines, e.g. `"redis"`. `"memory"` marks a store in this process's
   * memory, which cannot fail, so calls skip the fallback for it.
   */
  readonly kind: string;
  /**
   * How long one command of this store may take before it counts as failed, in milliseconds
   * (`createRedisStore` sets its `commandTimeoutMs`). Reconciliation gives each try of the ledger
   * as long, so a slow but healthy store is never counted as down. Optional: without it, a try
   * lasts 1000 ms, `createRedisStore`'s default.
   */
  readonly commandTimeoutMs?: number | undefined;
}
