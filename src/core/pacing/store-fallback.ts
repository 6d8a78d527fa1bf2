/**
 * What keeps calls going when a shared pacing store fails (docs/retries.md, "Many workers on one
 * key"): while the store is down, slow or unreachable, calls are paced in this process, and one
 * `warn` line marks each outage, not each call.
 */

import { entryOf } from "../map-entry.js";
import type { Logger } from "../observe/logger.js";
import { untilAborted, withTimeout } from "../timers.js";
import type { BudgetReading } from "./budget-status.js";
import type { MemoryPacingStore } from "./memory-store.js";
import type {
  KeyBudget,
  PacingSlot,
  PacingStore,
  SlotOutcome,
  SlotRequest,
} from "./pacing-store.js";
import { leftToWaitMs } from "./wait-bound.js";

/** After a failure, how long calls skip the store before trying it again. */
const STORE_RETRY_AFTER_MS = 5_000;
/** How long past a request's own wait bound the store may take before it counts as failed. */
const STORE_GRACE_MS = 250;
/**
 * How long a read of the budget may take before the store counts as failed: a store bounds its
 * own commands (Redis by its `commandTimeoutMs`), this only stops one that never answers.
 */
const STORE_READ_LIMIT_MS = 5_000;

/** One question for the store, and how to answer it in memory instead. */
interface StoreAttempt<T> {
  readonly onStore: () => Promise<T>;
  readonly inMemory: () => Promise<T>;
  readonly logger: Partial<Logger> | undefined;
  /** The caller's signal: its abort ends the wait at once, and is not an outage. */
  readonly signal?: AbortSignal | undefined;
  readonly limitMs: number;
  /** Told to abort when the store counts as failed, so the store stops working on it. */
  readonly giveUp?: AbortController | undefined;
}

/** The health of one shared store, shared by every client that uses it. */
export class StoreFallback {
  static readonly #byStore = new WeakMap<PacingStore, StoreFallback>();

  /** The one fallback of `store`, pacing in `memory` while it is down. */
  static for(store: PacingStore, memory: MemoryPacingStore): StoreFallback {
    return entryOf(StoreFallback.#byStore, store, () => new StoreFallback(store, memory));
  }

  readonly #store: PacingStore;
  readonly #memory: MemoryPacingStore;
  #skipUntil = 0;
  /** Whether an outage is in progress (its warn line has been written). */
  #down = false;
  private constructor(store: PacingStore, memory: MemoryPacingStore) {
    this.#store = store;
    this.#memory = memory;
  }

  /**
   * Takes a slot from the store, or from memory while it fails. A granted slot is also counted in
   * memory, so a fallback in the same window knows what this process just sent. A store silent
   * past the wait's bound (plus a grace) is told to give up and counts as failed.
   */
  async takeSlot(request: SlotRequest, logger: Partial<Logger> | undefined): Promise<SlotOutcome> {
    const startedAt = Date.now();
    const giveUp = new AbortController();
    const signal = request.signal
      ? AbortSignal.any([request.signal, giveUp.signal])
      : giveUp.signal;
    return this.#attempt({
      onStore: async () => {
        const answer = await this.#store.takeSlot({ ...request, signal });
        if (!answer.granted) return answer;
        if (signal.aborted) {
          // Granted after the caller left, or after the store counted as failed: nobody will
          // send on it, so it is given back at once rather than held for a window.
          await answer.slot.settle({ countsForMs: 0 });
          throw signal.reason;
        }
        return { granted: true as const, slot: this.#mirrored(request, answer.slot) };
      },
      inMemory: () =>
        this.#memory.takeSlot({
          ...request,
          // The time spent on the store counts against the call's wait.
          maxWaitMs: leftToWaitMs(request.maxWaitMs, Date.now() - startedAt),
        }),
      logger,
      signal: request.signal,
      limitMs: request.maxWaitMs + STORE_GRACE_MS,
      giveUp,
    });
  }

  /** Reads one budget from the store, or from memory while it fails: `shared` says which. */
  async readBudget(
    budget: KeyBudget,
    logger: Partial<Logger> | undefined,
  ): Promise<{ readonly shared: boolean; readonly reading: BudgetReading }> {
    // A store written before readBudget existed: this process's own count is all there is.
    if (this.#store.readBudget === undefined) {
      return { shared: false, reading: await this.#memory.readBudget(budget) };
    }
    const store = this.#store as Required<Pick<PacingStore, "readBudget">>;
    return this.#attempt<{ shared: boolean; reading: BudgetReading }>({
      onStore: async () => ({ shared: true, reading: await store.readBudget(budget) }),
      inMemory: async () => ({ shared: false, reading: await this.#memory.readBudget(budget) }),
      logger,
      limitMs: STORE_READ_LIMIT_MS,
    });
  }

  /** A slot of the store, also counted in this process's memory, settled in both. */
  #mirrored(request: SlotRequest, slot: PacingSlot): PacingSlot {
    const local = this.#memory.record(request);
    return {
      settle(settlement) {
        local.settle(settlement);
        return slot.settle(settlement);
      },
    };
  }

  /** Watches a store write that nothing waits for (settling a slot), so a failure is noticed. */
  watch(write: Promise<unknown>, logger: Partial<Logger> | undefined): void {
    write.then(
      () => this.#answered(logger),
      (error: unknown) => this.#failed(error, logger),
    );
  }

  /** Asks the store, or this process's memory while it is skipped or when it fails (`attempt`). */
  async #attempt<T>(attempt: StoreAttempt<T>): Promise<T> {
    const { onStore, inMemory, logger, signal, limitMs, giveUp } = attempt;
    if (Date.now() < this.#skipUntil) return inMemory();
    try {
      const fromStore = onStore();
      // It may settle after the race is lost; that is handled where it is made.
      fromStore.catch(() => {});
      // The caller's abort ends the wait at once, even on a store that does not listen; a store
      // that never answers must not hold the call past its wait bound.
      const answer = await withTimeout(untilAborted(fromStore, signal), limitMs, {
        error: () => new Error(`the ${this.#store.kind} store did not answer in ${limitMs} ms`),
      });
      this.#answered(logger);
      return answer;
    } catch (error) {
      // The caller's own abort is not an outage.
      if (signal?.aborted) throw signal.reason;
      // The store may still be working on it: let it know nobody waits any more.
      giveUp?.abort(error);
      this.#failed(error, logger);
      return inMemory();
    }
  }

  #answered(logger: Partial<Logger> | undefined): void {
    if (!this.#down) return;
    this.#down = false;
    logger?.debug?.(`The ${this.#store.kind} pacing store answers again; pacing through it`, {});
  }

  #failed(error: unknown, logger: Partial<Logger> | undefined): void {
    this.#skipUntil = Date.now() + STORE_RETRY_AFTER_MS;
    if (this.#down) return;
    this.#down = true;
    logger?.warn?.(
      `The ${this.#store.kind} pacing store failed; pacing in this process until it answers again`,
      { error: error instanceof Error ? error.message : String(error) },
    );
  }
}
