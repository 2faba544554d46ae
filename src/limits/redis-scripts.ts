// The Lua scripts RedisLimitStore runs, each one atomic step for every instance sharing Redis, and the
// names of the keys they work on. A key's rate window is a sorted set with one member per admitted or
// reserved request, scored by when it was admitted (reserved ones: when last reserved); its quota is one
// counter per billing period; its leases are a hash of what each holder still has unused, and a short-
// lived recall flag asks holders to give their unused requests back.
import { WINDOW_MS } from './limit-store.js';

/**
 * A holder whose last report is older than this no longer counts as holding anything (it died, or lost
 * Redis): a refusal does not wait on it. Several report periods, so that a slow report is not taken
 * for a dead holder.
 */
export const LEASE_STALE_MS = 5000;
/** How long a recall stays up, no lease of the key granted meanwhile: while holders give theirs back. */
export const RECALL_MS = 1000;
/** Where refusals that leased requests may cause are published: the key's ID, for holders to end theirs. */
export const RECALL_CHANNEL = 'touchline:limits:recall';

/** The Redis keys of one key's counters: rate window, quota of the period, leases held, recall flag. */
export function limitKeys(keyId: string, periodStart: Date): [string, string, string, string] {
  return [
    `touchline:rate:${keyId}`,
    quotaCounterKey(keyId, periodStart),
    `touchline:leases:${keyId}`,
    `touchline:recall:${keyId}`,
  ];
}

/** Redis key of a key's live quota count for one billing period. */
export function quotaCounterKey(keyId: string, periodStart: Date): string {
  return `touchline:quota:${keyId}:${periodStart.toISOString()}`;
}

// Unused requests the live holders of a key's leases have (fields `prefix` -> `unused@reportedAt`);
// stale fields are dropped on the way.
const HELD = `
local function held(leases, now)
  local sum, entries = 0, redis.call('HGETALL', leases)
  for i = 1, #entries, 2 do
    local unused, at = string.match(entries[i + 1], '^(%d+)@(%d+)$')
    if at == nil or tonumber(at) < now - ${LEASE_STALE_MS} then redis.call('HDEL', leases, entries[i])
    else sum = sum + tonumber(unused) end
  end
  return sum
end
`;

/**
 * Decides one request: seeds the period's count from the database when Redis does not have it, drops
 * window entries older than a minute, refuses on the quota, then on the rate, otherwise records the
 * request in both; a window-only request (ARGV[7] = 1) is neither refused for the quota nor added to it.
 *
 * With room to spare (and no recall up), an admitted request may also lease its holder a block of
 * requests (ARGV[8] names the lease, ARGV[9..11] the size asked for, the share of the room it may take
 * at most and its smallest size): they are added to the window and the quota as if admitted now, and the holder
 * admits them by itself (see RedisLeases). A refusal while holders have leased requests unused raises
 * the recall flag and publishes the key's ID (ARGV[12]) on RECALL_CHANNEL, so that they give them back,
 * and says how many there were.
 *
 * KEYS: window, quota, leases, recall. Returns {outcome, used, inWindow, oldest, leased or held};
 * outcome 0 admitted, 1 quota, 2 rate, -1 asks for a seed.
 */
export const CONSUME = `${HELD}
local window, quota, leases, recall = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local now, rate, limit, seed, ttl = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local windowOnly = ARGV[7] == '1'
if redis.call('EXISTS', quota) == 0 then
  if seed < 0 then return {-1, 0, 0, 0, 0} end
  redis.call('SET', quota, seed, 'EX', ttl)
end
local used = tonumber(redis.call('GET', quota))
redis.call('ZREMRANGEBYSCORE', window, '-inf', now - ${WINDOW_MS})
local inWindow = redis.call('ZCARD', window)
local oldest = redis.call('ZRANGE', window, 0, 0, 'WITHSCORES')[2] or now
local outcome = 0
if used >= limit and not windowOnly then outcome = 1 elseif inWindow >= rate then outcome = 2 end
if outcome > 0 then
  local unused = held(leases, now)
  if unused > 0 then
    redis.call('SET', recall, 1, 'PX', ${RECALL_MS})
    redis.call('PUBLISH', '${RECALL_CHANNEL}', ARGV[12])
  end
  return {outcome, used, inWindow, oldest, unused}
end
redis.call('ZADD', window, now, ARGV[6])
if not windowOnly then used = redis.call('INCR', quota) end
inWindow = inWindow + 1
local leased, prefix = 0, ARGV[8]
if prefix ~= '' and not windowOnly and redis.call('EXISTS', recall) == 0 then
  local room = math.min(rate - inWindow, limit - used)
  leased = math.min(tonumber(ARGV[9]), math.floor(room / tonumber(ARGV[10])))
  if leased < tonumber(ARGV[11]) then leased = 0 end
  if leased > 0 then
    for i = 1, leased do redis.call('ZADD', window, now, prefix .. i) end
    redis.call('INCRBY', quota, leased)
    redis.call('HSET', leases, prefix, leased .. '@' .. now)
    redis.call('PEXPIRE', leases, ${WINDOW_MS})
  end
end
redis.call('PEXPIRE', window, ${WINDOW_MS})
return {0, used, inWindow, redis.call('ZRANGE', window, 0, 0, 'WITHSCORES')[2], leased}
`;

