import type { Config } from '../../config/config.js';
import { DEFAULT_PLAN, DEVELOPMENT_PLAN } from '../../config/plans.js';
import { hashApiKey, issueApiKey } from '../../auth/api-keys.js';
import { billingPeriod } from '../../limits/billing-period.js';
import { readKeyUsage } from '../../limits/key-usage.js';
import {
  findApiKey,
  findApiKeyByHash,
  insertApiKey,
  listApiKeys,
  updateApiKey,
  type ApiKeyRow,
} from '../../storage/repositories/api-key.repository.js';
import type { Storage } from '../../storage/connection.js';
import { parseCommandArgs } from '../command-args.js';
import { UsageError } from '../usage-error.js';
import { withStorage } from '../with-storage.js';

const out = (line: string) => process.stdout.write(`${line}\n`);

function keyState(row: ApiKeyRow): string {
  if (row.revoked_at) return 'revoked';
  if (row.expires_at && Date.parse(row.expires_at) <= Date.now()) return 'expired';
  return row.subscription_active === 1 ? 'active' : 'subscription-inactive';
}

function wholeNumber(raw: string | undefined, flag: string, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}`);
  }
  return Number(raw);
}

/** A key is named by its id (`key_…`) or by the key itself. */
async function lookUp(storage: Storage, ref: string | undefined, action: string): Promise<ApiKeyRow> {
  if (!ref) throw new UsageError(`keys ${action} needs a key id (see keys list) or the key`);
  const row = ref.startsWith('key_')
    ? await findApiKey(storage.db, ref)
    : await findApiKeyByHash(storage, hashApiKey(ref));
  if (!row) throw new Error(`no key ${ref.startsWith('key_') ? `with id ${ref}` : 'matches the given key'}`);
  return row;
}

export async function keysCommand(argv: string[], config: Readonly<Config>): Promise<number> {
  const [action, ...rest] = argv;
  const parsed = parseCommandArgs({
    args: rest,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      plan: { type: 'string' },
      'expires-in-days': { type: 'string' },
      'billing-anchor-day': { type: 'string' },
    },
  });
  const { values, positionals } = parsed;
  return withStorage(config, async (storage) => {
    const { db } = storage;
    switch (action) {
      case 'create': {
        // Without --plan, the key gets the environment's default plan, which a plans file may not offer.
        const plan = values.plan ?? (config.env === 'development' ? DEVELOPMENT_PLAN : DEFAULT_PLAN);
        if (!config.plans.some((p) => p.name === plan)) {
          throw new UsageError(
            values.plan === undefined
              ? `the default plan "${plan}" is not offered: choose one with --plan (see touchline plans list)`
              : `unknown plan "${plan}" (see touchline plans list)`,
          );
        }
        const issued = issueApiKey(
          config.env,
          values.name ?? 'unnamed',
          new Date(),
          wholeNumber(values['expires-in-days'], '--expires-in-days', 1, 36_500),
          {
            plan,
            billingAnchorDay: wholeNumber(values['billing-anchor-day'], '--billing-anchor-day', 1, 28),
          },
        );
        await insertApiKey(db, issued.row);
        out(issued.key);
        process.stderr.write(
          `keys: created ${issued.row.id} on plan ${issued.row.plan}; the key is shown only this once\n`,
        );
        return 0;
      }
      case 'list': {
        const rows = await listApiKeys(db);
        if (rows.length === 0) out('no keys');
        for (const r of rows) {
          out(
            `${r.id}\t${r.prefix}…\t${r.environment}\t${r.plan}\t${keyState(r)}\t${r.name}\tcreated ${r.created_at}` +
              `${r.expires_at ? `\texpires ${r.expires_at}` : ''}`,
          );
        }
        return 0;
      }
      case 'usage': {
        const row = await lookUp(storage, positionals[0], action);
        const plan = config.plans.find((p) => p.name === row.plan);
        const period = billingPeriod(new Date(), row.billing_anchor_day);
        const used = await readKeyUsage(config, db, row.id, period.start);
        const limit = plan?.requestsPerPeriod;
        out(`key ${row.id} on plan ${row.plan}${plan ? '' : ' (no longer offered)'}, ${keyState(row)}`);
        out(`period ${period.start.toISOString()} to ${period.end.toISOString()}`);
        out(
          `used ${used}${limit === undefined ? '' : ` of ${limit}, remaining ${Math.max(0, limit - used)}`}`,
        );
        out(
          `resets in ${Math.ceil((period.end.getTime() - Date.now()) / 1000)} s (${period.end.toISOString()})`,
        );
        return 0;
      }
      case 'revoke':
      case 'deactivate':
      case 'activate': {
        const row = await lookUp(storage, positionals[0], action);
        const changes =
          action === 'revoke'
            ? { revoked_at: new Date().toISOString() }
            : { subscription_active: action === 'activate' ? 1 : 0 };
        await updateApiKey(db, row.id, changes);
        out(`keys: ${row.id} ${action === 'revoke' ? 'revoked' : `subscription ${action}d`}`);
        return 0;
      }
      default:
        throw new UsageError('keys needs an action: create, list, usage, revoke, deactivate, activate');
    }
  });
}
