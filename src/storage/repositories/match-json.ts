import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import { matchJson } from '../../representation/match.js';
import type { Database } from '../schema.js';
import { selectMatchSummaries } from './match.repository.js';
import { writeRows } from './plain-insert.js';

type Db = Kysely<Database> | Transaction<Database>;

/*
 * Each match's JSON as the API shows it, stored on every engine by the run that changes the match or the
 * names it shows, so that a page of matches reads one text value per match instead of joining four
 * tables and serializing rows on every request. The text is representation/match.ts's matchJson of the
 * match's row, the very function the API's mapper is: the stored JSON and a match serialized from its
 * row cannot differ (test/data/openfootball/full-dataset.test.ts checks every match of the dataset).
 * Written in Node rather than by the database's JSON functions, which would be a second serializer
 * (SQLite's json_object had to be kept equal to the mapper by tests; PostgreSQL's spaces its output
 * differently from JSON.stringify).
 */

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

type Matches = SelectQueryBuilder<Database, 'matches', object>;
type Scope = (query: Matches, chunk: string[]) => Matches;

/**
 * IDs a read takes at once, by what they name: matches (well under SQLite's 32,766 bound values per
 * statement), and teams, seasons and competitions, each of which names many matches, so that the rows
 * read at once stay a few tens of thousands.
 */
const CHUNK = { matches: 5000, teams: 100, seasons: 50, competitions: 5 };

interface MatchJsonRow {
  starts_at: string;
  id: string;
  json: string;
}

/** `rows` written, each only where its text is new or differs from the one stored. */
function upsertJson(db: Db, rows: readonly MatchJsonRow[]) {
  return db
    .insertInto('match_json')
    .values([...rows])
    .onConflict((oc) =>
      oc
        .columns(['starts_at', 'id'])
        .doUpdateSet({ json: (eb) => eb.ref('excluded.json') })
        .where('match_json.json', '<>', (eb) => eb.ref('excluded.json')),
    );
}

/**
 * Writes `match_json` for the matches `scope` picks, `chunk` of `ids` at a time, where the text is new or differs,
 * in the table's key order. Returns the rows written.
 */
async function writeMatchJson(db: Db, ids: readonly string[], chunk: number, scope: Scope): Promise<number> {
  let written = 0;
  for (let i = 0; i < ids.length; i += chunk) {
    const rows = await selectMatchSummaries(scope(db.selectFrom('matches'), ids.slice(i, i + chunk)))
      .orderBy('matches.starts_at')
      .orderBy('matches.id')
      .execute();
    const values = rows.map((row) => ({ starts_at: row.starts_at, id: row.id, json: matchJson(row) }));
    written += await writeRows(db, (batch) => upsertJson(db, batch), values);
  }
  return written;
}

/** Removes the rows of matches whose kick-off moved: they are filed under the old time. */
async function removeMoved(db: Db, ids: readonly string[]): Promise<number> {
  let removed = 0;
  for (let i = 0; i < ids.length; i += CHUNK.matches) {
    const result = await db
      .deleteFrom('match_json')
      .where('match_json.id', 'in', ids.slice(i, i + CHUNK.matches))
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
 * Brings the stored JSON of matches up to date with a run's writes: the matches it changed, the second
 * legs of those that are first legs, and the matches of every team, competition and season it changed (a new name or logo). The caller runs this in
 * the run's transaction, so the stored JSON never disagrees with the rows it was made from. Returns the
 * `match_json` rows written.
 */
export async function refreshMatchJson(db: Db, changes: MatchJsonChanges): Promise<number> {
  // In key order, each chunk is one stretch of the table: a first import appends to its B-tree, a new
  // season is added at its end, rather than pages being split all over it.
  const matches = [...changes.matches]
    .sort((a, b) => compare(a.starts_at, b.starts_at) || compare(a.id, b.id))
    .map((m) => m.id);
  return (
    (await removeMoved(db, matches)) +
    (await writeMatchJson(db, matches, CHUNK.matches, (q, ids) => q.where('matches.id', 'in', ids))) +
    // A second leg shows its aggregate, which its first leg's score is part of.
    (await writeMatchJson(db, matches, CHUNK.matches, (q, ids) =>
      q.where('matches.first_leg_id', 'in', ids),
    )) +
    (await writeMatchJson(db, changes.competitions, CHUNK.competitions, (q, ids) =>
      q.where('matches.competition_id', 'in', ids),
    )) +
    (await writeMatchJson(db, changes.seasons, CHUNK.seasons, (q, ids) =>
      q.where('matches.season_id', 'in', ids),
    )) +
    (await writeMatchJson(db, changes.teams, CHUNK.teams, (q, ids) =>
      q.where((eb) => eb.or([eb('matches.home_team_id', 'in', ids), eb('matches.away_team_id', 'in', ids)])),
    ))
  );
}

/**
 * Every match's JSON, for a database whose stored JSON was emptied (a migration that changes what a match
 * shows, or how it is written), a few seasons' matches at a time so that memory stays bounded.
 */
export async function writeAllMatchJson(db: Db): Promise<number> {
  const seasons = await db.selectFrom('seasons').select('id').orderBy('id').execute();
  return writeMatchJson(
    db,
    seasons.map((season) => season.id),
    CHUNK.seasons,
    (q, ids) => q.where('matches.season_id', 'in', ids),
  );
}
