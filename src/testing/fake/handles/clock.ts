/**
 * The fake's clock. Every time the model reads (rate-limit windows, planned times, `createdAt`,
 * "must be in the future") comes from here, so tests move time instead of sleeping.
 */
export interface FakeClock {
  /** The model's current time. */
  now(): Date;
  /** Moves the clock forward by `ms` milliseconds (negative values are refused). */
  advance(ms: number): void;
  /** Sets the clock to an instant; a frozen clock stays there, a running one keeps ticking from it. */
  set(instant: Date | string | number): void;
  /** Stops the clock at its current reading; only `advance` and `set` move it afterwards. */
  freeze(): void;
  /** Lets a frozen clock run again in real time, from its current reading. */
  follow(): void;
  /** Whether the clock only moves through `advance` / `set`. */
  readonly frozen: boolean;
}

/**
 * The latest instant the clock reads: the last one an ISO-8601 timestamp with a four-digit year
 * writes, far enough before the end of `Date` (year 275760) that the model's own arithmetic
 * (rate windows, planned times) never leaves it.
 */
export const LATEST_CLOCK_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * A clock that follows real time plus any advanced offset, or, when `frozenAt` is given, stays at
 * that instant until advanced.
 */
export function createClock(frozenAt?: Date | string | number): FakeClock {
  let frozen = frozenAt !== undefined;
  let offsetMs = 0;
  let frozenMs = frozenAt === undefined ? 0 : toMs(frozenAt, "frozenAt");
  return {
    now: () => new Date(frozen ? frozenMs : Date.now() + offsetMs),
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) {
        throw new RangeError(`clock.advance(ms): ms must be a finite number >= 0, got ${ms}`);
      }
      const reading = frozen ? frozenMs : Date.now() + offsetMs;
      if (reading + ms > LATEST_CLOCK_MS) {
        throw new RangeError(
          `clock.advance(ms): the clock moves at most to ${new Date(LATEST_CLOCK_MS).toISOString()}, ${LATEST_CLOCK_MS - reading} ms from its reading; got ${ms}`,
        );
      }
      if (frozen) frozenMs += ms;
      else offsetMs += ms;
    },
    set(instant) {
      const ms = toMs(instant, "instant");
      if (frozen) frozenMs = ms;
      else offsetMs = ms - Date.now();
    },
    freeze() {
      if (frozen) return;
      frozenMs = Date.now() + offsetMs;
      frozen = true;
    },
    follow() {
      if (!frozen) return;
      offsetMs = frozenMs - Date.now();
      frozen = false;
    },
    get frozen() {
      return frozen;
    },
  };
}

function toMs(instant: Date | string | number, name: string): number {
  const ms = instant instanceof Date ? instant.getTime() : new Date(instant).getTime();
  if (Number.isNaN(ms))
    throw new RangeError(`clock: ${name} is not a valid date: ${String(instant)}`);
  if (ms > LATEST_CLOCK_MS) {
    throw new RangeError(
      `clock: ${name} is past ${new Date(LATEST_CLOCK_MS).toISOString()}, the latest the clock reads: ${String(instant)}`,
    );
  }
  return ms;
}
