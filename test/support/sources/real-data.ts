// A database with every source of ../shared/data ingested, the API over it, and ID look-ups by natural key.
import fs from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/ingest/artifacts/csv.js';
import { openApi, type Api } from './api.js';
import { DATA } from '../shared-data.js';
import { openStorage, type Storage } from '../../../src/storage/connection.js';
import { migrateToLatest } from '../../../src/storage/migrations/migrate.js';
import { hashOfFiles, REPOSITORY } from '../database-template.js';
import { assertCountsExact } from '../exact-counts.js';
import { openTemplateCopy, type DatabaseTemplate } from '../test-database.js';
import { SHARED } from '../shared-data.js';
import { ingestOk, type SourceName, type TestStorage } from './storage.js';

export { competitionId } from './storage.js';

/** The five sources in the order the real data is built: test/data/sources/ingest-order.test.ts's forward one. */
export const ALL: Array<[SourceName, string]> = [
  ['openfootball', DATA.footballJson],
  ['worldcup-json', DATA.worldcupJson],
  ['fjelstul', DATA.fjelstul],
  ['football-data', DATA.footballData],
  ['international-results', DATA.internationalResults],
];

export interface RealData {
  storage: TestStorage;
  api: Api;
  close(): Promise<void>;
}

let realDataKey: string | undefined;

/**
 * The five sources ingested (football.json finds its clubs directory beside it), built once per engine and
 * kept while the code, the project's data files and the shared datasets are unchanged.
 */
export const REAL_DATA: DatabaseTemplate = {
  kind: 'realdata',
  key: () =>
    (realDataKey ??= hashOfFiles(
      ['src', 'data', 'package-lock.json', 'test/support/sources', 'test/support/exact-counts.ts']
        .map((p) => path.join(REPOSITORY, p))
        .concat(SHARED),
    )),
  build: async (url) => {
    const storage = openStorage(url);
    try {
      await migrateToLatest(storage);
      for (const [source, from] of ALL) {
        await ingestOk(storage, source, from);
        // Each run recounts the competitions it touched: a full recount must find nothing to change
        // (test/data/sources/ingest-order.test.ts relies on this check of the forward order).
        await assertCountsExact(storage, `the real data: ${source}`);
      }
    } finally {
      await storage.close();
    }
  },
  large: true,
};

/** A copy of the five sources ingested, and the API over it. */
export async function openRealData(name: string): Promise<RealData> {
  const storage: TestStorage = await openTemplateCopy(REAL_DATA, name);
  try {
    const api = await openApi(storage);
    return {
      storage,
      api,
      close: async () => {
        await api.close();
        await storage.close();
      },
    };
  } catch (error) {
    await storage.close();
    throw error;
  }
}

/** A season's ID by its competition's code and its key (`2022`, `2023-24`). */
export async function seasonId(storage: Storage, code: string, key: string): Promise<string> {
  const row = await storage.db
    .selectFrom('seasons')
    .innerJoin('competitions', 'competitions.id', 'seasons.competition_id')
    .select('seasons.id')
    .where('competitions.code', '=', code)
    .where('seasons.key', '=', key)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A group's published table in the Fjelstul group_standings.csv, as strings: position, team, P W D L F A Pts. */
export function publishedGroup(tournamentId: string, group: string): string[][] {
  const file = path.join(DATA.fjelstul, 'data-csv', 'group_standings.csv');
  const csv = parseCsv(fs.readFileSync(file, 'utf8'), file);
  const at = (name: string) => csv.header.indexOf(name);
  const columns = [
    'position',
    'team_name',
    'played',
    'wins',
    'draws',
    'losses',
    'goals_for',
    'goals_against',
  ];
  return csv.records
    .map((r) => r.fields)
    .filter((f) => f[at('tournament_id')] === tournamentId && f[at('group_name')] === group)
    .map((f) => [...columns, 'points'].map((c) => f[at(c)] ?? ''));
}
