/**
 * What this process knows about its own creates on one service: the items already handed to a
 * caller (so reconciliation never hands the same item to two calls) and the creates still in
 * flight (so reconciliation waits for them before deciding an item is its own).
 */

/** What identifies an item handed out: its id, and its creation time, so that a fresh fake
 * service that reuses ids on the same URL is not mistaken for the old one. */
export interface ClaimedItem {
  readonly id: string;
  readonly createdAt: string;
}

const claimKey = (item: ClaimedItem) => `${item.id}@${item.createdAt}`;

/** A `POST /content` still in flight, and the channels it may create items on. */
interface InFlightSend {
  readonly channelIds: ReadonlySet<string>;
  readonly settled: Promise<unknown>;
}

/**
 * How long a handed-out item is remembered: longer than any call that could still take it for
 * its own (a reconciliation looks back to its start minus the clock-skew allowance).
 */
const CLAIM_TTL_MS = 15 * 60_000;

/** The ledger of one service (keyed by its URL); shared by every client of this process. */
export class CreateLedger {
  /** `id@createdAt` -> when it was claimed, oldest first. */
  readonly #claimedAt = new Map<string, number>();
  readonly #inFlight = new Set<InFlightSend>();

  /** Whether an item was already handed to a caller. */
  isClaimed(item: ClaimedItem): boolean {
    return this.#claimedAt.has(claimKey(item));
  }

  /** Marks items as handed to a caller. */
  claim(items: Iterable<ClaimedItem>, now: number = Date.now()): void {
    for (const item of items) this.#claimedAt.set(claimKey(item), now);
    for (const [key, at] of this.#claimedAt) {
      if (now - at <= CLAIM_TTL_MS) break; // insertion order: the rest are newer
      this.#claimedAt.delete(key);
    }
  }

  /** Runs `send`, recording it as in flight on `channelIds` until it settles. */
  async track<T>(channelIds: readonly string[], send: () => Promise<T>): Promise<T> {
    const promise = send();
    const entry: InFlightSend = {
      channelIds: new Set(channelIds),
      settled: promise.then(
        () => undefined,
        () => undefined,
      ),
    };
    this.#inFlight.add(entry);
    try {
      return await promise;
    } finally {
      this.#inFlight.delete(entry);
    }
  }

  /** The sends now in flight on `channelId`, as promises that settle (never reject) with them. */
  sendsInFlightOn(channelId: string): Promise<unknown>[] {
    return [...this.#inFlight]
      .filter((send) => send.channelIds.has(channelId))
      .map((send) => send.settled);
  }
}

const ledgers = new Map<string, CreateLedger>();

/** The ledger of the service whose `POST /content` URL is `createURL`. */
export function ledgerFor(createURL: string): CreateLedger {
  let ledger = ledgers.get(createURL);
  if (ledger === undefined) {
    ledger = new CreateLedger();
    ledgers.set(createURL, ledger);
  }
  return ledger;
}
