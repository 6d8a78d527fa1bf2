/**
 * The rule beside the store's Lua scripts (src/redis/lua-scripts.ts): every script is safe to run
 * twice. A command that timed out in the client may still run when Redis wakes, and the store
 * sends give-backs, settlements and claims again until Redis answers. So each script is run
 * twice here with the same arguments, on one server and on a cluster, through both libraries:
 * the second run answers the same and leaves the same state.
 */
import { afterAll, describe, expect, it } from "vitest";
import * as scripts from "../../src/redis/lua-scripts.js";
import {
  ALL_SCRIPTS,
  CLAIM_ALL,
  CLAIM_FIRST_FREE,
  LEAVE_QUEUE,
  SETTLE_SLOT,
  TAKE_SLOT,
} from "../../src/redis/lua-scripts.js";
import { type LuaScript, redisCommandsOf } from "../../src/redis/redis-commands.js";
import {
  type ConnectedClient,
  freshPrefix,
  keyReader,
  SCRIPT_CLIENT_KINDS,
} from "./support/redis-clients.js";

const connections: ConnectedClient[] = [];
const readers: Awaited<ReturnType<typeof keyReader>>[] = [];
afterAll(async () => {
  await Promise.all(connections.map((connection) => connection.close()));
  for (const reader of readers) reader.disconnect();
});

const WINDOW_MS = 600;

it("the rule covers every script of the store, and all of them are loaded together", () => {
  const exported = Object.values(scripts).filter(
    (value): value is LuaScript => typeof value === "object" && "sha" in value,
  );
  expect(new Set(ALL_SCRIPTS)).toEqual(new Set(exported));
});

describe.each(SCRIPT_CLIENT_KINDS)(
  "each script run twice (%s)",
  (_kind, connect, cluster, available) => {
    /** One budget's keys (one hash tag), the commands, and what Redis holds for them. */
    const budget = async () => {
      const connection = await connect();
      connections.push(connection);
      const redis = redisCommandsOf(connection.client, 2_000, ALL_SCRIPTS);
      const base = `${freshPrefix()}:{budget}`;
      const keys = {
        slots: `${base}:slots`,
        queue: `${base}:queue`,
        seen: `${base}:seen`,
        meta: `${base}:meta`,
      };
      const on = await keyReader(cluster);
      readers.push(on);
      const state = async () => {
        return {
          slots: await on.zrange(keys.slots, "0", "-1", "WITHSCORES"),
          queue: await on.zrange(keys.queue, "0", "-1", "WITHSCORES"),
          // When a waiter promised to ask again moves with the clock: its members are what counts.
          seen: await on.zrange(keys.seen, "0", "-1"),
          meta: await on.hgetall(keys.meta),
        };
      };
      const take = (ticket: string, limit = 1) =>
        redis.run(
          TAKE_SLOT,
          [keys.slots, keys.queue, keys.seen, keys.meta],
          [ticket, limit, 10 * WINDOW_MS, 2 * WINDOW_MS, 5_000, WINDOW_MS, 10_000],
        );
      const leave = (ticket: string) =>
        redis.run(LEAVE_QUEUE, [keys.queue, keys.seen, keys.slots], [ticket, 10 * WINDOW_MS]);
      const twice = async (run: () => Promise<unknown>) => {
        const first = { reply: await run(), state: await state() };
        const second = { reply: await run(), state: await state() };
        return { first, second };
      };
      const values = (claimKeys: string[]) => Promise.all(claimKeys.map((key) => on.get(key)));
      return { redis, keys, state, take, leave, twice, values };
    };

    it.skipIf(!available)("TAKE_SLOT that grants: one slot, granted both times", async () => {
      const { take, twice } = await budget();
      const { first, second } = await twice(() => take("t1", 3));
      expect(first.reply).toEqual([1]);
      expect(second).toEqual(first);
      expect(first.state.slots.filter((_, i) => i % 2 === 0)).toEqual(["f:t1"]);
    });

    it.skipIf(!available)(
      "TAKE_SLOT that queues: one place in line, the same both times",
      async () => {
        const { take, twice } = await budget();
        await take("t0");
        const { first, second } = await twice(() => take("t1"));
        const [flag, waitMs, position] = first.reply as number[];
        expect([flag, position]).toEqual([0, 1]);
        expect(second.reply).toEqual([0, expect.any(Number), 1]);
        // The same wait, less the time between the two runs (a lease of 10 windows, 6 s).
        const sooner = waitMs! - (second.reply as number[])[1]!;
        expect(sooner).toBeGreaterThanOrEqual(0);
        expect(sooner).toBeLessThan(2_000);
        expect(second.state).toEqual(first.state);
      },
    );

    it.skipIf(!available)(
      "LEAVE_QUEUE: the place and the slot given back once, a later TAKE_SLOT refused",
      async () => {
        const { take, leave, twice, state } = await budget();
        await take("t0");
        await take("t1");
        const { first, second } = await twice(async () => [await leave("t0"), await leave("t1")]);
        expect(first.reply).toEqual([1, 1]);
        expect(second).toEqual(first);
        expect(first.state.slots).toEqual([]);
        expect(first.state.queue).toEqual([]);
        // Redis runs a request for a slot after its waiter left (a late command): it takes nothing.
        expect(await take("t1")).toEqual([-1]);
        expect((await state()).slots).toEqual([]);
      },
    );

    it.skipIf(!available)(
      "SETTLE_SLOT: the slot, its hold and its limit settled once",
      async () => {
        const { redis, keys, take, twice } = await budget();
        await take("t0", 10);
        const { first, second } = await twice(() =>
          redis.run(
            SETTLE_SLOT,
            [keys.slots, keys.meta],
            ["t0", WINDOW_MS, 1_000, 2, 2 * WINDOW_MS],
          ),
        );
        expect(first.reply).toBe(1);
        expect(second).toEqual(first);
        expect(first.state.slots[0]).toBe("s:t0");
        expect(first.state.meta).toMatchObject({ limit: "2", holdUntil: expect.any(String) });
      },
    );

    it.skipIf(!available)("CLAIM_ALL: every item its owner's, both times", async () => {
      const { redis, twice, values } = await budget();
      const prefix = freshPrefix();
      const items = [`${prefix}:claims:{svc}:a`, `${prefix}:claims:{svc}:b`];
      const { first, second } = await twice(async () => [
        await redis.run(CLAIM_ALL, items, [60_000, "call_a"]),
        await values(items),
      ]);
      expect(first.reply).toEqual([2, ["call_a", "call_a"]]);
      expect(second.reply).toEqual(first.reply);
    });

    it.skipIf(!available)(
      "CLAIM_FIRST_FREE: the same item for the same owner, never a second one",
      async () => {
        const { redis, twice, values } = await budget();
        const prefix = freshPrefix();
        const items = ["a", "b", "c"].map((id) => `${prefix}:claims:{svc}:${id}`);
        await redis.run(CLAIM_ALL, [items[0]!], [60_000, "call_other"]);
        const { first, second } = await twice(async () => [
          await redis.run(CLAIM_FIRST_FREE, items, [60_000, "call_mine"]),
          await values(items),
        ]);
        expect(first.reply).toEqual([2, ["call_other", "call_mine", null]]);
        expect(second.reply).toEqual(first.reply);
        // Another owner still finds the third.
        expect(await redis.run(CLAIM_FIRST_FREE, items, [60_000, "call_third"])).toBe(3);
      },
    );
  },
);
