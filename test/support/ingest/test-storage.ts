import { loadOpenfootball } from '../../../src/ingest/openfootball/adapter.js';
import { runIngestion, type RunSummary } from '../../../src/ingest/runner.js';
import type { Storage } from '../../../src/storage/connection.js';
import type { MatchTable } from '../../../src/storage/schema.js';

export const DATA_TABLES = ['competitions', 'seasons', 'teams', 'team_aliases', 'matches'] as const;
export type DataTable = (typeof DATA_TABLES)[number];

import { openTestStorage } from '../test-database.js';

export { openTestStorage };

/** Opens test databases for a suite and closes them all together, in its `after`. */
export function suiteStorages(): { open(name: string): Promise<Storage>; closeAll(): Promise<void> } {
  const opened: Storage[] = [];
  return {
    async open(name) {
      const storage = await openTestStorage(name);
      opened.push(storage);
      return storage;
    },
    async closeAll() {
      for (const storage of opened.splice(0)) await storage.close();
    },
  };
}

export interface IngestOptions {
  clubs?: string;
  /** Fixed "now" for the run, so past/future fixtures get a stable status. */
  now?: string;
}

export function ingest(storage: Storage, from: string, options: IngestOptions = {}): Promise<RunSummary> {
  const now = options.now ?? '2024-03-01T12:00:00Z';
  return runIngestion(storage, {
    source: 'openfootball',
    location: from,
    load: () => loadOpenfootball({ from, clubs: options.clubs }),
    clock: () => new Date(now),
  });
}

export async function tableCounts(storage: Storage): Promise<Record<DataTable, number>> {
  const counts = {} as Record<DataTable, number>;
  for (const table of DATA_TABLES) {
    const row = await storage.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

export type MatchRow = MatchTable & { home: string; away: string; code: string; season: string };

/** Every stored match with its team names, competition code and season key, in a fixed order. */
export async function matchRows(storage: Storage): Promise<MatchRow[]> {
  return storage.db
    .selectFrom('matches as m')
    .innerJoin('teams as h', 'h.id', 'm.home_team_id')
    .innerJoin('teams as a', 'a.id', 'm.away_team_id')
    .innerJoin('competitions as c', 'c.id', 'm.competition_id')
    .innerJoin('seasons as s', 's.id', 'm.season_id')
    .selectAll('m')
    .select(['h.name as home', 'a.name as away', 'c.code as code', 's.key as season'])
    .orderBy('m.starts_at')
    .orderBy('m.id')
    .execute();
}

/** Finds the one stored match between two teams (by stored team name) on a date. */
export async function findMatch(
  storage: Storage,
  home: string,
  away: string,
  date?: string,
): Promise<MatchRow> {
  const rows = (await matchRows(storage)).filter(
    (m) => m.home === home && m.away === away && (date === undefined || m.starts_at.startsWith(date)),
  );
  if (rows.length !== 1)
    throw new Error(`expected one match ${home} v ${away} ${date ?? ''}, found ${rows.length}`);
  return rows[0]!;
}

/** IDs of every data row, per table, to compare two databases built from the same source. */
export async function allIds(storage: Storage): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of ['competitions', 'seasons', 'teams', 'matches'] as const) {
    const rows = await storage.db.selectFrom(table).select('id').orderBy('id').execute();
    out[table] = rows.map((r) => r.id);
  }
  return out;
}
