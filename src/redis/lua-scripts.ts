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
 */

import { luaScript } from "./redis-commands.js";

const NOW = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
`;

/**
 * Takes a slot for `ticket` if the window has room, no hold is in force and no earlier waiter is
 * ahead. Returns `{1}` when granted, else `{0, waitMs, position}`, where `waitMs` is a lower bound
 * on the wait, by the rule of `knownWaitMs` in core/pacing/wait-bound.ts: room opens now, a
 * settled slot when it frees, a slot in flight no sooner than a window from now, each reuse of a
 * slot a window later, and a 429 hold delays everything until it ends.
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
 * A waiter gives up (its caller aborted, its wait ran out, or the store counted as failed). It
 * leaves the line, and a slot granted to it meanwhile is given back: nothing will be sent on it.
 * KEYS: queue, seen, slots. ARGV: ticket.
 */
export const LEAVE_QUEUE = luaScript(`
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], 'f:' .. ARGV[1])
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

/** Marks every key claimed for `ttlMs`. ARGV: ttlMs. */
export const CLAIM_ALL = luaScript(`
for _, key in ipairs(KEYS) do redis.call('SET', key, '1', 'PX', ARGV[1]) end
return #KEYS
`);

/** Claims the first key nobody holds; returns its 1-based index, or 0. ARGV: ttlMs. */
export const CLAIM_FIRST_FREE = luaScript(`
for index, key in ipairs(KEYS) do
  if redis.call('SET', key, '1', 'NX', 'PX', ARGV[1]) then return index end
end
return 0
`);
