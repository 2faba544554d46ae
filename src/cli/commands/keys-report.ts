import type { Config } from '../../config/config.js';
import { listApiKeys } from '../../storage/repositories/api-key.repository.js';
import { printJson } from '../json-output.js';
import { printListing } from '../table-output.js';
import { withStorage } from '../with-storage.js';
import { keyState, lookUpKey } from './key-lookup.js';
import { periodUsages, type PeriodUsage } from '../../limits/key-usage.js';

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
    printListing({
      headers: [
        'id',
        'prefix',
        'environment',
        'plan',
        'state',
        'used',
        'limit',
        'remaining',
        'name',
        'created',
        'expires',
        'rotated',
      ],
      rows: rows.map((r, i) => {
        const usage = usages[i]!;
        return [
          r.id,
          `${r.prefix}…`,
          r.environment,
          r.plan,
          keyState(r),
          String(usage.used),
          usage.limit === undefined ? '-' : String(usage.limit),
          usage.remaining === undefined ? '-' : String(usage.remaining),
          r.name,
          r.created_at,
          r.expires_at ?? '-',
          r.rotated_at ?? '-',
        ];
      }),
      // The plan stays the fourth field: scripts cut it out.
      plain: rows.map(
        (r, i) =>
          `${r.id}\t${r.prefix}…\t${r.environment}\t${r.plan}\t${keyState(r)}\t${usedText(usages[i]!)}\t${r.name}` +
          `\tcreated ${r.created_at}${r.expires_at ? `\texpires ${r.expires_at}` : ''}` +
          `${r.rotated_at ? `\trotated ${r.rotated_at}` : ''}`,
      ),
      empty: 'no keys',
    });
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
    const lines = [
      `key ${row.id} on plan ${row.plan}${plan ? '' : ' (no longer offered)'}, ${keyState(row)}`,
      `period ${period.start.toISOString()} to ${period.end.toISOString()}`,
      usedText(usage!),
      `resets in ${resetsIn} s (${period.end.toISOString()})`,
    ];
    printListing({
      headers: [
        'key',
        'plan',
        'state',
        'period start',
        'period end',
        'used',
        'limit',
        'remaining',
        'resets in',
      ],
      rows: [
        [
          row.id,
          `${row.plan}${plan ? '' : ' (no longer offered)'}`,
          keyState(row),
          period.start.toISOString(),
          period.end.toISOString(),
          String(used),
          limit === undefined ? '-' : String(limit),
          remaining === undefined ? '-' : String(remaining),
          `${resetsIn} s`,
        ],
      ],
      plain: lines,
    });
    return 0;
  });
}
