/**
 * Client-side pacing to the service's per-key rate limits (api-v1.md §8, SDK_DESIGN §5), so a
 * busy agent waits for its turn instead of collecting 429s.
 */

import type { Logger } from "./logger.js";
import type { PacedRoute, Pacer, ReleasePacedSlot } from "./pacer.js";
import { type AnnouncedRateLimit, readRateLimitHeaders } from "./rate-limit-headers.js";

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
 * @param apiKey - the bearer token; only a non-reversible digest of it is kept.
 * @throws TypeError / RangeError naming the bad parameter.
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
  if (typeof apiKey !== "string" || apiKey.length === 0) {
    throw new TypeError("createPacer: `apiKey` must be a non-empty string.");
  }
  const now = options.now ?? systemClock;
  if (typeof now !== "function") {
    throw new TypeError("createPacer: `options.now` must be a function returning milliseconds.");
  }
  const guardMs = options.guardMs ?? DEFAULT_PACING_GUARD_MS;
  if (typeof guardMs !== "number" || !Number.isFinite(guardMs) || guardMs < 0) {
    throw new RangeError("createPacer: `options.guardMs` must be a finite number >= 0.");
  }
  const logger = options.logger;
  // Kept in this closure, never on the returned object, so inspecting a pacer shows nothing.
  const digest = digestOfKey(apiKey);

  return {
    acquire(route, signal) {
      if (route !== "create" && route !== "other") {
        return Promise.reject(
          new TypeError(
            `pacer.acquire: \`route\` must be "create" or "other", got ${String(route)}.`,
          ),
        );
      }
      // Looked up on every call so budgets are always the ones every pacer of this key sees.
      return budgetsFor(now, digest)[route].acquire({ signal, guardMs, logger });
    },
  };
}

// A stable function identity, so default pacers share one clock domain in the registry, while
// still reading `Date.now` at call time (test fake timers replace it).
const systemClock = (): number => Date.now();

type KeyBudgets = Readonly<Record<PacedRoute, RollingBudget>>;

/** clock -> key digest -> budgets. Module-level: clients of one key share one limiter. */
const registry = new WeakMap<() => number, Map<string, KeyBudgets>>();

function budgetsFor(now: () => number, digest: string): KeyBudgets {
  let byKey = registry.get(now);
  if (byKey === undefined) {
    byKey = new Map();
    registry.set(now, byKey);
  }
  let budgets = byKey.get(digest);
  if (budgets === undefined) {
    budgets = {
      create: new RollingBudget("create", PACING_LIMITS.create, now),
      other: new RollingBudget("other", PACING_LIMITS.other, now),
    };
    byKey.set(digest, budgets);
  }
  return budgets;
}

/**
 * 64-bit FNV-1a of the key. Synchronous and available in every runtime (Web Crypto's digest is
 * async); it is only a map key, never logged, and a collision would merely share two budgets.
 */
