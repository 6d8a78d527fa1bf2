/**
 * What this process knows about its own creates on one service: the items already handed to a
 * caller (so reconciliation never hands the same item to two calls) and the creates still in
 * flight (so reconciliation waits for them before deciding an item is its own).
 */

/** How long a handed-out item id is remembered; far longer than any create and its check. */
const CLAIM_TTL_MS = 30 * 60_000;

/** A `POST /content` still in flight, and the channels it may create items on. */
interface InFlightSend {
  readonly channelIds: ReadonlySet<string>;
  readonly settled: Promise<unknown>;
}

/** The ledger of one service (keyed by its URL); shared by every client of this process. */
export class CreateLedger {
  readonly #claimedAt = new Map<string, number>();
  readonly #inFlight = new Set<InFlightSend>();

  /** Whether an item was already handed to a caller. */
  isClaimed(id: string): boolean {
    return this.#claimedAt.has(id);
  }

  /** Marks items as handed to a caller. */
  claim(ids: Iterable<string>, now: number = Date.now()): void {
    for (const id of ids) this.#claimedAt.set(id, now);
    this.#forgetOld(now);
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

  #forgetOld(now: number): void {
    for (const [id, at] of this.#claimedAt) {
      if (now - at <= CLAIM_TTL_MS) break; // Map keeps insertion order: the rest are newer.
      this.#claimedAt.delete(id);
    }
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
