/**
 * The ledger of created items on a shared store, held rather than faked during an outage.
 *
 * Pacing may fall back to this process's memory while the store is down: at worst the service
 * answers a few `429`s. The ledger may not: an item claimed only in one process's memory can be
 * adopted by a second process too, and then one caller holds an item another call created while
 * its own post is lost or left over. So adoption waits for the store to answer, and when it does
 * not in time the call ends with `AmbiguousCreateError` (`outcome: "unknown"`): nothing is adopted
 * twice, nothing is sent again, and the caller is told to check.
 */
import { thrownMessage } from "../observe/guarded-call.js";
import type { LevelledLogger } from "../observe/logger.js";
import { defaultPacingStore } from "../pacing/key-pacer.js";
import {
  type ClaimedItem,
  type CreateClaimStore,
  type PacingStore,
  STORE_COMMAND_TIMEOUT_MS,
} from "../pacing/pacing-store.js";
import { sleep, sleepInBackground, withTimeout } from "../timers.js";

/**
 * Where reconciliation records handed-out items: the shared store when there is one, held
 * ({@link heldClaims}) while it does not answer; else the memory store's ledger.
 */
export function claimStoreFor(
  store: PacingStore | undefined,
  logger: Pick<LevelledLogger, "warn">,
): CreateClaimStore {
  const memory = defaultPacingStore();
  if (store === undefined || store.kind === "memory") return store?.claims ?? memory.claims;
  return heldClaims(store, memory.claims, logger);
}

/** How long adoption waits for the store to answer before it gives up. */
const LEDGER_HOLD_MS = 2_000;
/** The pause between two tries of the store while adoption is held. */
const RETRY_EVERY_MS = 200;
/** How long a claim that could not be written is retried in the background. */
const CLAIM_RETRY_FOR_MS = 60_000;

/**
 * The ledger on `store`: adoption (`claimFirstFree`) only through the store, held up to
 * {@link LEDGER_HOLD_MS}, with one `warn` line when it gives up; a success's claim (`claim`) is
 * kept in `fallback` (this process's memory) at once and written to the store as soon as it
 * answers, so that other processes see it.
 */
function heldClaims(
  store: PacingStore,
  fallback: CreateClaimStore,
  logger: Pick<LevelledLogger, "warn">,
): CreateClaimStore {
  const limited = limitedBy(store);
  return {
    async claim(service, items, ttlMs, owner) {
      await fallback.claim(service, items, ttlMs, owner);
      try {
        await limited(store.claims.claim(service, items, ttlMs, owner));
      } catch {
        // A success never fails because of the store: its claim reaches the store when it answers.
        void retryInBackground(() => limited(store.claims.claim(service, items, ttlMs, owner)));
      }
    },
    async claimFirstFree(service, candidates, ttlMs, owner) {
      if (candidates.length === 0) return undefined;
      let claimed: ClaimedItem | undefined;
      try {
        // Tried again after no answer: the first try may still run, and claims for the same
        // owner, which the next try then finds as its own.
        claimed = await untilAnswered(() =>
          limited(store.claims.claimFirstFree(service, candidates, ttlMs, owner)),
        );
      } catch (error) {
        logger.warn(
          "Reconciliation held: the shared ledger did not answer, so nothing was adopted",
          { store: store.kind, error: thrownMessage(error) },
        );
        throw error;
      }
      if (claimed !== undefined) await fallback.claim(service, [claimed], ttlMs, owner);
      return claimed;
    },
  };
}

/** Tries `write` (one limited try) until the store answers, for {@link LEDGER_HOLD_MS}. */
async function untilAnswered<T>(write: () => Promise<T>): Promise<T> {
  const until = Date.now() + LEDGER_HOLD_MS;
  let last: unknown;
  do {
    try {
      return await write();
    } catch (error) {
      last = error;
    }
    await sleep(RETRY_EVERY_MS);
  } while (Date.now() < until);
  throw new Error(
    `The shared pacing store did not answer for ${LEDGER_HOLD_MS} ms, so no item was adopted ` +
      `(another process could adopt the same one): ${thrownMessage(last)}`,
  );
}

async function retryInBackground(write: () => Promise<unknown>): Promise<void> {
  const until = Date.now() + CLAIM_RETRY_FOR_MS;
  while (Date.now() < until) {
    // A claim still waiting for the store never keeps a process alive.
    await sleepInBackground(RETRY_EVERY_MS * 10);
    try {
      await write();
      return;
    } catch {
      // still down
    }
  }
}

/**
 * One try of `store`: it lasts as long as one of the store's own commands may, so a slow but
 * healthy store is not counted as down.
 */
function limitedBy(store: PacingStore): <T>(promise: Promise<T>) => Promise<T> {
  const limitMs = store.commandTimeoutMs ?? STORE_COMMAND_TIMEOUT_MS;
  return (promise) =>
    withTimeout(promise, limitMs, {
      error: () => new Error(`no answer in ${limitMs} ms`),
      keepAlive: false,
    });
}
