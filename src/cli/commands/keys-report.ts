import type { Config } from '../../config/config.js';
import { billingPeriod } from '../../limits/billing-period.js';
import { readKeyUsage } from '../../limits/key-usage.js';
import { listApiKeys } from '../../storage/repositories/api-key.repository.js';
import { printJson } from '../json-output.js';
import { withStorage } from '../with-storage.js';
import { keyState, lookUpKey } from './key-lookup.js';

const out = (line: string) => process.stdout.write(`${line}\n`);

/** `keys list [--json]`: every key with its state; never its hash. */
export async function keysListCommand(
  config: Readonly<Config>,
  options: { json?: boolean },
): Promise<number> {
  return withStorage(config, async ({ db }) => {
    const rows = await listApiKeys(db);
    if (options.json) {
      printJson(
        rows.map((r) => ({
          id: r.id,
          name: r.name,
          prefix: r.prefix,
          environment: r.environment,
          plan: r.plan,
          state: keyState(r),
          subscription_active: Number(r.subscription_active) === 1,
          billing_anchor_day: r.billing_anchor_day === null ? null : Number(r.billing_anchor_day),
          created_at: r.created_at,
          expires_at: r.expires_at,
          revoked_at: r.revoked_at,
        })),
      );
      return 0;
    }
    if (rows.length === 0) out('no keys');
    for (const r of rows) {
      out(
        `${r.id}\t${r.prefix}…\t${r.environment}\t${r.plan}\t${keyState(r)}\t${r.name}\tcreated ${r.created_at}` +
          `${r.expires_at ? `\texpires ${r.expires_at}` : ''}`,
      );
    }
    return 0;
  });
}

/** `keys usage <key> [--json]`: this billing period's count, what remains of the quota, when it resets. */
export async function keysUsageCommand(
  config: Readonly<Config>,
  ref: string,
  options: { json?: boolean },
): Promise<number> {
  return withStorage(config, async (storage) => {
    const row = await lookUpKey(storage, ref);
    const plan = config.plans.find((p) => p.name === row.plan);
    const now = new Date();
    const period = billingPeriod(now, row.billing_anchor_day);
    const used = await readKeyUsage(config, storage.db, row.id, period.start);
    const limit = plan?.requestsPerPeriod;
    const remaining = limit === undefined ? undefined : Math.max(0, limit - used);
    const resetsIn = Math.ceil((period.end.getTime() - now.getTime()) / 1000);
    if (options.json) {
      printJson({
        key_id: row.id,
        plan: row.plan,
        plan_offered: plan !== undefined,
        state: keyState(row),
        period_start: period.start.toISOString(),
        period_end: period.end.toISOString(),
        used,
        limit: limit ?? null,
        remaining: remaining ?? null,
        resets_in_seconds: resetsIn,
      });
      return 0;
    }
    out(`key ${row.id} on plan ${row.plan}${plan ? '' : ' (no longer offered)'}, ${keyState(row)}`);
    out(`period ${period.start.toISOString()} to ${period.end.toISOString()}`);
    out(`used ${used}${limit === undefined ? '' : ` of ${limit}, remaining ${remaining}`}`);
    out(`resets in ${resetsIn} s (${period.end.toISOString()})`);
    return 0;
  });
}
