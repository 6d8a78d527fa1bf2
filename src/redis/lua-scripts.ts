/**
 * The Lua scripts of the Redis pacing store. Each runs atomically on the server and reads the
 * server's own clock (`TIME`), so processes whose clocks differ still agree.
 *
 * One budget (a key digest and a route) is four Redis keys that share a hash tag:
 * - `slots`: a sorted set of slots, scored by when each frees. A slot in flight is `f:<ticket>`,
 *   scored by its lease (its attempt's timeout plus a window), so a crashed process's slot frees
 *   itself; a settled one is `s:<ticket>`, scored a window (plus guard) after its response.
 * - `queue`: waiters in order of arrival (scored by a sequence number).
 * - `seen`: when each waiter promised to ask again; one that does not (a crashed process) leaves
 *   the line, so nobody waits behind it.
 * - `meta`: the 429 hold (`holdUntil`), a stricter announced `limit`, and the sequence.
 *
 * Every script is safe to run twice. A command that times out in the client may still be queued
 * on the connection and run when Redis wakes, and the store sends some commands again (a
 * give-back, a claim); a client library may resend them after a reconnect. So running a script a
 * second time with the same arguments gives the same answer and leaves the same state (up to the
 * clock): a slot is granted once per ticket, a settled slot is settled once, a claim is its
 * owner's whichever of its runs wrote it. test/redis/scripts-run-twice.test.ts runs each twice.
 */

import { luaScript } from "./redis-commands.js";

const NOW = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
`;

/**
 * Takes a slot for `ticket` if the window has room, no hold is in force and no earlier waiter is
 * ahead. Answers `{1}` when granted (or granted before) and `{-1}` when the ticket has left the
 * line. Otherwise it answers `{0, waitMs, position}`: `waitMs` is a lower bound on the wait, by
 * the rule of `knownWaitMs` in core/pacing/wait-bound.ts.
 *
 * ARGV: ticket, limit, leaseMs, idleMs (how long an untouched budget is kept), graceMs (how late
 * a waiter may ask again before it is dropped), windowMs, askWithinMs (the longest a waiter
 * sleeps between asks).
 */
export const TAKE_SLOT = luaScript(`${NOW}
local slots, queue, seen, meta = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local ticket = ARGV[1]
local limit = tonumber(ARGV[2])
local leaseMs = tonumber(ARGV[3])
local idleMs = tonumber(ARGV[4])
local graceMs = tonumber(ARGV[5])
local windowMs = tonumber(ARGV[6])
local askWithinMs = tonumber(ARGV[7])

redis.call('ZREMRANGEBYSCORE', slots, '-inf', now)
-- Run twice, or after its waiter gave up: the first answer stands, and a slot is never granted
-- to a waiter that left (its give-back may have reached Redis before this request did).
if redis.call('ZSCORE', slots, 'f:' .. ticket) or redis.call('ZSCORE', slots, 's:' .. ticket) then
  return {1}
end
if redis.call('ZSCORE', seen, 'left:' .. ticket) then return {-1} end
local gone = redis.call('ZRANGEBYSCORE', seen, '-inf', now)
for _, member in ipairs(gone) do
  if member ~= ticket then
    redis.call('ZREM', queue, member)
    redis.call('ZREM', seen, member)
  end
end

local announced = tonumber(redis.call('HGET', meta, 'limit'))
if announced ~= nil and announced < limit then limit = announced end
local holdUntil = tonumber(redis.call('HGET', meta, 'holdUntil')) or 0

if redis.call('ZSCORE', queue, ticket) == false then
  redis.call('ZADD', queue, redis.call('HINCRBY', meta, 'seq', 1), ticket)
end
local rank = redis.call('ZRANK', queue, ticket)
local used = redis.call('ZCARD', slots)
local free = limit - used

local function keep(extraMs)
  for _, key in ipairs({slots, queue, seen}) do redis.call('PEXPIRE', key, idleMs + extraMs) end
  redis.call('PEXPIRE', meta, idleMs + math.max(extraMs, holdUntil - now))
end

if now >= holdUntil and rank < free then
  redis.call('ZREM', queue, ticket)
  redis.call('ZREM', seen, ticket)
  redis.call('ZADD', slots, now + leaseMs, 'f:' .. ticket)
  keep(leaseMs)
  return {1}
end

local openings = {}
local held = redis.call('ZRANGE', slots, 0, -1, 'WITHSCORES')
for i = 1, #held, 2 do
  if string.sub(held[i], 1, 2) == 'f:' then
    table.insert(openings, now + windowMs)
  else
    table.insert(openings, math.max(now, tonumber(held[i + 1])))
  end
