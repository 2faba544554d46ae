// Every data table of a database as sorted, normalized lines and their SHA-256, to compare databases
// built from the same sources in different orders.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../src/storage/schema.js';

/**
 * Tables that record who asked, what ran or when what changed (the invalidation log, whose rows depend on
 * the order of the runs; the calendar sequences, which count the changes a match went through; webhooks and
 * their outbox, the answers kept for retried writes), not the data: never compared.
 */
const NOT_DATA =
  /^(kysely_|touchline_migrations|ingestion_|api_keys$|key_usage$|key_windows$|invalidations$|record_versions$|calendar_tokens$|match_calendar$|webhook_|idempotent_requests$)/;

/**
 * Columns that say when a row was written, not what it holds: timestamps, and the change log's sequence
 * and stamps (the same records are logged whatever the order of the sources, not at the same place in the
 * log nor at the same time).
 */
const TIMESTAMPS = new Set(['created_at', 'updated_at', 'seq', 'changed_at']);

export interface TableDigest {
  rows: number;
  sha256: string;
  /** The rows themselves, one JSON line each, sorted; for showing differences. */
  lines: string[];
}

/** Every data table in the database (found by introspection, so a new table is compared too). */
export async function dataTables(db: Kysely<Database>): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables
    .map((t) => t.name)
    .filter((name) => !NOT_DATA.test(name))
    .sort();
}

function line(row: Record<string, unknown>): string {
  const keys = Object.keys(row)
    .filter((k) => !TIMESTAMPS.has(k))
    .sort();
  return JSON.stringify(keys.map((k) => [k, row[k] ?? null]));
}

/** A digest of each data table: its rows without timestamps, columns by name, rows in code-unit order. */
export async function tableDigests(db: Kysely<Database>): Promise<Record<string, TableDigest>> {
  const out: Record<string, TableDigest> = {};
  for (const table of await dataTables(db)) {
    const rows = (await db
      .selectFrom(table as keyof Database)
      .selectAll()
      .execute()) as Array<Record<string, unknown>>;
    const lines = rows.map(line).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const sha256 = crypto.createHash('sha256').update(lines.join('\n')).digest('hex');
    out[table] = { rows: lines.length, sha256, lines };
  }
  return out;
}

/** Up to `max` lines only in `a` and only in `b`, to say what differs between two digests of a table. */
export function difference(a: TableDigest, b: TableDigest, max = 5): { onlyA: string[]; onlyB: string[] } {
  const inB = new Set(b.lines);
  const inA = new Set(a.lines);
  return {
    onlyA: a.lines.filter((l) => !inB.has(l)).slice(0, max),
    onlyB: b.lines.filter((l) => !inA.has(l)).slice(0, max),
  };
}
