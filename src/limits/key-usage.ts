import type { Kysely } from 'kysely';
import { openRedis, redisReady } from '../cache/redis-response-cache.js';
import type { Config } from '../config/config.js';
import type { Plan } from '../config/plans.js';
import { billingPeriod, type BillingPeriod } from './billing-period.js';
import { HELD_UNUSED, limitKeys } from './redis-scripts.js';
import type { ApiKeyRow } from '../storage/repositories/api-key.repository.js';
import { readUsage } from '../storage/repositories/key-usage.repository.js';
import type { Database } from '../storage/schema.js';

/** A key's use of its current billing period, as `keys usage` and `keys list` report it. */
export interface PeriodUsage {
  /** Its plan; undefined when the plan is no longer offered (TOUCHLINE_PLANS_FILE). */
  plan: Plan | undefined;
  period: BillingPeriod;
  used: number;
  /** The plan's requests per period, and what is left of them; undefined without a plan. */
  limit: number | undefined;
  remaining: number | undefined;
}

/**
 * The current period's use of each key, in order, as the servers count it: Redis's live counter when
 * Redis is configured and holds one, else the database's (which trails the servers by at most one
 * second of counts). One Redis connection for all the keys, so that a listing with Redis away waits once,
 * not once per key.
 */
export async function periodUsages(
  config: Readonly<Config>,
  db: Kysely<Database>,
  rows: readonly ApiKeyRow[],
  now: Date,
): Promise<PeriodUsage[]> {
  const periods = rows.map((row) => billingPeriod(now, row.billing_anchor_day));
  const live = await liveCounts(
    config,
    rows.map((row, i) => limitKeys(row.id, periods[i]!.start)),
    now.getTime(),
  );
  const usages: PeriodUsage[] = [];
  for (const [i, row] of rows.entries()) {
    const period = periods[i]!;
    const counted = live[i];
    const used =
      counted === null || counted === undefined
        ? await readUsage(db, row.id, period.start.toISOString())
        : counted;
    const plan = config.plans.find((p) => p.name === row.plan);
    const limit = plan?.requestsPerPeriod;
    const remaining = limit === undefined ? undefined : Math.max(0, limit - used);
    usages.push({ plan, period, used, limit, remaining });
  }
  return usages;
}

/**
 * Redis's counts of each key's period (the quota counter less the requests servers hold leased and
 * unused), null where it holds none; none at all without Redis or while it is away.
 */
async function liveCounts(
  config: Readonly<Config>,
  keys: ReadonlyArray<readonly [string, string, string, string]>,
  now: number,
): Promise<Array<number | null>> {
  if (!config.redisUrl || keys.length === 0) return [];
  const redis = openRedis(config.redisUrl, () => undefined);
  try {
    if (!(await redisReady(redis, 1000))) return [];
    const pipeline = redis.pipeline();
    for (const [, counter, leases] of keys) pipeline.get(counter).eval(HELD_UNUSED, 1, leases, now);
    const replies = await pipeline.exec().catch(() => null);
    if (!replies) return [];
    return keys.map((_, i) => {
      const [counterError, counter] = replies[2 * i]!;
      const [, unused] = replies[2 * i + 1]!;
      if (counterError || counter === null) return null;
      return Number(counter) - Number(unused ?? 0);
    });
  } finally {
    redis.disconnect();
  }
}