end
while #openings < limit do table.insert(openings, now) end
table.sort(openings)
local opening = openings[#openings - limit + (rank % limit) + 1] + math.floor(rank / limit) * windowMs
local waitMs = math.max(opening, holdUntil) - now

redis.call('ZADD', seen, now + math.min(waitMs, askWithinMs) + graceMs, ticket)
keep(leaseMs)
return {0, waitMs, rank + 1}
`);

/**
 * Reads one budget, changing nothing (`client.rateBudget()`): the `no-writes` flag has the server
 * refuse any write, so a read never takes a slot, joins the line or keeps a key alive. Counts
 * what `TAKE_SLOT` would count now: slots not yet freed, waiters that have not missed their ask.
 * Returns `{holdForMs, announcedLimit (0: none), waiting, ...}` then, per slot counting, its
 * milliseconds until it frees, or -1 for a slot in flight. KEYS: slots, seen, meta.
 */
export const READ_BUDGET = luaScript(`#!lua flags=no-writes
${NOW}
local slots, seen, meta = KEYS[1], KEYS[2], KEYS[3]
local after = '(' .. now
local holdUntil = tonumber(redis.call('HGET', meta, 'holdUntil')) or 0
local announced = tonumber(redis.call('HGET', meta, 'limit')) or 0
local out = {math.max(0, holdUntil - now), announced, redis.call('ZCOUNT', seen, after, '+inf')}
local held = redis.call('ZRANGEBYSCORE', slots, after, '+inf', 'WITHSCORES')
for i = 1, #held, 2 do
  if string.sub(held[i], 1, 2) == 'f:' then
    table.insert(out, -1)
  else
    table.insert(out, tonumber(held[i + 1]) - now)
  end
end
return out
`);

/**
 * A waiter gives up (its caller aborted, its wait ran out, or the store counted as failed). It
 * leaves the line, and a slot granted to it meanwhile is given back: nothing will be sent on it.
 * A mark in `seen` (`left:<ticket>`, for `keepMs`) refuses a request for a slot of the ticket that
 * Redis runs later. KEYS: queue, seen, slots. ARGV: ticket, keepMs.
 */
export const LEAVE_QUEUE = luaScript(`${NOW}
local queue, seen, slots = KEYS[1], KEYS[2], KEYS[3]
local ticket = ARGV[1]
local keepMs = tonumber(ARGV[2])
redis.call('ZREM', queue, ticket)
redis.call('ZREM', seen, ticket)
redis.call('ZREM', slots, 'f:' .. ticket)
redis.call('ZADD', seen, now + keepMs, 'left:' .. ticket)
if redis.call('PTTL', seen) < keepMs then redis.call('PEXPIRE', seen, keepMs) end
return 1
`);

/**
 * Settles a slot: it counts `countsForMs` from now. After a 429, holds the budget `holdMs` and
 * keeps a stricter `announcedLimit` (0: none). ARGV: ticket, countsForMs, holdMs (-1: none),
 * announcedLimit, idleMs.
 */
export const SETTLE_SLOT = luaScript(`${NOW}
local slots, meta = KEYS[1], KEYS[2]
local ticket = ARGV[1]
local countsForMs = tonumber(ARGV[2])
local holdMs = tonumber(ARGV[3])
local announced = tonumber(ARGV[4])
local idleMs = tonumber(ARGV[5])

-- Run twice: settled already, so the first run's window and hold stand.
if redis.call('ZSCORE', slots, 'f:' .. ticket) == false and redis.call('ZSCORE', slots, 's:' .. ticket) then
  return 1
end
redis.call('ZREM', slots, 'f:' .. ticket)
redis.call('ZADD', slots, now + countsForMs, 's:' .. ticket)
redis.call('PEXPIRE', slots, math.max(redis.call('PTTL', slots), countsForMs + idleMs))
local holdUntil = tonumber(redis.call('HGET', meta, 'holdUntil')) or 0
if holdMs >= 0 and now + holdMs > holdUntil then
  holdUntil = now + holdMs
  redis.call('HSET', meta, 'holdUntil', holdUntil)
end
if announced > 0 then
  local current = tonumber(redis.call('HGET', meta, 'limit'))
  if current == nil or announced < current then redis.call('HSET', meta, 'limit', announced) end
end
redis.call('PEXPIRE', meta, math.max(redis.call('PTTL', meta), idleMs + math.max(0, holdUntil - now)))
return 1
`);

/** Marks every key claimed by `owner` (a call id) for `ttlMs`. ARGV: ttlMs, owner. */
export const CLAIM_ALL = luaScript(`
for _, key in ipairs(KEYS) do redis.call('SET', key, ARGV[2], 'PX', ARGV[1]) end
return #KEYS
`);

/**
 * Claims for `owner` (a call id) the first key nobody holds; returns its 1-based index, or 0. A
 * key the owner already holds is its answer: the same owner's claim, run again after its answer
 * was lost, finds its own item rather than every item taken. ARGV: ttlMs, owner.
 */
export const CLAIM_FIRST_FREE = luaScript(`
for index, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[2] then return index end
end
for index, key in ipairs(KEYS) do
  if redis.call('SET', key, ARGV[2], 'NX', 'PX', ARGV[1]) then return index end
end
return 0
`);

/** Every script of the store: all are loaded together on each server (redis-commands.ts). */
export const ALL_SCRIPTS = [
  TAKE_SLOT,
  LEAVE_QUEUE,
  SETTLE_SLOT,
  READ_BUDGET,
  CLAIM_ALL,
  CLAIM_FIRST_FREE,
];