function digestOfKey(apiKey: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(apiKey)) {
    hash = ((hash ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(36);
}

/** A slot in the window: `freeAt` is `Infinity` while its response is outstanding. */
interface Slot {
  readonly sentAt: number;
  freeAt: number;
}

interface AcquireRequest {
  readonly signal: AbortSignal | undefined;
  readonly guardMs: number;
  readonly logger: PacingLogger | undefined;
}

interface Waiter extends AcquireRequest {
  readonly enqueuedAt: number;
  readonly resolve: (release: ReleasePacedSlot) => void;
  readonly reject: (reason: unknown) => void;
  readonly onAbort: () => void;
}

/** One budget of one key: a rolling window of `limit` slots and a FIFO queue of waiters. */
class RollingBudget {
  private readonly slots: Slot[] = [];
  private readonly queue: Waiter[] = [];
  /** Set from a 429: nothing is let through before this time. */
  private blockedUntil = Number.NEGATIVE_INFINITY;
  private wakeTimer: ReturnType<typeof setTimeout> | undefined;
  private wakeTimerAt = Number.POSITIVE_INFINITY;

  constructor(
    readonly route: PacedRoute,
    private limit: number,
    private readonly now: () => number,
  ) {}

  acquire(request: AcquireRequest): Promise<ReleasePacedSlot> {
    const { signal } = request;
    if (signal?.aborted) return Promise.reject(signal.reason);

    return new Promise<ReleasePacedSlot>((resolve, reject) => {
      const waiter: Waiter = {
        ...request,
        enqueuedAt: this.now(),
        resolve,
        reject,
        onAbort: () => this.abandon(waiter),
      };
      signal?.addEventListener("abort", waiter.onAbort, { once: true });
      this.queue.push(waiter);
      this.pump();
      if (this.queue.includes(waiter)) this.logWait(waiter);
    });
  }

  /** Lets waiters through, in order, while there is room; otherwise arms one wake-up timer. */
  private pump(): void {
    const now = this.now();
    this.dropFreedSlots(now);
    while (this.queue.length > 0) {
      const openingAt = this.nextOpeningAt(now);
      if (openingAt > now) {
        // Infinity: the window is full of requests still in flight; a release pumps again.
        if (Number.isFinite(openingAt)) this.wakeAt(openingAt, now);
        else this.cancelWake();
        return;
      }
      this.grant(this.queue.shift()!, now);
    }
    this.cancelWake();
  }

  /** When the next request may go: `now` if it may go at once, `Infinity` if only a release can tell. */
  private nextOpeningAt(now: number): number {
    const notBefore = Math.max(now, this.blockedUntil);
    if (this.slots.length < this.limit) return notBefore;
    // Full: the window opens when enough slots free to drop below the limit (more than one if a
    // 429 lowered the limit under the slots already used).
    const freeTimes = this.slots.map((slot) => slot.freeAt).sort((a, b) => a - b);
    return Math.max(notBefore, freeTimes[this.slots.length - this.limit]!);
  }

  private grant(waiter: Waiter, now: number): void {
    waiter.signal?.removeEventListener("abort", waiter.onAbort);
    const slot: Slot = { sentAt: now, freeAt: Number.POSITIVE_INFINITY };
    this.slots.push(slot);
    const waitedMs = now - waiter.enqueuedAt;
    if (waitedMs > 0) {
      waiter.logger?.debug("Rate-limit slot granted after waiting", {
        route: this.route,
        waitedMs,
      });
    }
    let released = false;
    waiter.resolve((response) => {
      if (released) return;
      released = true;
      this.release(slot, waiter, response);
    });
  }

  private release(slot: Slot, waiter: Waiter, response: Response | undefined): void {
    const now = this.now();
    // The request arrived no later than its response: a full window after that, plus the guard,
    // it can no longer count.
    slot.freeAt = Math.max(slot.sentAt, now) + PACING_WINDOW_MS + waiter.guardMs;
    if (response?.status === 429) this.holdAfterRateLimit(response, now, waiter);
    this.pump();
  }

  /** A 429 means the server's window is full, whatever we counted: hold until its reset. */
  private holdAfterRateLimit(response: Response, now: number, waiter: Waiter): void {
    const announced = readRateLimitHeaders(response.headers, now);
    const resumeAt = resumeTimeAfterRateLimit(announced, now) + waiter.guardMs;
    this.blockedUntil = Math.max(this.blockedUntil, resumeAt);
    // Learn a stricter limit if the server states one; never loosen the documented one.
    if (announced.limit !== undefined && announced.limit >= 1 && announced.limit < this.limit) {
      this.limit = announced.limit;
    }
    waiter.logger?.debug("Rate limited by the service; holding requests until the reset", {
      route: this.route,
      holdMs: this.blockedUntil - now,
      retryAfterSeconds: announced.retryAfterSeconds ?? null,
      limit: announced.limit ?? null,
      remaining: announced.remaining ?? null,
    });
  }

  private abandon(waiter: Waiter): void {
    const index = this.queue.indexOf(waiter);
    if (index === -1) return;
    this.queue.splice(index, 1);
    waiter.reject(waiter.signal?.reason);
    // The head may have changed, so the wake-up time may too.
    this.pump();
  }

  /** Slots whose window has passed are dropped, so memory stays bounded by the limit. */
  private dropFreedSlots(now: number): void {
    let kept = 0;
    for (const slot of this.slots) {
      if (slot.freeAt > now) this.slots[kept++] = slot;
    }
    this.slots.length = kept;
  }

  private wakeAt(at: number, now: number): void {
    if (this.wakeTimer !== undefined && this.wakeTimerAt === at) return;
    this.cancelWake();
    this.wakeTimerAt = at;
    // Not unref'd: a waiting request must keep the process alive until it is sent.
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = undefined;
      this.wakeTimerAt = Number.POSITIVE_INFINITY;
      this.pump();
    }, at - now);
  }

  private cancelWake(): void {
    if (this.wakeTimer === undefined) return;
    clearTimeout(this.wakeTimer);
    this.wakeTimer = undefined;
    this.wakeTimerAt = Number.POSITIVE_INFINITY;
  }

  private logWait(waiter: Waiter): void {
    if (waiter.logger === undefined) return;
    const now = this.now();
    const openingAt = this.nextOpeningAt(now);
    waiter.logger.debug("Waiting for a rate-limit slot", {
      route: this.route,
      limit: this.limit,
      windowMs: PACING_WINDOW_MS,
      queuePosition: this.queue.indexOf(waiter) + 1,
      // null: every slot is held by a request whose response has not arrived yet.
      estimatedWaitMs: Number.isFinite(openingAt) ? openingAt - now : null,
      reason: this.blockedUntil > now ? "rate_limited_by_service" : "window_full",
    });
  }
}

/**
 * `Retry-After` is relative, so it is trusted as is. `X-RateLimit-Reset` is on the server's clock,
 * so it is clamped to one window: in a rolling 60 s window no wait is longer, and a skewed clock
 * must not stall the agent. With neither, a full window is the safe wait.
 */
function resumeTimeAfterRateLimit(announced: AnnouncedRateLimit, now: number): number {
  const candidates: number[] = [];
  if (announced.retryAfterSeconds !== undefined) {
    candidates.push(now + announced.retryAfterSeconds * 1000);
  }
  if (announced.resetAt !== undefined) {
    const resetAtMs = announced.resetAt.getTime();
    candidates.push(Math.min(Math.max(resetAtMs, now), now + PACING_WINDOW_MS));
  }
  return candidates.length === 0 ? now + PACING_WINDOW_MS : Math.max(...candidates);
}