/**
 * What one lease admitted since its last report: each request's member of the window is scored by when
 * it was really admitted (ARGV[8..]: runs `ms, count, …` for members ARGV[3] onwards). A lease that goes
 * on tells how many it has unused, and re-reserves those at `now` when asked (ARGV[7] = 1), so they do
 * not age out of the window while held; a lease that ends (ARGV[6] = 1) gives them back to the window
 * and the quota. ARGV[4] is the first unused member, ARGV[5] the lease's size.
 *
 * KEYS: window, quota, leases, recall. Returns {inWindow, used (or -1), recall up (1 or 0)}.
 */
export const REPORT = `
local window, quota, leases, recall = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local now, prefix = tonumber(ARGV[1]), ARGV[2]
local member, unusedFrom, size = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
for i = 8, #ARGV, 2 do
  local at = tonumber(ARGV[i])
  for _ = 1, tonumber(ARGV[i + 1]) do
    redis.call('ZADD', window, at, prefix .. member)
    member = member + 1
  end
end
local unused = size - unusedFrom + 1
if ARGV[6] == '1' then
  for i = unusedFrom, size do redis.call('ZREM', window, prefix .. i) end
  if unused > 0 and redis.call('EXISTS', quota) == 1 then redis.call('DECRBY', quota, unused) end
  redis.call('HDEL', leases, prefix)
else
  if ARGV[7] == '1' then
    for i = unusedFrom, size do redis.call('ZADD', window, now, prefix .. i) end
  end
  redis.call('HSET', leases, prefix, unused .. '@' .. now)
  redis.call('PEXPIRE', leases, ${WINDOW_MS})
end
redis.call('ZREMRANGEBYSCORE', window, '-inf', now - ${WINDOW_MS})
if redis.call('EXISTS', window) == 1 then redis.call('PEXPIRE', window, ${WINDOW_MS}) end
return {redis.call('ZCARD', window), tonumber(redis.call('GET', quota) or -1), redis.call('EXISTS', recall)}
`;

/**
 * Unused requests the live holders of a key's leases have, for a usage figure that leaves them out.
 * KEYS: leases; ARGV: now.
 */
export const HELD_UNUSED = `${HELD}
return held(KEYS[1], tonumber(ARGV[1]))
`;

/**
 * Adds the requests a process admitted on its own while Redis was away: to the rate window (those of
 * the last minute) and to each quota count Redis holds. A count Redis does not hold is seeded later from
 * the database, whose ledger already has them.
 * KEYS: window, quota counters...; ARGV: member prefix, now, one count per quota counter, then the times.
 */
export const RECONCILE = `
local prefix, now = ARGV[1], tonumber(ARGV[2])
local counters = #KEYS - 1
for i = 1, counters do
  if redis.call('EXISTS', KEYS[i + 1]) == 1 then redis.call('INCRBY', KEYS[i + 1], ARGV[i + 2]) end
end
for i = counters + 3, #ARGV do
  local at = tonumber(ARGV[i])
  if at > now - ${WINDOW_MS} then redis.call('ZADD', KEYS[1], at, prefix .. i) end
end
redis.call('PEXPIRE', KEYS[1], ${WINDOW_MS})
return 0
`;
