import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { Engine } from '../connection.js';
import type { Database } from '../schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The tables a match's names come from, under the names MATCH_JSON refers to. */
export function joinNameTables<O>(query: SelectQueryBuilder<Database, 'matches', O>) {
  return query
    .innerJoin('competitions', 'competitions.id', 'matches.competition_id')
    .innerJoin('seasons', 'seasons.id', 'matches.season_id')
    .innerJoin('teams as home', 'home.id', 'matches.home_team_id')
    .innerJoin('teams as away', 'away.id', 'matches.away_team_id');
}

/**
 * A match as the API shows it, written out by SQLite from a `matches` row joined by joinNameTables. It
 * must equal JSON.stringify of the API's toMatch mapper byte for byte, key order included:
 * test/data/openfootball/full-dataset.test.ts checks every match of the dataset. Scores must stay integer columns, as
 * json_object writes a real as 1.0.
 */
const MATCH_JSON = sql<string>`json_object(
  'id', matches.id,
  'competition', json_object('id', matches.competition_id, 'name', competitions.name),
  'season', json_object('id', matches.season_id, 'name', seasons.name),
  'starts_at', matches.starts_at,
  'starts_at_precision', iif(matches.time_known = 1, 'datetime', 'date'),
  'round', coalesce(matches.round, matches.stage),
  'status', matches.status,
  'home_team', json_object('id', matches.home_team_id, 'name', home.name, 'logo_url', home.logo_url, 'score', matches.home_score),
  'away_team', json_object('id', matches.away_team_id, 'name', away.name, 'logo_url', away.logo_url, 'score', matches.away_score),
  'venue', iif(
    coalesce(matches.venue_name, matches.venue_city, matches.venue_country, matches.neutral) is null,
    null,
    json_object(
      'name', matches.venue_name,
      'city', matches.venue_city,
      'country', matches.venue_country,
      'neutral', json(case matches.neutral when 1 then 'true' when 0 then 'false' else 'null' end)
    )
  ),
  'updated_at', matches.updated_at
)`;

/**
 * Whether `engine` stores each match's JSON: SQLite only (PostgreSQL's JSON functions space their output
 * differently from JSON.stringify, so it serializes rows instead). Readers ask this before querying.
 */
export function storesMatchJson(engine: Engine): boolean {
  return engine === 'sqlite';
}

/** A match a run inserted or updated, with the kick-off its JSON row is filed under. */
export interface ChangedMatch {
  id: string;
  starts_at: string;
}

/** What a run changed that a match's JSON shows: the matches themselves, or the names they carry. */
export interface MatchJsonChanges {
  matches: readonly ChangedMatch[];
  teams: readonly string[];
  competitions: readonly string[];
  seasons: readonly string[];
}

type MatchesWithNames = Parameters<typeof joinNameTables<object>>[0];
type Scope = (query: MatchesWithNames, chunk: string[]) => MatchesWithNames;

// Well under SQLite's 32,766 bound values per statement.
const CHUNK = 5000;

/** Each match `matches` picks with its JSON, as `match_json` rows, in the table's key order. */
function withJson(matches: MatchesWithNames) {
  return matches
    .select(['matches.starts_at', 'matches.id', MATCH_JSON.as('json')])
    .orderBy('matches.starts_at')
    .orderBy('matches.id');
}

/**
 * Writes `match_json` for the matches `scope` picks, in chunks of `ids`, where the text is new or differs.
 * Returns the rows written.
 */
async function writeMatchJson(db: Db, ids: readonly string[], scope: Scope): Promise<number> {
  let written = 0;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const result = await db
      .insertInto('match_json')
      .columns(['starts_at', 'id', 'json'])
      .expression(withJson(scope(joinNameTables(db.selectFrom('matches')), ids.slice(i, i + CHUNK))))
      .onConflict((oc) =>
        oc
          .columns(['starts_at', 'id'])
          .doUpdateSet({ json: (eb) => eb.ref('excluded.json') })
          .where('match_json.json', 'is not', (eb) => eb.ref('excluded.json')),
      )
      .executeTakeFirst();
    written += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return written;
}

/** Removes the rows of matches whose kick-off moved: they are filed under the old time. */
async function removeMoved(db: Db, ids: readonly string[]): Promise<number> {
  let removed = 0;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const result = await db
      .deleteFrom('match_json')
      .where('match_json.id', 'in', ids.slice(i, i + CHUNK))
      .where('match_json.starts_at', '!=', (eb) =>
        eb.selectFrom('matches').select('matches.starts_at').whereRef('matches.id', '=', 'match_json.id'),
      )
      .executeTakeFirst();
    removed += Number(result.numDeletedRows);
  }
  return removed;
}

/** Code-unit order, as SQLite's BINARY collation sorts the table's text key (localeCompare would not). */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Brings the stored JSON of matches up to date with a run's writes: the matches it changed, and the
 * matches of every team, competition and season it changed (a new name or logo). Only SQLite stores the
 * JSON (PostgreSQL's JSON functions space their output differently from JSON.stringify, so it serializes
 * rows instead), so on PostgreSQL this writes nothing. The caller runs this in the run's transaction, so
 * the stored JSON never disagrees with the rows it was made from. Returns the `match_json` rows written.
 */
export async function refreshMatchJson(db: Db, engine: Engine, changes: MatchJsonChanges): Promise<number> {
  if (!storesMatchJson(engine)) return 0;
  // In key order, each chunk is one stretch of the table: a first import appends to its B-tree, a new
  // season is added at its end, rather than pages being split all over it.
  const matches = [...changes.matches]
    .sort((a, b) => compare(a.starts_at, b.starts_at) || compare(a.id, b.id))
    .map((m) => m.id);
  return (
    (await removeMoved(db, matches)) +
    (await writeMatchJson(db, matches, (q, chunk) => q.where('matches.id', 'in', chunk))) +
    (await writeMatchJson(db, changes.competitions, (q, chunk) =>
      q.where('matches.competition_id', 'in', chunk),
    )) +
    (await writeMatchJson(db, changes.seasons, (q, chunk) => q.where('matches.season_id', 'in', chunk))) +
    (await writeMatchJson(db, changes.teams, (q, chunk) =>
      q.where((eb) =>
        eb.or([eb('matches.home_team_id', 'in', chunk), eb('matches.away_team_id', 'in', chunk)]),
      ),
    ))
  );
}

/** Every match's JSON, for a database that had none stored (the migration that adds the table). */
export async function writeAllMatchJson(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('match_json')
    .columns(['starts_at', 'id', 'json'])
    .expression(withJson(joinNameTables(db.selectFrom('matches'))))
    .execute();
}
