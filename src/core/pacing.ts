/**
 * Client-side pacing to the service's per-key rate limits (api-v1.md §8, docs/retries.md), so a
 * busy agent waits for its turn instead of collecting 429s. The windows live in a
 * {@link PacingStore}: this process's memory by default, or a store shared by processes.
 */

import type { RateLimitError } from "./errors/rate-limit.js";
import type { Logger } from "./logger.js";
import { createMemoryPacingStore } from "./memory-pacing-store.js";
import type { AcquireOptions, PacedRoute, Pacer, ReleasePacedSlot } from "./pacer.js";
import { waitTooLongError } from "./pacing-refusal.js";
import type { PacingStore, SlotOutcome, SlotRequest, SlotSettlement } from "./pacing-store.js";
import { readRateLimitHeaders } from "./rate-limit-headers.js";
import { StoreFallback } from "./store-fallback.js";

/** The rolling window the service counts requests in (api-v1.md §8). */
export const PACING_WINDOW_MS = 60_000;

/**
 * Requests allowed per rolling window, per key and budget.
 *
 * `POST /content` and the other routes are separate budgets: api-v1.md §8 lists "POST /content:
 * 10 per minute" and "Every other v1 endpoint: 60 per minute", so a create does not also spend
 * one of the 60.
 */
export const PACING_LIMITS: Readonly<Record<PacedRoute, number>> = Object.freeze({
  create: 10,
  other: 60,
});

/**
 * Extra time a slot stays used after its response arrives. The service counts a request from its
 * arrival, which we never observe, so a slot is held until the response plus this margin.
 */
export const DEFAULT_PACING_GUARD_MS = 250;

/** How long a slot counts when its attempt has no timeout and its process dies in flight. */
const UNBOUNDED_ATTEMPT_LEASE_MS = 10 * PACING_WINDOW_MS;

/** The part of a {@link Logger} the pacer uses. */
export type PacingLogger = Pick<Logger, "debug" | "warn">;

/** Options of {@link createPacer}. */
export interface PacerOptions {
  /** Where the windows live; defaults to this process's memory (one store per clock). */
  store?: PacingStore | undefined;
  /** Receives a debug line whenever a request has to wait, and a warn line when a shared store fails. Never given the key. */
  logger?: Partial<PacingLogger> | undefined;
  /**
   * The clock of the default in-memory store, in milliseconds since the epoch; defaults to
   * `Date.now`. Pacers share a key's budget only with pacers on the same clock function, since
   * times from two clocks cannot be compared.
   */
  now?: (() => number) | undefined;
  /** Margin added after each response before its slot frees; defaults to {@link DEFAULT_PACING_GUARD_MS}. */
  guardMs?: number | undefined;
}

// A stable function identity, so default pacers share one store, while still reading `Date.now`
// at call time (test fake timers replace it).
const systemClock = (): number => Date.now();

/** clock -> the in-memory store on that clock. Module-level: clients of one key share one limiter. */
const memoryStores = new WeakMap<() => number, PacingStore>();

/** The in-memory store every client of this process shares (per clock). */
export function defaultPacingStore(now: () => number = systemClock): PacingStore {
  let store = memoryStores.get(now);
  if (store === undefined) {
    store = createMemoryPacingStore({ now });
    memoryStores.set(now, store);
  }
  return store;
}

/**
 * Creates a {@link Pacer} for one API key. Every pacer created for the same key on the same store
 * shares that key's budgets, as the service counts per key, not per client.
 *
 * A slot is used from the moment a request is let through until its response arrives plus
 * `guardMs`, then for a full window: the request may have arrived at any point in between.
 * Waiting requests are served first come, first served per budget. A 429 holds its budget
 * until the reset the server announced, and a stricter `X-RateLimit-Limit` it announces is kept
 * while the budget is in use. A wait longer than the attempt's timeout ends the call with a
 * `RateLimitError`.
 *
 * @param apiKey - the bearer token, already checked by the client. It is handed to the store
 *   only to key its budgets; a shared store keeps a digest of it.
 * @example
 * ```ts
 * const pacer = createPacer(apiKey, { logger });
 * const release = await pacer.acquire("create", signal, { timeoutMs: 60_000 });
 * let response: Response | undefined;
 * try {
 *   response = await fetch(request);
 * } finally {
 *   release(response);
 * }
 * ```
 */
