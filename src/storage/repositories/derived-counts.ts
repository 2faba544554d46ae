import { sql, type Kysely, type Transaction } from 'kysely';
import { tableStage } from '../../standings/table-stages.js';
import type { Database } from '../schema.js';
import { OPEN_STATUSES } from '../../vocabulary/match-statuses.js';

type Db = Kysely<Database> | Transaction<Database>;

/** What a competition counts of the detail rows its matches' sub-resources show (their coverage flags). */
export interface DetailCounts {
  stats_match_count: number | string;
  lineup_match_count: number | string;
  event_match_count: number | string;
}

/**
 * Whether a coverage flag of match sub-resources turned between two counts (a count left or reached
 * zero): the flag shows in the answers of every match of the competition, so such a change invalidates
 * more than the records written (src/api/answer-scope.ts).
 */
export function turnsDetailFlag(before: DetailCounts, after: DetailCounts): boolean {
  const on = (n: number | string) => Number(n) > 0;
  return (
    on(before.stats_match_count) !== on(after.stats_match_count) ||
    on(before.lineup_match_count) !== on(after.lineup_match_count) ||
    on(before.event_match_count) !== on(after.event_match_count)
  );
}

function changed(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return Object.keys(a).some((k) => (a[k] ?? null) !== (b[k] ?? null));
}

/**
 * The competitions whose counts a refresh recomputes, with all their seasons; undefined for every one.
 * A competition's counts read only its own matches, their details and its seasons' rows, so those of the
 * others stay true as they are.
 */
export type CountScope = readonly string[] | undefined;

function toMap(rows: Array<{ key: unknown; n: unknown }>): Map<string, number> {
  return new Map(rows.map((r) => [String(r.key), Number(r.n)]));
}

/** The matches of the competitions in scope. */
function scopedMatches(db: Db, scope: CountScope) {
  return db
    .selectFrom('matches')
    .$if(scope !== undefined, (q) => q.where('matches.competition_id', 'in', scope!));
}

async function teamCounts(db: Db, groupBy: 'season_id' | 'competition_id', scope: CountScope) {
  const sides = scopedMatches(db, scope)
    .select([groupBy, 'home_team_id as team_id'])
    .union(scopedMatches(db, scope).select([groupBy, 'away_team_id as team_id']));
  const rows = await db
    .selectFrom(sides.as('sides'))
    .select([`sides.${groupBy} as key`, (eb) => eb.fn.count<number>('sides.team_id').distinct().as('n')])
    .groupBy(`sides.${groupBy}`)
    .execute();
  return toMap(rows);
}

/** Matches per competition with team statistics: a home side's row for that opponent on that date. */
async function matchesWithStats(db: Db, scope: CountScope) {
  const rows = await scopedMatches(db, scope)
    .innerJoin('match_team_stats as s', (join) =>
      join
        .onRef('s.team_id', '=', 'matches.home_team_id')
        .onRef('s.opponent_team_id', '=', 'matches.away_team_id')
        .onRef('s.match_date', '=', 'matches.local_date'),
    )
    .select(['matches.competition_id as key', (eb) => eb.fn.count<number>('matches.id').distinct().as('n')])
    .groupBy('matches.competition_id')
    .execute();
  return toMap(rows);
}

/** Matches per competition that have at least one row in a detail table. */
async function matchesWithDetails(db: Db, table: 'match_lineups' | 'match_events', scope: CountScope) {
  const rows = await db
    .selectFrom(table)
    .innerJoin('matches', 'matches.id', `${table}.match_id`)
    .$if(scope !== undefined, (q) => q.where('matches.competition_id', 'in', scope!))
    .select([
      'matches.competition_id as key',
      (eb) => eb.fn.count<number>(`${table}.match_id`).distinct().as('n'),
    ])
    .groupBy('matches.competition_id')
    .execute();
  return toMap(rows);
}

