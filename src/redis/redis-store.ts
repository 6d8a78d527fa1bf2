/**
 * A pacing store on Redis (docs/retries.md, "Many workers on one key"): clients in any number of
 * processes that share it and a key share one budget per route, one 429 hold and one ledger of
 * reconciled creates.
 */

import { createHmac, randomUUID } from "node:crypto";
import { InvalidRequestError } from "../core/errors/local-errors.js";
import {
  type AskAnswer,
  type AskOutcome,
  askUntilGranted,
} from "../core/pacing/ask-until-granted.js";
import type { BudgetReading } from "../core/pacing/budget-status.js";
import type {
  KeyBudget,
  PacingSlot,
  PacingStore,
  SlotOutcome,
  SlotRequest,
} from "../core/pacing/pacing-store.js";
import { STORE_COMMAND_TIMEOUT_MS } from "../core/pacing/pacing-store.js";
import { untilAborted } from "../core/timers.js";
import { deliver } from "./give-back.js";
import { ALL_SCRIPTS, LEAVE_QUEUE, READ_BUDGET, SETTLE_SLOT, TAKE_SLOT } from "./lua-scripts.js";
import { redisClaims } from "./redis-claims.js";
import { type RedisClientLike, type RedisCommands, redisCommandsOf } from "./redis-commands.js";
import { budgetReading, expectCount, takeSlotReply } from "./redis-replies.js";

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
/**
 * The longest a waiter sleeps between two asks, however far its slot is: a waiter whose process
 * died is dropped from the line within this and the grace, so it holds back those behind it no
 * longer than that.
 */
const ASK_AGAIN_WITHIN_MS = 10_000;
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
  const commandTimeoutMs = options.commandTimeoutMs ?? STORE_COMMAND_TIMEOUT_MS;
  if (!Number.isFinite(commandTimeoutMs) || commandTimeoutMs <= 0) {
    throw new InvalidRequestError(
      "commandTimeoutMs",
      `commandTimeoutMs must be a positive number of milliseconds; got ${String(commandTimeoutMs)}`,
    );
  }
  const redis = redisCommandsOf(options.client, commandTimeoutMs, ALL_SCRIPTS);
  return {
    kind: "redis",
    commandTimeoutMs,
    takeSlot: (request) => takeSlot(redis, prefix, request),
    readBudget: (budget) => readBudget(redis, prefix, budget),
    claims: redisClaims(
      redis,
      (service, item) => `${prefix}:claims:{${digest(service)}}:${item.id}@${item.createdAt}`,
    ),
  };
}

/** The keys of one budget; the hash tag keeps them on one cluster node. */
function budgetKeys(prefix: string, request: KeyBudget) {
  const base = `${prefix}:pacing:{${digest(request.apiKey)}:${request.budget}}`;
  return {
    slots: `${base}:slots`,
    queue: `${base}:queue`,
    seen: `${base}:seen`,
    meta: `${base}:meta`,
  };
}

const digest = (value: string): string =>
  createHmac("sha256", KEY_DIGEST_CONTEXT).update(value).digest("base64url");

/**
 * Asks for a slot until it is granted, the wait is known to outlast its bound, or the bound
 * passes (wait-bound.ts). Between asks it sleeps until the earliest a slot can open. However it
 * ends without a slot (an abort, a refusal, a failed command), it leaves the line and gives back
 * a slot granted meanwhile, so a command that Redis runs late never holds a slot nobody uses.
 */
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
  // Sent until Redis answers. It leaves a mark that refuses this ticket a slot, so a TAKE_SLOT
  // that Redis runs after it (a late command, a resend after a reconnect) takes nothing.
  const leave = () =>
    void deliver(async () => {
      const reply = await redis.run(
        LEAVE_QUEUE,
        [keys.queue, keys.seen, keys.slots],
        [ticket, request.leaseMs],
      );
      expectCount("LEAVE_QUEUE", reply, 1);
    }, request.leaseMs).catch(() => {});
  const args = [
    ticket,
    request.limit,
    request.leaseMs,
    idleMs,
    WAITER_GRACE_MS,
    request.windowMs,
    ASK_AGAIN_WITHIN_MS,
  ];
  const ask = async (): Promise<AskAnswer<undefined>> => {
    const run = redis.run(TAKE_SLOT, [keys.slots, keys.queue, keys.seen, keys.meta], args);
    const answer = takeSlotReply(await untilAborted(run, signal));
    return answer.granted ? { granted: true, value: undefined } : answer;
  };
  let outcome: AskOutcome<undefined>;
  try {
    outcome = await askUntilGranted({
      ask,
      maxWaitMs: request.maxWaitMs,
      signal,
      onQueued: request.onQueued,
      // Ask again at least every 10 s, so a waiter keeps its place and a dead one is soon dropped.
      sleepMsFor: (waitMs) =>
        Math.min(waitMs + Math.random() * WAKE_JITTER_MS, ASK_AGAIN_WITHIN_MS),
    });
  } catch (error) {
    leave();
    throw error;
  }
  if (!outcome.granted) {
    leave();
    return { granted: false, opensInMs: outcome.opensInMs };
  }
  return { granted: true, slot: redisSlot(redis, keys, ticket, idleMs, request.leaseMs) };
}

/** Reads one budget with the read-only script: every process's slots, waiters and hold. */
async function readBudget(
  redis: RedisCommands,
  prefix: string,
  budget: KeyBudget,
): Promise<BudgetReading> {
  const keys = budgetKeys(prefix, budget);
  return budgetReading(await redis.run(READ_BUDGET, [keys.slots, keys.seen, keys.meta], []));
}

/** A granted slot: its settlement (a give-back too) is sent until Redis answers. */
function redisSlot(
  redis: RedisCommands,
  keys: ReturnType<typeof budgetKeys>,
  ticket: string,
  idleMs: number,
  leaseMs: number,
): PacingSlot {
  let settled: Promise<void> | undefined;
  return {
    settle(settlement) {
      const args = [
        ticket,
        settlement.countsForMs,
        settlement.holdMs ?? -1,
        Math.floor(settlement.announcedLimit ?? 0),
        idleMs,
      ];
      settled ??= deliver(
        async () =>
          expectCount(
            "SETTLE_SLOT",
            await redis.run(SETTLE_SLOT, [keys.slots, keys.meta], args),
            1,
          ),
        leaseMs,
      );
      return settled;
    },
  };
}
