import { sql, type CreateTableBuilder, type RawBuilder } from 'kysely';
import type { Engine } from '../connection.js';

/**
 * The type every migration gives a text column. SQLite compares text by code point; PostgreSQL by the
 * database's collation (en_US and the like sort case- and punctuation-insensitively), so there text columns
 * carry the C collation: every ORDER BY, range filter and comparison then gives the same answer on both
 * engines whatever locale the database was created with, and queries need no engine-specific spelling.
 */
export function textType(engine: Engine): 'text' | RawBuilder<unknown> {
  return engine === 'postgres' ? sql`text collate "C"` : 'text';
}

/** The `created_at` and `updated_at` columns every synced table ends with (ISO text, set by the runner). */
export function stamps(engine: Engine) {
  const text = textType(engine);
  return <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
    table.addColumn('created_at', text, (c) => c.notNull()).addColumn('updated_at', text, (c) => c.notNull());
}
