/**
 * A pacing store on Redis (docs/retries.md, "Many workers on one key"): clients in any number of
 * processes that share it and a key share one budget per route, one 429 hold and one ledger of
 * reconciled creates.
 */

import { createHmac, randomUUID } from "node:crypto";
import { InvalidRequestError } from "../core/errors/local-errors.js";
import type {
  ClaimedItem,
  CreateClaimStore,
  PacingSlot,
  PacingStore,
  SlotOutcome,
  SlotRequest,
} from "../core/pacing-store.js";
import { sleep } from "../core/sleep.js";
import { CLAIM_ALL, CLAIM_FIRST_FREE, LEAVE_QUEUE, SETTLE_SLOT, TAKE_SLOT } from "./lua-scripts.js";
import { type RedisClientLike, type RedisCommands, redisCommandsOf } from "./redis-commands.js";

/** Options of {@link createRedisStore}. */
export interface RedisStoreOptions {
  /**
   * Your connected Redis client: node-redis (v5 or later, `createClient()` after `connect()`)
   * or ioredis (`new Redis()`). The store sends its commands through it and never closes it.
   */
  client: RedisClientLike;
  /** Prepended to every key the store writes. Default `"postline"`. */
  prefix?: string | undefined;
  /**
   * How long one Redis command may take before the store counts Redis as failed and the client
   * paces in process. Default 1 000 ms.
   */
  commandTimeoutMs?: number | undefined;
}

/**
 * How late a waiter may be to ask again before it is dropped from the line. A waiter promises
 * when it will ask again, so one that crashed holds back those behind it this long at most.
 */
const WAITER_GRACE_MS = 5_000;
/** How soon a waiter first asks again when the slot it waits for is still in flight; doubled each time, up to a second. */
const IN_FLIGHT_POLL_MS = 50;
const MAX_IN_FLIGHT_POLL_MS = 1_000;
/** Spreads waiters that wake at once, in milliseconds. */
const WAKE_JITTER_MS = 10;
/** Domain separation of the key digest: what is stored is an HMAC of the key, never the key. */
const KEY_DIGEST_CONTEXT = "@postline/sdk pacing key v1";

/**
 * Creates a pacing store on Redis, for `new Postline({ rateLimit: { store } })`.
 *
 * Windows are updated atomically by Lua scripts over a sorted set per key and route, on the
 * Redis server's clock. Waiters on one budget are served in order of arrival across processes.
 * A 429 seen by one process holds back all of them. A slot whose process died in flight frees
 * itself once its attempt's timeout and a window have passed. The API key is stored only as an
 * HMAC-SHA-256 digest. If Redis fails, clients pace in process and log one warning per outage.
 *
 * @example
 * ```ts
 * import { Postline } from "@postline/sdk";
 * import { createRedisStore } from "@postline/sdk/redis";
 * import { createClient } from "redis";
 *
 * const redis = await createClient({ url: process.env.REDIS_URL ?? "redis://127.0.0.1:6379" }).connect();
 * const client = new Postline({ rateLimit: { store: createRedisStore({ client: redis }) } });
 * ```
 */
export function createRedisStore(options: RedisStoreOptions): PacingStore {
  if (options === null || typeof options !== "object") {
    throw new InvalidRequestError("options", "createRedisStore takes { client, prefix? }");
  }
  const prefix = options.prefix ?? "postline";
  if (typeof prefix !== "string" || prefix === "" || /[{}\s]/.test(prefix)) {
    throw new InvalidRequestError(
      "prefix",
      `prefix must be a non-empty string without braces or spaces; got ${JSON.stringify(prefix)}`,
    );
  }
  const commandTimeoutMs = options.commandTimeoutMs ?? 1_000;
  if (!Number.isFinite(commandTimeoutMs) || commandTimeoutMs <= 0) {
    throw new InvalidRequestError(
      "commandTimeoutMs",
      `commandTimeoutMs must be a positive number of milliseconds; got ${String(commandTimeoutMs)}`,
    );
  }
  const redis = redisCommandsOf(options.client, commandTimeoutMs);
  return {
    kind: "redis",
    takeSlot: (request) => takeSlot(redis, prefix, request),
    claims: redisClaims(redis, prefix),
  };
}

