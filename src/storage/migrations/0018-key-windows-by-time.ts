import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

// Slots of the per-minute windows by time: every flush of the counts (each second, in the process that
// holds them) deletes the slots a minute old. Without this index that delete read the whole table, whose
// size grows with the keys in use (600 slots a busy key), and held the process for as long.
export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('key_windows_at').on('key_windows').column('at').execute();
}
