import type { Config } from '../../config/config.js';
import { listApiKeys } from '../../storage/repositories/api-key.repository.js';
import { printJson } from '../json-output.js';
import { withStorage } from '../with-storage.js';
import { keyState, lookUpKey } from './key-lookup.js';
import { periodUsages, type PeriodUsage } from '../../limits/key-usage.js';

const out = (line: string) => process.stdout.write(`${line}\n`);

/** `used 12 of 3000, remaining 2988` (or `used 12` when the plan is no longer offered). */
function usedText(usage: PeriodUsage): string {
  return `used ${usage.used}${usage.limit === undefined ? '' : ` of ${usage.limit}, remaining ${usage.remaining}`}`;
}

/** `keys list [--json]`: every key with its state and this period's use; never a secret or its hash. */
export async function keysListCommand(
  config: Readonly<Config>,
  options: { json?: boolean },
): Promise<number> {
  return withStorage(config, async ({ db }) => {
    const rows = await listApiKeys(db);
    const usages = await periodUsages(config, db, rows, new Date());
    if (options.json) {
      printJson(
        rows.map((r, i) => ({
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
          rotated_at: r.rotated_at,
          previous_key_expires_at: r.previous_key_expires_at,
          period_start: usages[i]!.period.start.toISOString(),
          period_end: usages[i]!.period.end.toISOString(),
          used: usages[i]!.used,
          limit: usages[i]!.limit ?? null,
          remaining: usages[i]!.remaining ?? null,
        })),
      );
      return 0;
    }
    if (rows.length === 0) out('no keys');
    for (const [i, r] of rows.entries()) {
      // The plan stays the fourth field: scripts cut it out.
      out(
        `${r.id}\t${r.prefix}…\t${r.environment}\t${r.plan}\t${keyState(r)}\t${usedText(usages[i]!)}\t${r.name}` +
          `\tcreated ${r.created_at}${r.expires_at ? `\texpires ${r.expires_at}` : ''}` +
          `${r.rotated_at ? `\trotated ${r.rotated_at}` : ''}`,
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
    const now = new Date();
    const [usage] = await periodUsages(config, storage.db, [row], now);
    const { plan, period, used, limit, remaining } = usage!;
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
    out(usedText(usage!));
    out(`resets in ${resetsIn} s (${period.end.toISOString()})`);
    return 0;
  });
}