export function createPacer(apiKey: string, options: PacerOptions = {}): Pacer {
  const guardMs = options.guardMs ?? DEFAULT_PACING_GUARD_MS;
  const logger = options.logger;
  const debug = logger?.debug?.bind(logger);
  const store = options.store ?? defaultPacingStore(options.now);
  // A store in this process's memory cannot fail; any other falls back to one while it does.
  const fallback =
    store.kind === "memory" ? null : StoreFallback.for(store, defaultPacingStore(options.now));
  const countsForMs = PACING_WINDOW_MS + guardMs;

  /** What a finished attempt tells the store: its slot's remaining time, and a 429's hold. */
  const settlementOf = (
    route: PacedRoute,
    response: Response | undefined,
    callId: string | undefined,
  ): SlotSettlement => {
    if (response?.status !== 429) return { countsForMs };
    const t = Date.now();
    const { retryAfterSeconds, resetAt, limit } = readRateLimitHeaders(response.headers, t);
    // `Retry-After` is relative, so it is trusted as is. `X-RateLimit-Reset` is on the server's
    // clock, so it is clamped to one window: in a rolling window no wait is longer, and a skewed
    // clock must not stall the agent. With neither, a full window is the safe wait.
    const holdMs =
      retryAfterSeconds === undefined && resetAt === undefined
        ? PACING_WINDOW_MS
        : Math.max(
            (retryAfterSeconds ?? 0) * 1000,
            Math.min((resetAt?.getTime() ?? t) - t, PACING_WINDOW_MS),
          );
    logger?.debug?.("Rate limited; holding requests until the reset", {
      callId,
      route,
      holdMs: holdMs + guardMs,
    });
    // Only ever stricter than the contract: a looser header is not a promise to rely on.
    const announcedLimit =
      limit !== undefined && limit < PACING_LIMITS[route] ? Math.max(1, limit) : undefined;
    return { countsForMs, holdMs: holdMs + guardMs, announcedLimit };
  };

  const take = (request: SlotRequest): Promise<SlotOutcome> =>
    fallback ? fallback.takeSlot(request, logger) : store.takeSlot(request);

  return {
    acquire(route, signal, acquireOptions: AcquireOptions = {}) {
      const { callId } = acquireOptions;
      const timeoutMs = acquireOptions.timeoutMs ?? Infinity;
      const request: SlotRequest = {
        apiKey,
        route,
        limit: PACING_LIMITS[route],
        windowMs: PACING_WINDOW_MS,
        leaseMs:
          (Number.isFinite(timeoutMs) ? timeoutMs : UNBOUNDED_ATTEMPT_LEASE_MS) + countsForMs,
        maxWaitMs: timeoutMs,
        signal,
        onQueued: debug
          ? ({ opensInMs, position }) =>
              debug("Waiting for a rate-limit slot", {
                callId,
                route,
                // null: every slot is held by a request whose response has not arrived yet.
                estimatedWaitMs: opensInMs ?? null,
                queuePosition: position,
              })
          : undefined,
      };
      return take(request).then((outcome): ReleasePacedSlot => {
        if (!outcome.granted) {
          throw waitTooLong(route, timeoutMs, outcome.opensInMs, acquireOptions);
        }
        const { slot } = outcome;
        return (response) => {
          const settled = slot.settle(settlementOf(route, response, callId));
          if (settled instanceof Promise) fallback?.watch(settled, logger);
        };
      });
    },
  };
}

/** The call ends here: no slot opens within its timeout (a long 429 hold, a long queue). */
function waitTooLong(
  route: PacedRoute,
  timeoutMs: number,
  opensInMs: number | undefined,
  request: AcquireOptions,
): RateLimitError {
  const budget = route === "create" ? "POST /content" : "requests other than POST /content";
  const slot = `No rate-limit slot for ${budget} on this key`;
  return waitTooLongError(slot, "the next one opens", timeoutMs, opensInMs, request);
}