/** Rows per competition of a per-season table. */
async function seasonRows(db: Db, table: 'standings' | 'squad_members', scope: CountScope) {
  const rows = await db
    .selectFrom(table)
    .innerJoin('seasons', 'seasons.id', `${table}.season_id`)
    .$if(scope !== undefined, (q) => q.where('seasons.competition_id', 'in', scope!))
    .select(['seasons.competition_id as key', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('seasons.competition_id')
    .execute();
  return toMap(rows);
}

/**
 * Seasons per competition that have a table: one published, or a match in a stage that makes a table
 * (judged by the rule the computed tables follow, on each distinct stage and round).
 */
async function seasonsWithTables(db: Db, scope: CountScope) {
  const published = await db
    .selectFrom('standings')
    .$if(scope !== undefined, (q) =>
      q
        .innerJoin('seasons', 'seasons.id', 'standings.season_id')
        .where('seasons.competition_id', 'in', scope!),
    )
    .select('standings.season_id')
    .distinct()
    .execute();
  const stages = await scopedMatches(db, scope)
    .innerJoin('competitions', 'competitions.id', 'matches.competition_id')
    .select([
      'matches.competition_id',
      'matches.season_id',
      'matches.stage',
      'matches.round',
      'competitions.type',
    ])
    .distinct()
    .execute();
  const seasonsOf = new Map<string, Set<string>>();
  const competitionOf = new Map(stages.map((s) => [s.season_id, s.competition_id]));
  const add = (competition: string | undefined, season: string) => {
    if (competition === undefined) return;
    if (!seasonsOf.has(competition)) seasonsOf.set(competition, new Set());
    seasonsOf.get(competition)!.add(season);
  };
  for (const { season_id } of published) add(competitionOf.get(season_id), season_id);
  for (const s of stages) {
    const stage = tableStage(s.stage, s.round, s.type === 'league');
    if (stage.kind === 'table' || stage.kind === 'unnamed-group') add(s.competition_id, s.season_id);
  }
  return new Map([...seasonsOf].map(([competition, seasons]) => [competition, seasons.size]));
}

async function refreshSeasons(db: Db, now: string, scope: CountScope): Promise<string[]> {
  const stats = await scopedMatches(db, scope)
    .select((eb) => [
      'season_id',
      eb.fn.countAll<number>().as('match_count'),
      eb.fn.min(sql<string>`substr(starts_at, 1, 10)`).as('starts_on'),
      eb.fn.max(sql<string>`substr(starts_at, 1, 10)`).as('ends_on'),
      eb.fn.sum<number>(eb.case().when('status', 'in', OPEN_STATUSES).then(1).else(0).end()).as('open_count'),
    ])
    .groupBy('season_id')
    .execute();
  const bySeason = new Map(stats.map((s) => [s.season_id, s]));
  const teams = await teamCounts(db, 'season_id', scope);
  const seasons = await db
    .selectFrom('seasons')
    .selectAll()
    .$if(scope !== undefined, (q) => q.where('competition_id', 'in', scope!))
    .orderBy('key', 'desc')
    .execute();
  const newest = new Map<string, string>();
  for (const s of seasons) if (!newest.has(s.competition_id)) newest.set(s.competition_id, s.id);
  const written: string[] = [];
  for (const season of seasons) {
    const s = bySeason.get(season.id);
    const next = {
      match_count: Number(s?.match_count ?? 0),
      team_count: teams.get(season.id) ?? 0,
      starts_on: s?.starts_on ?? null,
      ends_on: s?.ends_on ?? null,
      is_current: newest.get(season.competition_id) === season.id && Number(s?.open_count ?? 0) > 0 ? 1 : 0,
    };
    if (changed(next, season)) {
      await db
        .updateTable('seasons')
        .set({ ...next, updated_at: now })
        .where('id', '=', season.id)
        .execute();
      written.push(season.id);
    }
  }
  return written;
}

async function refreshCompetitions(
  db: Db,
  now: string,
  scope: CountScope,
): Promise<{ written: string[]; flagTurned: boolean }> {
  const stats = await scopedMatches(db, scope)
    .select((eb) => [
      'competition_id',
      eb.fn.countAll<number>().as('match_count'),
      eb.fn.count<number>('home_score').as('result_count'),
      eb.fn.count<number>('season_id').distinct().as('season_count'),
    ])
    .groupBy('competition_id')
    .execute();
  const byCompetition = new Map(stats.map((c) => [c.competition_id, c]));
  const teams = await teamCounts(db, 'competition_id', scope);
  const statsMatches = await matchesWithStats(db, scope);
  const lineupMatches = await matchesWithDetails(db, 'match_lineups', scope);
  const eventMatches = await matchesWithDetails(db, 'match_events', scope);
  const standings = await seasonRows(db, 'standings', scope);
  const squads = await seasonRows(db, 'squad_members', scope);
  const tables = await seasonsWithTables(db, scope);
  const competitions = await db
    .selectFrom('competitions')
    .selectAll()
    .$if(scope !== undefined, (q) => q.where('id', 'in', scope!))
    .execute();
  const written: string[] = [];
  let flagTurned = false;
  for (const competition of competitions) {
    const c = byCompetition.get(competition.id);
    const next = {
      match_count: Number(c?.match_count ?? 0),
      result_count: Number(c?.result_count ?? 0),
      season_count: Number(c?.season_count ?? 0),
      team_count: teams.get(competition.id) ?? 0,
      stats_match_count: statsMatches.get(competition.id) ?? 0,
      lineup_match_count: lineupMatches.get(competition.id) ?? 0,
      event_match_count: eventMatches.get(competition.id) ?? 0,
      standing_count: standings.get(competition.id) ?? 0,
      squad_count: squads.get(competition.id) ?? 0,
      table_season_count: tables.get(competition.id) ?? 0,
    };
    if (changed(next, competition)) {
      flagTurned ||= turnsDetailFlag(competition, next);
      await db
        .updateTable('competitions')
        .set({ ...next, updated_at: now })
        .where('id', '=', competition.id)
        .execute();
      written.push(competition.id);
    }
  }
  return { written, flagTurned };
}

/**
 * Recomputes what competitions and seasons carry about their rows: match, team and result counts, date
 * ranges, current seasons, and how many rows of each kind of detail they have (the coverage flags read
 * those). Rows whose values did not change are not written, so an identical re-import leaves every
 * `updated_at` as it was. A season is current when it is its competition's newest and still has matches
 * to play (scheduled, live or postponed). Returns the IDs written, and whether a coverage flag of match
 * sub-resources turned (turnsDetailFlag).
 *
 * With a scope, only those competitions and their seasons are recounted: an ingestion run passes the
 * competitions its writes touched (src/projections/count-scope.ts), so a run of one source into a large
 * archive reads that source's matches rather than every stored one.
 */
export async function refreshDerivedCounts(
  db: Db,
  now: string,
  scope?: CountScope,
): Promise<{ seasons: string[]; competitions: string[]; detailFlagTurned: boolean }> {
  if (scope !== undefined && scope.length === 0)
    return { seasons: [], competitions: [], detailFlagTurned: false };
  const seasons = await refreshSeasons(db, now, scope);
  const { written, flagTurned } = await refreshCompetitions(db, now, scope);
  return { seasons, competitions: written, detailFlagTurned: flagTurned };
}
