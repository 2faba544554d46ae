import { parseArgs } from 'node:util';
import type { Config } from '../../config/config.js';
import { issueApiKey } from '../../auth/api-keys.js';
import { insertApiKey, listApiKeys, updateApiKey } from '../../storage/repositories/api-key.repository.js';
import { UsageError } from '../commands.js';
import { withStorage } from '../with-storage.js';

function keyState(row: {
  revoked_at: string | null;
  expires_at: string | null;
  subscription_active: number;
}): string {
  if (row.revoked_at) return 'revoked';
  if (row.expires_at && Date.parse(row.expires_at) <= Date.now()) return 'expired';
  return row.subscription_active === 1 ? 'active' : 'subscription-inactive';
}

export async function keysCommand(argv: string[], config: Readonly<Config>): Promise<number> {
  const [action, ...rest] = argv;
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { name: { type: 'string' }, 'expires-in-days': { type: 'string' } },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  return withStorage(config, async ({ db }) => {
    switch (action) {
      case 'create': {
        const days = parsed.values['expires-in-days'];
        if (days !== undefined && !/^\d+$/.test(days))
          throw new UsageError('--expires-in-days must be a whole number');
        const issued = issueApiKey(
          config.env,
          parsed.values.name ?? 'unnamed',
          new Date(),
          days ? Number(days) : undefined,
        );
        await insertApiKey(db, issued.row);
        process.stdout.write(`${issued.key}\n`);
        process.stderr.write(`keys: created ${issued.row.id}; the key is shown only this once\n`);
        return 0;
      }
      case 'list': {
        const rows = await listApiKeys(db);
        if (rows.length === 0) process.stdout.write('no keys\n');
        for (const r of rows) {
          process.stdout.write(
            `${r.id}\t${r.prefix}…\t${r.environment}\t${keyState(r)}\t${r.name}\tcreated ${r.created_at}` +
              `${r.expires_at ? `\texpires ${r.expires_at}` : ''}\n`,
          );
        }
        return 0;
      }
      case 'revoke':
      case 'deactivate':
      case 'activate': {
        const [id] = parsed.positionals;
        if (!id) throw new UsageError(`keys ${action} needs a key id (see keys list)`);
        const changes =
          action === 'revoke'
            ? { revoked_at: new Date().toISOString() }
            : { subscription_active: action === 'activate' ? 1 : 0 };
        if (!(await updateApiKey(db, id, changes))) {
          process.stderr.write(`keys: no key with id ${id}\n`);
          return 1;
        }
        process.stdout.write(`keys: ${id} ${action === 'revoke' ? 'revoked' : `subscription ${action}d`}\n`);
        return 0;
      }
      default:
        throw new UsageError('keys needs an action: create, list, revoke, deactivate, activate');
    }
  });
}
