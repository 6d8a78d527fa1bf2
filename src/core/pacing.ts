/**
 * Client-side pacing to the service's per-key rate limits (api-v1.md §8, docs/retries.md), so a
 * busy agent waits for its turn instead of collecting 429s.
 */

import type { Logger } from "./logger.js";
import type { PacedRoute, Pacer, ReleasePacedSlot } from "./pacer.js";
import { readRateLimitHeaders } from "./rate-limit-headers.js";

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

/** The part of a {@link Logger} the pacer uses. */
export type PacingLogger = Pick<Logger, "debug">;

/** Options of {@link createPacer}. */
export interface PacerOptions {
  /** Receives a debug line whenever a request has to wait. It is never given the key. */
  logger?: PacingLogger | undefined;
  /**
   * The clock, in milliseconds since the epoch; defaults to `Date.now`. Pacers share a key's
   * budget only with pacers on the same clock function, since times from two clocks cannot be
   * compared.
   */
  now?: (() => number) | undefined;
  /** Margin added after each response before its slot frees; defaults to {@link DEFAULT_PACING_GUARD_MS}. */
  guardMs?: number | undefined;
}

/**
 * Creates a {@link Pacer} for one API key. Every pacer created for the same key (and clock)
 * shares that key's budgets, as the service counts per key, not per client.
 *
 * A slot is used from the moment a request is let through until its response arrives plus
 * `guardMs`, then for a full window: the request may have arrived at any point in between.
 * Waiting requests are served first come, first served per budget. A 429 holds its budget
 * until the reset the server announced.
 *
 * @param apiKey - the bearer token, already checked by the client; only a non-reversible digest
 *   of it is kept.
 * @example
 * ```ts
 * const pacer = createPacer(apiKey, { logger });
 * const release = await pacer.acquire("create", signal);
 * let response: Response | undefined;
 * try {
 *   response = await fetch(request);
 * } finally {
 *   release(response);
 * }
 * ```
 */
export function createPacer(apiKey: string, options: PacerOptions = {}): Pacer {
  const now = options.now ?? systemClock;
  const guardMs = options.guardMs ?? DEFAULT_PACING_GUARD_MS;
  const logger = options.logger;
  // Kept in this closure, never on the returned object, so inspecting a pacer shows nothing.
  const digest = digestOfKey(apiKey);

  return {
    acquire(route, signal) {
      // Looked up on every call so budgets are always the ones every pacer of this key sees.
      return budgetsFor(now, digest)[route].acquire(signal, guardMs, logger);
    },
  };
}

// A stable function identity, so default pacers share one clock domain in the registry, while
// still reading `Date.now` at call time (test fake timers replace it).
const systemClock = (): number => Date.now();

type KeyBudgets = Readonly<Record<PacedRoute, RollingBudget>>;

/** clock -> key digest -> budgets. Module-level: clients of one key share one limiter. */
const registry = new WeakMap<() => number, Map<number, KeyBudgets>>();

function budgetsFor(now: () => number, digest: number): KeyBudgets {
  let byKey = registry.get(now);
  if (byKey === undefined) {
    byKey = new Map();
    registry.set(now, byKey);
  }
  let budgets = byKey.get(digest);
  if (budgets === undefined) {
    budgets = {
      create: rollingBudget("create", PACING_LIMITS.create, now),
      other: rollingBudget("other", PACING_LIMITS.other, now),
    };
    byKey.set(digest, budgets);
  }
  return budgets;
}

/**
 * A 32-bit FNV-1a hash of the key, so the module-level registry never holds the token itself.
 * Synchronous in every runtime (Web Crypto's digest is async). A collision would merely make two
 * keys share one budget, which only slows them down.
 */
function digestOfKey(apiKey: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < apiKey.length; index++) {
    hash = Math.imul(hash ^ apiKey.charCodeAt(index), 0x01000193);
  }
  return hash >>> 0;
}

/** One budget of one key: a rolling window of `limit` slots and a FIFO queue of waiters. */
interface RollingBudget {
  acquire(
    signal: AbortSignal | undefined,
    guardMs: number,
    logger: PacingLogger | undefined,
  ): Promise<ReleasePacedSlot>;
}

/** Lets a queued request through at time `now`. */
type Grant = (now: number) => void;

