/**
 * What keeps calls going when a shared pacing store fails (docs/retries.md, "Many workers on one
 * key"): while the store is down, slow or unreachable, calls are paced in this process, and one
 * `warn` line marks each outage, not each call.
 */

import type { Logger } from "./logger.js";
import type { CreateClaimStore, PacingStore, SlotOutcome, SlotRequest } from "./pacing-store.js";
import { clampTimerDelay } from "./sleep.js";

/** After a failure, how long calls skip the store before trying it again. */
export const STORE_RETRY_AFTER_MS = 5_000;
/** How long past a request's own wait limit the store may take before it counts as failed. */
export const STORE_GRACE_MS = 250;

type FallbackLogger = Partial<Pick<Logger, "debug" | "warn">> | undefined;

/** The health of one shared store, shared by every client that uses it. */
export class StoreFallback {
  static readonly #byStore = new WeakMap<PacingStore, StoreFallback>();

  /** The one fallback of `store`, pacing in `memory` while it is down. */
  static for(store: PacingStore, memory: PacingStore): StoreFallback {
    let fallback = StoreFallback.#byStore.get(store);
    if (fallback === undefined) {
      fallback = new StoreFallback(store, memory);
      StoreFallback.#byStore.set(store, fallback);
    }
    return fallback;
  }

  readonly #store: PacingStore;
  readonly #memory: PacingStore;
  /** While set, the store is skipped until this time. */
  #skipUntil = 0;
  /** Whether an outage is in progress (its warn line has been written). */
  #down = false;
  private constructor(store: PacingStore, memory: PacingStore) {
    this.#store = store;
    this.#memory = memory;
  }

  /** The ledger: the store's while it answers, this process's meanwhile. */
  claimsFor(logger: FallbackLogger): CreateClaimStore {
    const store = this.#store;
    const memory = this.#memory;
    return {
      claim: (service, items, ttlMs) =>
        this.#attempt(
          () => store.claims.claim(service, items, ttlMs),
          () => memory.claims.claim(service, items, ttlMs),
          logger,
        ),
      claimFirstFree: (service, candidates, ttlMs) =>
        this.#attempt(
          () => store.claims.claimFirstFree(service, candidates, ttlMs),
          () => memory.claims.claimFirstFree(service, candidates, ttlMs),
          logger,
        ),
    };
  }

  /** Takes a slot from the store, or from this process's memory while the store fails. */
  takeSlot(request: SlotRequest, logger: FallbackLogger): Promise<SlotOutcome> {
    const startedAt = Date.now();
    return this.#attempt(
      () => this.#store.takeSlot(request),
      () =>
        this.#memory.takeSlot({
          ...request,
          // The time spent on the store counts against the call's wait.
          maxWaitMs: Math.max(0, request.maxWaitMs - (Date.now() - startedAt)),
        }),
      logger,
      request.signal,
      request.maxWaitMs + STORE_GRACE_MS,
    );
  }

  /** Watches a store write that nothing waits for (settling a slot), so a failure is noticed. */
  watch(write: Promise<unknown>, logger: FallbackLogger): void {
    write.then(
      () => this.#answered(logger),
      (error: unknown) => this.#failed(error, logger),
    );
  }

  async #attempt<T>(
    onStore: () => Promise<T>,
    inMemory: () => Promise<T>,
    logger: FallbackLogger,
    signal?: AbortSignal,
    limitMs = STORE_GRACE_MS,
  ): Promise<T> {
    if (Date.now() < this.#skipUntil) return inMemory();
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const answer = await Promise.race([
        onStore(),
        // A store that never answers must not hold the call past its timeout.
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () =>
              reject(new Error(`the ${this.#store.kind} store did not answer in ${limitMs} ms`)),
            clampTimerDelay(limitMs),
          );
        }),
      ]);
      this.#answered(logger);
      return answer;
    } catch (error) {
      // The caller's own abort is not an outage.
      if (signal?.aborted) throw signal.reason;
      this.#failed(error, logger);
      return inMemory();
    } finally {
      clearTimeout(timer);
    }
  }

  #answered(logger: FallbackLogger): void {
    if (!this.#down) return;
    this.#down = false;
    logger?.debug?.(`The ${this.#store.kind} pacing store answers again; pacing through it`, {});
  }

  #failed(error: unknown, logger: FallbackLogger): void {
    this.#skipUntil = Date.now() + STORE_RETRY_AFTER_MS;
    if (this.#down) return;
    this.#down = true;
    logger?.warn?.(
      `The ${this.#store.kind} pacing store failed; pacing in this process until it answers again`,
      { error: error instanceof Error ? error.message : String(error) },
    );
  }
}
