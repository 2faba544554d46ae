import { rotateSecret } from '../../auth/api-keys.js';
import { KEY_TRUST_MS } from '../../auth/key-directory.js';
import type { Config } from '../../config/config.js';
import { replaceApiKeySecret, updateApiKey } from '../../storage/repositories/api-key.repository.js';
import { printJson } from '../json-output.js';
import { UsageError } from '../usage-error.js';
import { withStorage } from '../with-storage.js';
import { keyState, lookUpKey } from './key-lookup.js';

// Running servers read a key again once they have trusted it for KEY_TRUST_MS (src/auth/key-directory.ts):
// that is how every change made here reaches them, on either engine, without a restart.
const applied = `running servers apply it within ${KEY_TRUST_MS} ms`;

/** `keys set-plan <key> <plan>`: the key keeps its counts; the new plan's limits apply to them. */
export async function keysSetPlanCommand(
  config: Readonly<Config>,
  ref: string,
  plan: string,
  options: { json?: boolean } = {},
): Promise<number> {
  // Before the database is opened: an unknown plan is a usage error (exit 2), as with keys create.
  if (!config.plans.some((p) => p.name === plan)) {
    throw new UsageError(`unknown plan "${plan}" (see touchline plans list)`);
  }
  return withStorage(config, async (storage) => {
    const row = await lookUpKey(storage, ref);
    const unchanged = row.plan === plan;
    if (!unchanged) await updateApiKey(storage.db, row.id, { plan });
    if (options.json) {
      printJson({ id: row.id, previous_plan: row.plan, plan, changed: !unchanged });
      return 0;
    }
    if (unchanged) {
      process.stdout.write(`keys: ${row.id} is already on plan ${plan}\n`);
      return 0;
    }
    process.stdout.write(`keys: ${row.id} moved from plan ${row.plan} to ${plan}; ${applied}\n`);
    return 0;
  });
}

/** `keys rename <key> <name>`. */
export async function keysRenameCommand(
  config: Readonly<Config>,
  ref: string,
  name: string,
  options: { json?: boolean } = {},
): Promise<number> {
  return withStorage(config, async (storage) => {
    const row = await lookUpKey(storage, ref);
    await updateApiKey(storage.db, row.id, { name });
    if (options.json) {
      printJson({ id: row.id, previous_name: row.name, name });
      return 0;
    }
    process.stdout.write(`keys: ${row.id} renamed from "${row.name}" to "${name}"\n`);
    return 0;
  });
}

/**
 * `keys rotate <key> [--grace <duration>]`: the new secret alone on stdout, as `keys create` prints a key,
 * and what happens to the old one on stderr.
 */
export async function keysRotateCommand(
  config: Readonly<Config>,
  ref: string,
  options: { grace: number; json?: boolean },
): Promise<number> {
  return withStorage(config, async (storage) => {
    const row = await lookUpKey(storage, ref);
    const state = keyState(row);
    // A new secret for either would be refused as the old one is: say so rather than print a useless key.
    if (state === 'revoked') {
      throw new Error(`${row.id} is revoked, so it cannot be rotated; create a new key (keys create)`);
    }
    if (state === 'expired') {
      throw new Error(`${row.id} expired at ${row.expires_at}, so it cannot be rotated; create a new key`);
    }
    const now = new Date();
    const { key, change } = rotateSecret(row, now, options.grace);
    if (!(await replaceApiKeySecret(storage.db, row.id, row.key_hash, change))) {
      throw new Error(`${row.id} was rotated or revoked by another command meanwhile; nothing was changed`);
    }
    const until = change.previous_key_expires_at!;
    const dropped = row.previous_key_expires_at;
    const droppedEarly = Boolean(row.previous_key_hash && dropped && Date.parse(dropped) > now.getTime());
    if (options.json) {
      printJson({
        key,
        id: row.id,
        rotated_at: change.rotated_at,
        previous_key_expires_at: until,
        earlier_previous_key_dropped: droppedEarly,
      });
      return 0;
    }
    process.stdout.write(`${key}\n`);
    process.stderr.write(
      `keys: rotated ${row.id}; the new key is shown only this once and works at once. ` +
        (options.grace === 0
          ? `The previous key is refused (as revoked); ${applied}\n`
          : `The previous key works until ${until}, then is refused as revoked\n`),
    );
    if (droppedEarly) {
      process.stderr.write(
        `keys: the key replaced by the rotation before, valid until ${dropped}, is no longer accepted\n`,
      );
    }
    return 0;
  });
}
