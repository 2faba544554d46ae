import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';
import type { EventRow, LineupRow } from './match-detail.repository.js';

type Db = Kysely<Database>;
const CHUNK = 500;

/** What a player's figures need of a match: its sides, state, score, and whether each side has a lineup. */
export interface FigureMatch {
  id: string;
  competition_id: string;
  season_id: string;
  status: string;
  home_team_id: string;
  away_team_id: string;
  home_score: number | null;
  away_score: number | null;
  /** 1 when the side has lineup rows of some source. */
  home_lineup: number;
  away_lineup: number;
  /** The sources with timeline events of the match. */
  event_sources: string[];
}

type MatchColumns = Omit<FigureMatch, 'event_sources'>;

export interface FigureScope {
  competitionId?: string;
  seasonId?: string;
  /** These matches only. */
  matchIds?: readonly string[];
  /** Matches of these season and team pairs only. */
  teamSeasons?: ReadonlyArray<{ season_id: string; team_id: string }>;
}

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** The matches of a competition, a season, or the given teams' seasons, with what covers them. */
export async function figureMatches(db: Db, scope: FigureScope): Promise<FigureMatch[]> {
  const lineup = (side: 'home_team_id' | 'away_team_id') =>
    sql<number>`case when exists (select 1 from match_lineups l
      where l.match_id = matches.id and l.team_id = matches.${sql.ref(side)}) then 1 else 0 end`;
  const base = () => {
    let q = db.selectFrom('matches').select([
      'matches.id',
      'matches.competition_id',
      'matches.season_id',
      'matches.status',
      'matches.home_team_id',
      'matches.away_team_id',
      'matches.home_score',
      'matches.away_score',
      lineup('home_team_id').as('home_lineup'),
      lineup('away_team_id').as('away_lineup'),
      sql<number>`case when exists (select 1 from match_events e where e.match_id = matches.id)
          then 1 else 0 end`.as('has_events'),
    ]);
    if (scope.competitionId) q = q.where('matches.competition_id', '=', scope.competitionId);
    if (scope.seasonId) q = q.where('matches.season_id', '=', scope.seasonId);
    return q;
  };
  const out: MatchColumns[] = [];
  if (scope.matchIds) {
    for (const part of chunks([...new Set(scope.matchIds)]))
      out.push(...(await base().where('matches.id', 'in', part).orderBy('matches.id').execute()));
  } else if (!scope.teamSeasons) out.push(...(await base().orderBy('matches.id').execute()));
  else {
    const seasons = [...new Set(scope.teamSeasons.map((p) => p.season_id))];
    const teams = [...new Set(scope.teamSeasons.map((p) => p.team_id))];
    const wanted = new Set(scope.teamSeasons.map((p) => `${p.season_id}|${p.team_id}`));
    for (const part of chunks(seasons)) {
      // The teams' matches of those seasons (a team's index range each), not every match of the seasons:
      // a season of friendlies holds thousands, whose coverage subqueries cost seconds on PostgreSQL.
      const rows = await base()
        .where('matches.season_id', 'in', part)
        .where((eb) =>
          eb.or([eb('matches.home_team_id', 'in', teams), eb('matches.away_team_id', 'in', teams)]),
        )
        .orderBy('matches.id')
        .execute();
      for (const row of rows) {
        const mine = [row.home_team_id, row.away_team_id].some((t) => wanted.has(`${row.season_id}|${t}`));
        if (mine) out.push(row);
      }
    }
  }
  const sources = new Map<string, string[]>();
  for (const part of chunks(out.map((m) => m.id))) {
    const rows = await db
      .selectFrom('match_events')
      .select(['match_id', 'source'])
      .distinct()
      .where('match_id', 'in', part)
      .execute();
    for (const r of rows) sources.set(r.match_id, [...(sources.get(r.match_id) ?? []), r.source]);
  }
  // PostgreSQL hands integers of expressions back as they are: numbers on both engines from here.
  return out.map((m) => ({
    ...m,
    home_lineup: Number(m.home_lineup),
    away_lineup: Number(m.away_lineup),
    event_sources: (sources.get(m.id) ?? []).sort(),
  }));
}

/** Every event of the matches, with names, as eventsForMatch reads one match's. */
export async function eventsForMatches(db: Db, matchIds: readonly string[]): Promise<EventRow[]> {
  const player = sql<string | null>`coalesce(match_events.player_id, match_events.linked_player_id)`;
  const out: EventRow[] = [];
  for (const part of chunks([...new Set(matchIds)])) {
    const rows = await db
      .selectFrom('match_events')
      .leftJoin('teams', 'teams.id', 'match_events.team_id')
      .leftJoin('players as p', (join) => join.on('p.id', '=', player))
      .leftJoin('players as r', 'r.id', 'match_events.related_player_id')
      .selectAll('match_events')
      .select([
        'teams.name as team_name',
        sql<string | null>`coalesce(p.name, match_events.source_player_name)`.as('player_name'),
        'r.name as related_player_name',
      ])
      .where('match_events.match_id', 'in', part)
      .orderBy('match_events.match_id')
      .orderBy('match_events.sort_key')
      .execute();
    out.push(...rows);
  }
  return out;
}

/** Every lineup row of the matches, with the player's name. */
export async function lineupsForMatches(db: Db, matchIds: readonly string[]): Promise<LineupRow[]> {
  const out: LineupRow[] = [];
  for (const part of chunks([...new Set(matchIds)])) {
    const rows = await db
      .selectFrom('match_lineups')
      .innerJoin('players', 'players.id', 'match_lineups.player_id')
      .selectAll('match_lineups')
      .select('players.name as player_name')
      .where('match_lineups.match_id', 'in', part)
      .orderBy('match_lineups.id')
      .execute();
    out.push(...rows);
  }
  return out;
}

/** The matches a player is in: a lineup row, or an event naming them (their own or linked). */
export async function matchesOfPlayer(db: Db, playerId: string): Promise<string[]> {
  const lineups = db.selectFrom('match_lineups').select('match_id').where('player_id', '=', playerId);
  const own = db.selectFrom('match_events').select('match_id').where('player_id', '=', playerId);
  const linked = db.selectFrom('match_events').select('match_id').where('linked_player_id', '=', playerId);
  const rows = await lineups.union(own).union(linked).execute();
  return rows.map((r) => r.match_id).sort();
}

/** The squads a player was named in: season and team. */
export async function squadsOfPlayer(db: Db, playerId: string) {
  return db
    .selectFrom('squad_members')
    .select(['season_id', 'team_id'])
    .where('player_id', '=', playerId)
    .orderBy('season_id')
    .execute();
}

/** Names of seasons, competitions and teams by ID, for the rows a computation made. */
export async function namesOf(db: Db, ids: { seasons: string[]; teams: string[] }) {
  const seasons = new Map<
    string,
    { name: string; key: string; competition_id: string; competition_name: string }
  >();
  for (const part of chunks([...new Set(ids.seasons)])) {
    const rows = await db
      .selectFrom('seasons')
      .innerJoin('competitions', 'competitions.id', 'seasons.competition_id')
      .select([
        'seasons.id',
        'seasons.name',
        'seasons.key',
        'seasons.competition_id',
        'competitions.name as competition_name',
      ])
      .where('seasons.id', 'in', part)
      .execute();
    for (const r of rows) seasons.set(r.id, r);
  }
  const teams = new Map<string, string>();
  for (const part of chunks([...new Set(ids.teams)])) {
    const rows = await db.selectFrom('teams').select(['id', 'name']).where('id', 'in', part).execute();
    for (const r of rows) teams.set(r.id, r.name);
  }
  return { seasons, teams };
}
