import type { Kysely } from 'kysely';
import type { Database } from '../../storage/schema.js';
import { FEED_SOURCE } from './feed-identity.js';

export interface StoredCompetition {
  id: string;
  code: string;
  timezone: string;
  name: string;
  name_season: string;
}
export interface StoredSeason {
  id: string;
  competition_id: string;
  key: string;
}
export interface StoredTeam {
  id: string;
  name: string;
  name_season: string;
}
export interface StoredMatch {
  id: string;
  competition_id: string;
  season_id: string;
  home_team_id: string;
  away_team_id: string;
}

/** The stored records a feed names, read before it is normalized (the normalizer reads no database). */
export interface StoredRecords {
  competitions: Map<string, StoredCompetition>;
  seasons: Map<string, StoredSeason>;
  teams: Map<string, StoredTeam>;
  matches: Map<string, StoredMatch>;
  /** The feed's match keys already stored in `match_sources`, with their matches. */
  matchKeys: Map<string, string>;
}

export function noStoredRecords(): StoredRecords {
  return {
    competitions: new Map(),
    seasons: new Map(),
    teams: new Map(),
    matches: new Map(),
    matchKeys: new Map(),
  };
}

type Db = Kysely<Database>;
// Well under SQLite's 32,766 bound values per statement.
const CHUNK = 500;

async function inChunks<T>(values: Iterable<string>, read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const all = [...new Set(values)];
  const out: T[] = [];
  for (let i = 0; i < all.length; i += CHUNK) out.push(...(await read(all.slice(i, i + CHUNK))));
  return out;
}

const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));

export async function storedCompetitions(
  db: Db,
  ids: Iterable<string>,
): Promise<Map<string, StoredCompetition>> {
  const rows = await inChunks(ids, (chunk) =>
    db
      .selectFrom('competitions')
      .select(['id', 'code', 'timezone', 'name', 'name_season'])
      .where('id', 'in', chunk)
      .execute(),
  );
  return byId(rows);
}

export async function storedSeasons(db: Db, ids: Iterable<string>): Promise<Map<string, StoredSeason>> {
  const rows = await inChunks(ids, (chunk) =>
    db.selectFrom('seasons').select(['id', 'competition_id', 'key']).where('id', 'in', chunk).execute(),
  );
  return byId(rows);
}

export async function storedTeams(db: Db, ids: Iterable<string>): Promise<Map<string, StoredTeam>> {
  const rows = await inChunks(ids, (chunk) =>
    db.selectFrom('teams').select(['id', 'name', 'name_season']).where('id', 'in', chunk).execute(),
  );
  return byId(rows);
}

export async function storedMatches(db: Db, ids: Iterable<string>): Promise<Map<string, StoredMatch>> {
  const rows = await inChunks(ids, (chunk) =>
    db
      .selectFrom('matches')
      .select(['id', 'competition_id', 'season_id', 'home_team_id', 'away_team_id'])
      .where('id', 'in', chunk)
      .execute(),
  );
  return byId(rows);
}

/** The matches the feed's keys already name (`match_sources`, source `feed`). */
export async function storedMatchKeys(db: Db, keys: Iterable<string>): Promise<Map<string, string>> {
  const rows = await inChunks(keys, (chunk) =>
    db
      .selectFrom('match_sources')
      .select(['source_key', 'match_id'])
      .where('source', '=', FEED_SOURCE)
      .where('source_key', 'in', chunk)
      .execute(),
  );
  return new Map(rows.map((r) => [r.source_key, r.match_id]));
}
