// A migrated database of its own per test (on the engine TOUCHLINE_TEST_ENGINE selects) and ingestion
// through the registered source adapters, as `touchline ingest <source>` does.
import { runIngestion, type RunSummary } from '../../../src/ingest/runner.js';
import { SOURCES } from '../../../src/ingest/sources.js';
import type { Storage } from '../../../src/storage/connection.js';
import { openTestStorage as openMigrated, type TestStorage } from '../test-database.js';

export type SourceName =
  'openfootball' | 'worldcup-json' | 'fjelstul' | 'football-data' | 'international-results';

/** "Now" of every run, so fixtures without a result get the same status in every database. */
export const INGESTED_AT = '2026-03-14T00:00:00Z';

export type { TestStorage };

/** A new, migrated database; `close()` also removes it. */
export function openTestStorage(name = 'sources.db'): Promise<TestStorage> {
  return openMigrated(name);
}

export interface IngestOptions {
  clubs?: string;
  now?: string;
}

/** One ingestion run of `source` from `from`, with a fixed clock. */
export function ingestSource(
  storage: Storage,
  source: SourceName,
  from: string,
  options: IngestOptions = {},
): Promise<RunSummary> {
  const load = SOURCES[source];
  if (!load) throw new Error(`no source "${source}"`);
  return runIngestion(storage, {
    source,
    location: from,
    load: () => load({ from, clubs: options.clubs }),
    clock: () => new Date(options.now ?? INGESTED_AT),
  });
}

/** Like ingestSource, but fails unless the run succeeded. */
export async function ingestOk(
  storage: Storage,
  source: SourceName,
  from: string,
  options: IngestOptions = {},
): Promise<RunSummary> {
  const run = await ingestSource(storage, source, from, options);
  if (run.outcome !== 'succeeded') throw new Error(`ingest ${source} from ${from} failed: ${run.error}`);
  return run;
}

/** The one stored match of a competition (by code) on a local date with the given home team name. */
export async function matchIdOn(storage: Storage, code: string, date: string, home: string): Promise<string> {
  const rows = await storage.db
    .selectFrom('matches')
    .innerJoin('competitions', 'competitions.id', 'matches.competition_id')
    .innerJoin('teams', 'teams.id', 'matches.home_team_id')
    .select('matches.id')
    .where('competitions.code', '=', code)
    .where('matches.local_date', '=', date)
    .where('teams.name', '=', home)
    .execute();
  if (rows.length !== 1) throw new Error(`${code} ${date} ${home}: ${rows.length} matches`);
  return rows[0]!.id;
}

/** A competition's ID by its code (`fifa.wc`, `en.1`). */
export async function competitionId(storage: Storage, code: string): Promise<string> {
  const row = await storage.db
    .selectFrom('competitions')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}
