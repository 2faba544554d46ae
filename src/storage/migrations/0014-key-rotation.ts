import type { Kysely } from 'kysely';
import type { Engine } from '../connection.js';
import { textType } from './column-types.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

// `touchline keys rotate`: a key gets a new secret and keeps its ID, plan and counts, while the secret it
// replaced stays valid until `previous_key_expires_at` (and is refused as revoked afterwards, rather than
// as unknown). Only one previous secret is kept: a second rotation ends the first one's grace. Lookups
// by the presented secret's hash search both hashes, so the previous one is indexed (unique, as secrets
// are random: a hash is never another key's).
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  const text = textType(engine);
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema.alterTable('api_keys').addColumn('previous_key_hash', text).execute();
  await db.schema.alterTable('api_keys').addColumn('previous_key_expires_at', text).execute();
  await db.schema.alterTable('api_keys').addColumn('rotated_at', text).execute();
  await db.schema
    .createIndex('api_keys_previous_key_hash')
    .unique()
    .on('api_keys')
    .column('previous_key_hash')
    .execute();
}