// A closure rather than a class: its state is private and needs no names at run time.
function rollingBudget(route: PacedRoute, limit: number, now: () => number): RollingBudget {
  /** When each used slot frees: `Infinity` while its response is outstanding. */
  let slots: { freeAt: number }[] = [];
  const queue: Grant[] = [];
  /** Set from a 429: nothing is let through before this time. */
  let blockedUntil = -Infinity;
  let wakeTimer: ReturnType<typeof setTimeout> | undefined;
  /** When the armed wake-up fires; `Infinity` when none is armed. */
  let wakeAt = Infinity;

  /** When the next request may go: `t` if it may go at once, `Infinity` if only a release can tell. */
  const nextOpeningAt = (t: number): number =>
    // Full: the window opens when the earliest slot frees.
    Math.max(
      t,
      blockedUntil,
      slots.length < limit ? t : Math.min(...slots.map((slot) => slot.freeAt)),
    );

  /** Arms one wake-up timer for `at` (none for `Infinity`), replacing any other. */
  const wake = (at: number, t: number): void => {
    if (at === wakeAt) return;
    clearTimeout(wakeTimer);
    wakeAt = at;
    // Not unref'd: a waiting request must keep the process alive until it is sent.
    if (Number.isFinite(at)) {
      wakeTimer = setTimeout(() => {
        wakeAt = Infinity;
        pump();
      }, at - t);
    }
  };

  /** Lets waiters through, in order, while there is room; otherwise arms one wake-up timer. */
  const pump = (): void => {
    const t = now();
    // Slots whose window has passed are dropped, so memory stays bounded by the limit.
    slots = slots.filter((slot) => slot.freeAt > t);
    for (;;) {
      const openingAt = queue.length > 0 ? nextOpeningAt(t) : Infinity;
      // Infinity: the queue is empty, or the window is full of requests still in flight (a
      // release pumps again).
      if (openingAt > t) {
        wake(openingAt, t);
        return;
      }
      queue.shift()!(t);
    }
  };

  /** A 429 means the server's window is full, whatever we counted: hold until its reset. */
  const holdAfterRateLimit = (
    response: Response,
    t: number,
    guardMs: number,
    logger: PacingLogger | undefined,
  ): void => {
    const { retryAfterSeconds, resetAt } = readRateLimitHeaders(response.headers, t);
    // `Retry-After` is relative, so it is trusted as is. `X-RateLimit-Reset` is on the server's
    // clock, so it is clamped to one window: in a rolling window no wait is longer, and a skewed
    // clock must not stall the agent. With neither, a full window is the safe wait.
    const resumeAt =
      retryAfterSeconds === undefined && resetAt === undefined
        ? t + PACING_WINDOW_MS
        : Math.max(
            t + (retryAfterSeconds ?? 0) * 1000,
            Math.min(resetAt?.getTime() ?? t, t + PACING_WINDOW_MS),
          );
    blockedUntil = Math.max(blockedUntil, resumeAt + guardMs);
    logger?.debug("Rate limited; holding requests until the reset", {
      route,
      holdMs: blockedUntil - t,
    });
  };

  return {
    acquire(signal, guardMs, logger) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      return new Promise<ReleasePacedSlot>((resolve, reject) => {
        const onAbort = () => {
          const index = queue.indexOf(grant);
          if (index === -1) return;
          queue.splice(index, 1);
          reject(signal?.reason);
          // The head may have changed, so the wake-up time may too.
          pump();
        };
        const grant: Grant = (sentAt) => {
          signal?.removeEventListener("abort", onAbort);
          const slot = { freeAt: Infinity };
          slots.push(slot);
          let released = false;
          resolve((response) => {
            if (released) return;
            released = true;
            const t = now();
            // The request arrived no later than its response: a full window after that, plus
            // the guard, it can no longer count.
            slot.freeAt = Math.max(sentAt, t) + PACING_WINDOW_MS + guardMs;
            if (response?.status === 429) holdAfterRateLimit(response, t, guardMs, logger);
            pump();
          });
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        queue.push(grant);
        pump();
        const position = queue.indexOf(grant) + 1;
        if (position === 0 || logger === undefined) return;
        const t = now();
        const openingAt = nextOpeningAt(t);
        logger.debug("Waiting for a rate-limit slot", {
          route,
          // null: every slot is held by a request whose response has not arrived yet.
          estimatedWaitMs: Number.isFinite(openingAt) ? openingAt - t : null,
          queuePosition: position,
        });
      });
    },
  };
}
