import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import {
  decision,
  WINDOW_MS,
  type LimitDecision,
  type LimitRequest,
  type LimitStore,
} from './limit-store.js';
import { FallbackAdmissions } from './fallback-admissions.js';
import type { MemoryLimitStore } from './memory-limit-store.js';
import type { UsageLedger } from './usage-ledger.js';

// One atomic step for every instance: seed the period's count from the database when Redis does not
// have it, drop window entries older than a minute, refuse on the quota, then on the rate, otherwise
// record the request in both; a window-only request (ARGV[7] = 1) is neither refused for the quota nor
// added to it. Returns {outcome, used, inWindow, oldest}; outcome -1 asks for a seed.
const CONSUME = `
local window, quota = KEYS[1], KEYS[2]
local now, rate, limit, seed, ttl = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local windowOnly = ARGV[7] == '1'
if redis.call('EXISTS', quota) == 0 then
  if seed < 0 then return {-1, 0, 0, 0} end
  redis.call('SET', quota, seed, 'EX', ttl)
end
local used = tonumber(redis.call('GET', quota))
redis.call('ZREMRANGEBYSCORE', window, '-inf', now - ${WINDOW_MS})
local inWindow = redis.call('ZCARD', window)
local oldest = redis.call('ZRANGE', window, 0, 0, 'WITHSCORES')[2] or now
if used >= limit and not windowOnly then return {1, used, inWindow, oldest} end
if inWindow >= rate then return {2, used, inWindow, oldest} end
redis.call('ZADD', window, now, ARGV[6])
redis.call('PEXPIRE', window, ${WINDOW_MS})
if not windowOnly then used = redis.call('INCR', quota) end
return {0, used, inWindow + 1, redis.call('ZRANGE', window, 0, 0, 'WITHSCORES')[2]}
`;

// Adds the requests a process admitted on its own while Redis was away: to the rate window (those of
// the last minute) and to each quota count Redis holds. A count Redis does not hold is seeded later from
// the database, whose ledger already has them.
// KEYS: window, quota counters...; ARGV: member prefix, now, one count per quota counter, then the times.
const RECONCILE = `
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

/** Redis key of a key's live quota count for one billing period. */
export function quotaCounterKey(keyId: string, periodStart: Date): string {
  return `touchline:quota:${keyId}:${periodStart.toISOString()}`;
}

const OUTCOMES = { 0: null, 1: 'quota', 2: 'rate' } as const;

/**
 * Counters shared through Redis, so a key's limits hold across every instance. Redis keeps the live
 * counts; the database keeps the durable quota (see UsageLedger). While Redis is unreachable, each
 * process falls back to its own counters (limits then hold per process) and returns to Redis by itself.
 *
 * The fallback is kept up to date with what Redis admits here (mirror), so an outage starts from this
 * process's last minute and the last quota count it saw, and what the fallback admits is added to Redis
 * when it answers again (reconcile): however often the connection flaps, a process admits no more than
 * a key's limits.
 */
export class RedisLimitStore implements LimitStore {
  private readonly admittedOnFallback = new FallbackAdmissions();

  constructor(
    private readonly redis: Redis,
    private readonly ledger: UsageLedger,
    private readonly fallback: MemoryLimitStore,
  ) {
    redis.defineCommand('touchlineConsume', { numberOfKeys: 2, lua: CONSUME });
    redis.defineCommand('touchlineReconcile', { lua: RECONCILE });
  }

  private keys(keyId: string, periodStart: Date): [string, string] {
    return [`touchline:rate:${keyId}`, quotaCounterKey(keyId, periodStart)];
  }

  private async run(request: LimitRequest, seed: number): Promise<number[]> {
    const { keyId, plan, period, now } = request;
    const ttl = Math.ceil((period.end.getTime() - now) / 1000) + 86_400;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return (this.redis as any).touchlineConsume(
      ...this.keys(keyId, period.start),
      now,
      plan.requestsPerMinute,
      plan.requestsPerPeriod,
      seed,
      ttl,
      `${now}-${randomUUID()}`,
      request.windowOnly ? 1 : 0,
    );
  }

  /** Adds to Redis what the fallback admitted for this key; on failure keeps it for the next attempt. */
  private async reconcile(keyId: string, now: number): Promise<void> {
    const admissions = this.admittedOnFallback.take(keyId);
    if (!admissions) return;
    const counters = [...admissions.quota.keys()];
    try {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      await (this.redis as any).touchlineReconcile(
        1 + counters.length,
        `touchline:rate:${keyId}`,
        ...counters,
        `${now}-${randomUUID()}-`,
        now,
        ...counters.map((counter) => admissions.quota.get(counter)),
        ...admissions.times,
      );
    } catch (error) {
      this.admittedOnFallback.restore(keyId, admissions);
      throw error;
    }
  }

  async consume(request: LimitRequest): Promise<LimitDecision> {
    let result: number[];
    try {
      if (this.admittedOnFallback.has(request.keyId)) await this.reconcile(request.keyId, request.now);
      result = await this.run(request, -1);
      if (result[0] === -1) {
        const seed =
          (await this.ledger.persisted(request.keyId, request.period.start)) +
          this.ledger.unflushed(request.keyId, request.period.start);
        result = await this.run(request, seed);
      }
    } catch {
      return this.consumeOnFallback(request);
    }
    const [outcome, used, inWindow, oldest] = result.map(Number) as [0 | 1 | 2, number, number, number];
    const exceeded = OUTCOMES[outcome];
    if (exceeded === null) {
      if (!request.windowOnly) this.ledger.record(request.keyId, request.period.start);
      this.fallback.mirror(request, used);
    }
    return decision(request, { exceeded, used, inWindow, oldestInWindow: oldest });
  }

  private async consumeOnFallback(request: LimitRequest): Promise<LimitDecision> {
    const decided = await this.fallback.consume(request);
    if (decided.allowed) {
      const counter = request.windowOnly ? null : quotaCounterKey(request.keyId, request.period.start);
      this.admittedOnFallback.record(request.keyId, counter, request.now);
    }
    return decided;
  }

  async usage(keyId: string, periodStart: Date): Promise<number> {
    const live = await this.redis.get(this.keys(keyId, periodStart)[1]).catch(() => null);
    if (live !== null) return Number(live);
    return (await this.ledger.persisted(keyId, periodStart)) + this.ledger.unflushed(keyId, periodStart);
  }

  async close(): Promise<void> {
    await this.ledger.close();
  }
}
