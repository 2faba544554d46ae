import type { Config } from '../../config/config.js';
import { DEFAULT_PLAN, DEVELOPMENT_PLAN } from '../../config/plans.js';
import { issueApiKey } from '../../auth/api-keys.js';
import { insertApiKey, updateApiKey } from '../../storage/repositories/api-key.repository.js';
import { UsageError } from '../usage-error.js';
import { withStorage } from '../with-storage.js';
import { printJson } from '../json-output.js';
import { keyState, lookUpKey } from './key-lookup.js';

export interface CreateOptions {
  name?: string;
  plan?: string;
  expiresInDays?: number;
  billingAnchorDay?: number;
  json?: boolean;
}

/** `keys create`: the key on stdout, alone, for scripts; what was made on stderr. */
export async function keysCreateCommand(config: Readonly<Config>, options: CreateOptions): Promise<number> {
  return withStorage(config, async ({ db }) => {
    // Without --plan, the key gets the environment's default plan, which a plans file may not offer.
    const plan = options.plan ?? (config.env === 'development' ? DEVELOPMENT_PLAN : DEFAULT_PLAN);
    if (!config.plans.some((p) => p.name === plan)) {
      throw new UsageError(
        options.plan === undefined
          ? `the default plan "${plan}" is not offered: choose one with --plan (see touchline plans list)`
          : `unknown plan "${plan}" (see touchline plans list)`,
      );
    }
    const issued = issueApiKey(config.env, options.name ?? 'unnamed', new Date(), options.expiresInDays, {
      plan,
      billingAnchorDay: options.billingAnchorDay,
    });
    await insertApiKey(db, issued.row);
    if (options.json) {
      // The secret too: this is the one time it is shown, and a script asking for JSON wants it.
      printJson({
        key: issued.key,
        id: issued.row.id,
        name: issued.row.name,
        prefix: issued.row.prefix,
        environment: issued.row.environment,
        plan: issued.row.plan,
        billing_anchor_day: issued.row.billing_anchor_day ?? null,
        created_at: issued.row.created_at,
        expires_at: issued.row.expires_at ?? null,
      });
      return 0;
    }
    process.stdout.write(`${issued.key}\n`);
    process.stderr.write(
      `keys: created ${issued.row.id} on plan ${issued.row.plan}; the key is shown only this once\n`,
    );
    return 0;
  });
}

export type KeyChange = 'revoke' | 'deactivate' | 'activate';

/** `keys revoke`, `keys deactivate`, `keys activate`. */
export async function keysChangeCommand(
  config: Readonly<Config>,
  change: KeyChange,
  ref: string,
  options: { json?: boolean } = {},
): Promise<number> {
  return withStorage(config, async (storage) => {
    const row = await lookUpKey(storage, ref);
    const changes =
      change === 'revoke'
        ? { revoked_at: new Date().toISOString() }
        : { subscription_active: change === 'activate' ? 1 : 0 };
    await updateApiKey(storage.db, row.id, changes);
    if (options.json) {
      const after = { ...row, ...changes };
      printJson({
        id: row.id,
        change,
        state: keyState(after),
        subscription_active: Number(after.subscription_active) === 1,
        revoked_at: after.revoked_at,
      });
      return 0;
    }
    process.stdout.write(`keys: ${row.id} ${change === 'revoke' ? 'revoked' : `subscription ${change}d`}\n`);
    return 0;
  });
}
