/**
 * What is known about creates on one service: the items already handed to a caller (so
 * reconciliation never hands the same item to two calls, in this process or, with a shared
 * pacing store, in any process) and this process's creates still in flight (so reconciliation
 * waits for them before deciding an item is its own).
 */

import { entryOf } from "../map-entry.js";
import type { ClaimedItem, CreateClaimStore } from "../pacing/pacing-store.js";

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

/** The ledger of one service (keyed by its `POST /content` URL). */
export class CreateLedger {
  readonly #service: string;
  readonly #claims: CreateClaimStore;
  readonly #inFlight: Set<InFlightSend>;

  constructor(service: string, claims: CreateClaimStore, inFlight: Set<InFlightSend>) {
    this.#service = service;
    this.#claims = claims;
    this.#inFlight = inFlight;
  }

  /** Marks items a successful create returned as handed to its caller, the call `owner`. */
  claim(items: readonly ClaimedItem[], owner: string): Promise<void> {
    return this.#claims.claim(this.#service, items, CLAIM_TTL_MS, owner);
  }

  /**
   * Claims for the call `owner` the first candidate nobody else has claimed, atomically;
   * `undefined` when all are taken. Claiming again returns the owner's own claim.
   */
  claimFirstFree(
    candidates: readonly ClaimedItem[],
    owner: string,
  ): Promise<ClaimedItem | undefined> {
    if (candidates.length === 0) return Promise.resolve(undefined);
    return this.#claims.claimFirstFree(this.#service, candidates, CLAIM_TTL_MS, owner);
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

/** `POST /content` URL -> this process's creates in flight to it, shared by every client. */
const inFlightByService = new Map<string, Set<InFlightSend>>();

/**
 * The ledger of the service whose `POST /content` URL is `createURL`, keeping its claims in
 * `claims` (the client's ledger: its pacing store's, or this process's memory).
 */
export function ledgerFor(createURL: string, claims: CreateClaimStore): CreateLedger {
  const inFlight = entryOf(inFlightByService, createURL, () => new Set<InFlightSend>());
  return new CreateLedger(createURL, claims, inFlight);
}
