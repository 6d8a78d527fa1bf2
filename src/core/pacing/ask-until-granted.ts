/**
 * The one ask-and-sleep loop: a store that cannot wake its waiters (a session's hold, Redis)
 * asks for a slot, sleeps until one can open, and asks again, within the wait rule
 * (wait-bound.ts).
 */

import { sleep } from "../timers.js";
import type { SlotRequest } from "./pacing-store.js";
import { leftToWaitMs, refusesAtOnce } from "./wait-bound.js";

/** One answer to an ask: granted, or how long at least until a slot opens, and the place in line. */
export type AskAnswer<T> =
  | { readonly granted: true; readonly value: T }
  | { readonly granted: false; readonly waitMs: number; readonly position: number };

/** What {@link askUntilGranted} asks, and within what bound. */
export interface AskLoop<T> {
  readonly ask: () => AskAnswer<T> | Promise<AskAnswer<T>>;
  readonly maxWaitMs: number;
  /** Ends the wait, while it sleeps, with the signal's reason. */
  readonly signal?: AbortSignal | undefined;
  /** Told once, at the first ask that has to wait. */
  readonly onQueued?: SlotRequest["onQueued"];
  /** How long to sleep before asking again when a slot opens in `waitMs`; defaults to `waitMs`. */
  readonly sleepMsFor?: ((waitMs: number) => number) | undefined;
}

/** How an ask-and-sleep wait ended: granted, or refused with when a slot opens and the time spent. */
export type AskOutcome<T> =
  | { readonly granted: true; readonly value: T }
  | { readonly granted: false; readonly opensInMs: number; readonly waitedMs: number };

/**
 * Asks until granted, until the wait is known to outlast what is left of its bound, or until
 * the bound passes. Between asks it sleeps until a slot can open (never past the bound). The
 * bound counts from this call: the time the asks take counts against it. Rejects with the
 * signal's reason when it aborts, and with whatever an ask rejects with.
 */
export async function askUntilGranted<T>(loop: AskLoop<T>): Promise<AskOutcome<T>> {
  const { signal } = loop;
  if (signal?.aborted) throw signal.reason;
  const startedAt = Date.now();
  let told = false;
  for (;;) {
    const answer = await loop.ask();
    if (answer.granted) return answer;
    // Every ask counts, the first too: a store slow to answer uses up the bound as a sleep does.
    const waitedMs = Date.now() - startedAt;
    const leftMs = leftToWaitMs(loop.maxWaitMs, waitedMs);
    if (leftMs <= 0 || refusesAtOnce(answer.waitMs, leftMs)) {
      return { granted: false, opensInMs: answer.waitMs, waitedMs };
    }
    if (!told) {
      told = true;
      loop.onQueued?.({ opensInMs: answer.waitMs, position: answer.position });
    }
    const sleepMs = loop.sleepMsFor?.(answer.waitMs) ?? answer.waitMs;
    await sleep(Math.max(1, Math.min(sleepMs, leftMs)), signal);
  }
}
