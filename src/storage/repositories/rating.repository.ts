import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, RatingPointTable } from '../schema.js';
import { insertPlainRows } from './plain-insert.js';

type Db = Kysely<Database> | Transaction<Database>;
export type RatingPointRow = RatingPointTable;

/** IDs per statement: well under SQLite's and PostgreSQL's limits on bound values. */
const CHUNK = 400;

/** The men's national teams: teams with an alias of the national-team scope (src/ingest/identity). */
export async function nationalTeamIds(db: Db): Promise<Set<string>> {
  const rows = await db
    .selectFrom('team_aliases')
    .select('team_id')
    .distinct()
    .where('scope', '=', 'national:men')
    .execute();
  return new Set(rows.map((r) => r.team_id));
}

/** A finished match with a score, as the rating pass reads it. */
export interface ScoredMatchRow {
  id: string;
  starts_at: string;
  local_date: string | null;
  home_team_id: string;
  away_team_id: string;
  home_score: number;
  away_score: number;
  neutral: number | null;
  source_status: string | null;
  code: string;
  gender: string;
  type: string;
}

/** Finished matches with both scores, kicking off at or after `from` (every one when null). */
export async function scoredMatchesFrom(db: Db, from: string | null): Promise<ScoredMatchRow[]> {
  let query = db
    .selectFrom('matches')
    .innerJoin('competitions', 'competitions.id', 'matches.competition_id')
    .select([
      'matches.id',
      'matches.starts_at',
      'matches.local_date',
      'matches.home_team_id',
      'matches.away_team_id',
      'matches.home_score',
      'matches.away_score',
      'matches.neutral',
      'matches.source_status',
      'competitions.code',
      'competitions.gender',
      'competitions.type',
    ])
    .where('matches.status', '=', 'finished')
    .where('matches.home_score', 'is not', null)
    .where('matches.away_score', 'is not', null);
  if (from !== null) query = query.where('matches.starts_at', '>=', from);
  return (await query.execute()) as ScoredMatchRow[];
}

/**
 * The newest point kicking off before `before` of each of these teams: its rating, count and latest
 * kick-off, the state a pass resumes from. Seeks on (team_id, starts_at), a few hundred teams a statement.
 */
export async function latestPointsBefore(
  db: Db,
  before: string,
  teamIds: readonly string[],
): Promise<RatingPointRow[]> {
  const out: RatingPointRow[] = [];
  for (let from = 0; from < teamIds.length; from += CHUNK) {
    const chunk = teamIds.slice(from, from + CHUNK);
    const latest = db
      .selectFrom('rating_points')
      .select(['team_id', (eb) => eb.fn.max('matches').as('matches')])
      .where('team_id', 'in', chunk)
      .where('starts_at', '<', before)
      .groupBy('team_id');
    out.push(
      ...(await db
        .selectFrom('rating_points as p')
        .innerJoin(latest.as('l'), (join) =>
          join.onRef('l.team_id', '=', 'p.team_id').onRef('l.matches', '=', 'p.matches'),
        )
        .selectAll('p')
        .execute()),
    );
  }
  return out;
}

/** The points of matches kicking off at or after `from` (every one when null). */
export async function pointsFrom(db: Db, from: string | null): Promise<RatingPointRow[]> {
  let query = db.selectFrom('rating_points').selectAll();
  if (from !== null) query = query.where('starts_at', '>=', from);
  return query.execute();
}

/** The earliest kick-off of the stored points of these matches, or null when none has a point. */
export async function earliestPointOf(db: Db, matchIds: readonly string[]): Promise<string | null> {
  let earliest: string | null = null;
  for (let from = 0; from < matchIds.length; from += CHUNK) {
    const row = await db
      .selectFrom('rating_points')
      .select((eb) => eb.fn.min('starts_at').as('at'))
      .where('match_id', 'in', matchIds.slice(from, from + CHUNK))
      .executeTakeFirst();
    const at = (row?.at as string | null | undefined) ?? null;
    if (at !== null && (earliest === null || at < earliest)) earliest = at;
  }
  return earliest;
}

/** Removes the points of these matches. */
export async function deletePointsOf(db: Db, matchIds: readonly string[]): Promise<void> {
  for (let from = 0; from < matchIds.length; from += CHUNK) {
    await db
      .deleteFrom('rating_points')
      .where('match_id', 'in', matchIds.slice(from, from + CHUNK))
      .execute();
  }
}

export async function insertPoints(db: Db, rows: readonly RatingPointRow[]): Promise<void> {
  for (let from = 0; from < rows.length; from += CHUNK) {
    await insertPlainRows(
      db,
      'rating_points',
      rows.slice(from, from + CHUNK) as unknown as Record<string, unknown>[],
    );
  }
}