/** The keys of one budget; the hash tag keeps them on one cluster node. */
function budgetKeys(prefix: string, request: SlotRequest) {
  const base = `${prefix}:pacing:{${digest(request.apiKey)}:${request.route}}`;
  return {
    slots: `${base}:slots`,
    queue: `${base}:queue`,
    seen: `${base}:seen`,
    meta: `${base}:meta`,
  };
}

const digest = (value: string): string =>
  createHmac("sha256", KEY_DIGEST_CONTEXT).update(value).digest("base64url");

async function takeSlot(
  redis: RedisCommands,
  prefix: string,
  request: SlotRequest,
): Promise<SlotOutcome> {
  const { signal } = request;
  if (signal?.aborted) throw signal.reason;
  const keys = budgetKeys(prefix, request);
  const ticket = randomUUID();
  const idleMs = 2 * request.windowMs;
  const deadline = Date.now() + request.maxWaitMs;
  const leave = () => redis.run(LEAVE_QUEUE, [keys.queue, keys.seen], [ticket]);
  let told = false;
  let inFlightPolls = 0;
  for (;;) {
    const answer = (await redis.run(
      TAKE_SLOT,
      [keys.slots, keys.queue, keys.seen, keys.meta],
      [ticket, request.limit, request.leaseMs, idleMs, WAITER_GRACE_MS, request.windowMs],
    )) as number[];
    if (Number(answer[0]) === 1) {
      return { granted: true, slot: redisSlot(redis, keys, ticket, idleMs) };
    }
    const waitMs = Number(answer[1]);
    const why = Number(answer[2]);
    const remainingMs = deadline - Date.now();
    const opensInMs = why === 1 ? undefined : waitMs;
    // A hold that outlasts the caller's wait is said at once, as the in-memory store does.
    if (remainingMs <= 0 || (why === 2 && waitMs > remainingMs)) {
      await leave();
      return { granted: false, opensInMs };
    }
    if (!told) {
      told = true;
      request.onQueued?.({ opensInMs, position: Number(answer[3]) });
    }
    // A settled slot or a hold frees at a known time; a slot in flight frees when its response
    // comes, so it is asked about again soon, then less often.
    inFlightPolls = why === 1 ? inFlightPolls + 1 : 0;
    const sleepMs =
      why === 1
        ? Math.min(IN_FLIGHT_POLL_MS * 2 ** (inFlightPolls - 1), MAX_IN_FLIGHT_POLL_MS)
        : waitMs + Math.random() * WAKE_JITTER_MS;
    try {
      await sleep(Math.max(1, Math.min(sleepMs, request.windowMs, remainingMs)), signal);
    } catch (error) {
      // Best effort: a waiter that never asks again is dropped from the line anyway.
      await leave().catch(() => undefined);
      throw error;
    }
  }
}

function redisSlot(
  redis: RedisCommands,
  keys: ReturnType<typeof budgetKeys>,
  ticket: string,
  idleMs: number,
): PacingSlot {
  let settled: Promise<void> | undefined;
  return {
    settle(settlement) {
      settled ??= redis
        .run(
          SETTLE_SLOT,
          [keys.slots, keys.meta],
          [
            ticket,
            Math.round(settlement.countsForMs),
            settlement.holdMs === undefined ? -1 : Math.round(settlement.holdMs),
            settlement.announcedLimit ?? 0,
            idleMs,
          ],
        )
        .then(() => undefined);
      return settled;
    },
  };
}

function redisClaims(redis: RedisCommands, prefix: string): CreateClaimStore {
  const keyOf = (service: string, item: ClaimedItem) =>
    `${prefix}:claims:{${digest(service)}}:${item.id}@${item.createdAt}`;
  return {
    async claim(service, items, ttlMs) {
      if (items.length === 0) return;
      await redis.run(
        CLAIM_ALL,
        items.map((item) => keyOf(service, item)),
        [Math.round(ttlMs)],
      );
    },
    async claimFirstFree(service, candidates, ttlMs) {
      const index = Number(
        await redis.run(
          CLAIM_FIRST_FREE,
          candidates.map((item) => keyOf(service, item)),
          [Math.round(ttlMs)],
        ),
      );
      return index > 0 ? candidates[index - 1] : undefined;
    },
  };
}