/** A team's newest point kicking off strictly before `before`: one seek on (team_id, starts_at). */
export async function pointBefore(
  db: Db,
  teamId: string,
  before: string,
): Promise<RatingPointRow | undefined> {
  return db
    .selectFrom('rating_points')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('starts_at', '<', before)
    .orderBy('starts_at', 'desc')
    .orderBy('matches', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Whether the team has any rated match, and in which system. */
export async function systemOfTeam(db: Db, teamId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('rating_points')
    .select('system')
    .where('team_id', '=', teamId)
    .limit(1)
    .executeTakeFirst();
  return row?.system;
}

/** A team's points on days from..to (inclusive, either open), oldest first, one page (one row more). */
export async function teamPoints(
  db: Db,
  teamId: string,
  range: { from?: string; to?: string },
  page: { offset: number; limit: number },
): Promise<RatingPointRow[]> {
  let query = db.selectFrom('rating_points').selectAll().where('team_id', '=', teamId);
  if (range.from !== undefined) query = query.where('date', '>=', range.from);
  if (range.to !== undefined) query = query.where('date', '<=', range.to);
  return query
    .orderBy('starts_at')
    .orderBy('matches')
    .offset(page.offset)
    .limit(page.limit + 1)
    .execute();
}

/** Each team's newest point of `system` on or before `day`, with its name and country. */
export async function standingOn(db: Db, system: string, day: string) {
  const latest = db
    .selectFrom('rating_points')
    .select(['team_id', (eb) => eb.fn.max('matches').as('matches')])
    .where('system', '=', system)
    .where('date', '<=', day)
    .groupBy('team_id');
  return db
    .selectFrom('rating_points as p')
    .innerJoin(latest.as('l'), (join) =>
      join.onRef('l.team_id', '=', 'p.team_id').onRef('l.matches', '=', 'p.matches'),
    )
    .innerJoin('teams as t', 't.id', 'p.team_id')
    .select(['p.team_id', 'p.rating_after', 'p.matches', 'p.date', 't.name', 't.country_code'])
    .execute();
}

/** The clubs that played a match of `competitionId` (for the club ranking's filter). */
export async function teamsOfCompetition(db: Db, competitionId: string): Promise<Set<string>> {
  const rows = await sql<{ id: string }>`
    select home_team_id as id from matches where competition_id = ${competitionId}
    union select away_team_id as id from matches where competition_id = ${competitionId}`.execute(db);
  return new Set(rows.rows.map((r) => r.id));
}

/** Which of these teams are men's national teams. */
export async function nationalAmong(db: Db, teamIds: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let from = 0; from < teamIds.length; from += CHUNK) {
    const rows = await db
      .selectFrom('team_aliases')
      .select('team_id')
      .distinct()
      .where('scope', '=', 'national:men')
      .where('team_id', 'in', teamIds.slice(from, from + CHUNK))
      .execute();
    for (const r of rows) out.add(r.team_id);
  }
  return out;
}

/** Each team's newest point: the current ratings of these teams. */
export async function newestPointsOf(db: Db, teamIds: readonly string[]): Promise<RatingPointRow[]> {
  const out: RatingPointRow[] = [];
  for (let from = 0; from < teamIds.length; from += CHUNK) {
    const chunk = teamIds.slice(from, from + CHUNK);
    const latest = db
      .selectFrom('rating_points')
      .select(['team_id', (eb) => eb.fn.max('matches').as('matches')])
      .where('team_id', 'in', chunk)
      .groupBy('team_id');
    out.push(
      ...(await db
        .selectFrom('rating_points as p')
        .innerJoin(latest.as('l'), (join) =>
          join.onRef('l.team_id', '=', 'p.team_id').onRef('l.matches', '=', 'p.matches'),
        )
        .selectAll('p')
        .execute()),
    );
  }
  return out;
}

/** How many points a team has on days from..to. */
export async function countTeamPoints(
  db: Db,
  teamId: string,
  range: { from?: string; to?: string },
): Promise<number> {
  let query = db
    .selectFrom('rating_points')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('team_id', '=', teamId);
  if (range.from !== undefined) query = query.where('date', '>=', range.from);
  if (range.to !== undefined) query = query.where('date', '<=', range.to);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Names of these teams. */
export async function teamNames(db: Db, teamIds: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const unique = [...new Set(teamIds)];
  for (let from = 0; from < unique.length; from += CHUNK) {
    const rows = await db
      .selectFrom('teams')
      .select(['id', 'name'])
      .where('id', 'in', unique.slice(from, from + CHUNK))
      .execute();
    for (const r of rows) names.set(r.id, r.name);
  }
  return names;
}
