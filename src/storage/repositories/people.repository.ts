import { sql, type Kysely } from 'kysely';
import type { CoachTable, Database, PlayerTable, RefereeTable, VenueTable } from '../schema.js';
import { likeContains, pageOffset, toPage, type PageRequest, type PageResult } from './page.js';

type Db = Kysely<Database>;
type Listed = 'players' | 'coaches' | 'referees' | 'venues';
type RowOf = { players: PlayerTable; coaches: CoachTable; referees: RefereeTable; venues: VenueTable };

export interface PeopleFilter {
  /** Folded (text/fold.ts): a substring of the folded name. */
  search?: string;
  /** Players only: named for this team in a squad or a lineup. */
  teamId?: string;
}

function filtered<T extends Listed>(db: Db, table: T, filter: PeopleFilter) {
  // One table at a time: the builders' types for a table chosen at run time are too wide to name.
  let query = db.selectFrom(table as Listed);
  if (filter.search) {
    const pattern = likeContains(filter.search);
    query = query.where(sql<boolean>`search_name like ${pattern} escape '\\'`);
  }
  if (filter.teamId && table === 'players') {
    const team = filter.teamId;
    query = query.where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('squad_members')
            .select(sql`1`.as('one'))
            .whereRef('squad_members.player_id', '=', sql.ref(`${table}.id`))
            .where('squad_members.team_id', '=', team),
        ),
        eb.exists(
          eb
            .selectFrom('match_lineups')
            .select(sql`1`.as('one'))
            .whereRef('match_lineups.player_id', '=', sql.ref(`${table}.id`))
            .where('match_lineups.team_id', '=', team),
        ),
      ]),
    );
  }
  return query;
}

/** People or venues by folded name (then name, then ID), with the total matching. */
export async function listPeople<T extends Listed>(
  db: Db,
  table: T,
  filter: PeopleFilter,
  page: PageRequest,
): Promise<PageResult<RowOf[T]> & { total: number }> {
  const rows = (await filtered(db, table, filter)
    .selectAll()
    .orderBy(sql`search_name`)
    .orderBy(sql`name`)
    .orderBy(sql`id`)
    .limit(page.limit + 1)
    .offset(pageOffset(page))
    .execute()) as unknown as RowOf[T][];
  const count = await filtered(db, table, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { ...toPage(rows, page), total: Number(count.n) };
}

export async function findPerson<T extends Listed>(
  db: Db,
  table: T,
  id: string,
): Promise<RowOf[T] | undefined> {
  return (await db
    .selectFrom(table as Listed)
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()) as RowOf[T] | undefined;
}

/** The teams each player was named for (squads, lineups), by name; with the sources that name them. */
export async function teamsOfPlayers(db: Db, playerIds: readonly string[]) {
  const out = new Map<string, Array<{ id: string; name: string }>>();
  if (playerIds.length === 0) return out;
  const ids = [...playerIds];
  const squads = db
    .selectFrom('squad_members')
    .select(['player_id', 'team_id'])
    .where('player_id', 'in', ids);
  const lineups = db
    .selectFrom('match_lineups')
    .select(['player_id', 'team_id'])
    .where('player_id', 'in', ids);
  const rows = await db
    .selectFrom(squads.union(lineups).as('named'))
    .innerJoin('teams', 'teams.id', 'named.team_id')
    .select(['named.player_id', 'teams.id', 'teams.name'])
    .orderBy('teams.name')
    .orderBy('teams.id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.player_id) ?? [];
    if (!list.some((t) => t.id === r.id)) list.push({ id: r.id, name: r.name });
    out.set(r.player_id, list);
  }
  return out;
}

/** A coach's appointments (competition, season, team) by season, and how many team sheets name them. */
export async function coachDetail(db: Db, coachId: string) {
  const appointments = await db
    .selectFrom('coach_appointments')
    .innerJoin('seasons', 'seasons.id', 'coach_appointments.season_id')
    .innerJoin('competitions', 'competitions.id', 'seasons.competition_id')
    .innerJoin('teams', 'teams.id', 'coach_appointments.team_id')
    .select([
      'competitions.id as competition_id',
      'competitions.name as competition_name',
      'seasons.id as season_id',
      'seasons.name as season_name',
      'teams.id as team_id',
      'teams.name as team_name',
    ])
    .where('coach_appointments.coach_id', '=', coachId)
    .orderBy('seasons.key')
    .orderBy('competitions.name')
    .orderBy('teams.name')
    .execute();
  const sheets = await db
    .selectFrom('match_team_sheets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('coach_id', '=', coachId)
    .executeTakeFirstOrThrow();
  return { appointments, matches: Number(sheets.n) };
}

/**
 * Officials' rows joined to their matches: by match ID, or (`byDate`) by the match's local date and teams
 * for a source that names no match. Two joins rather than one with OR, so that each can use an index.
 */
function officialsWithMatches(db: Db, byDate: boolean) {
  return byDate
    ? db
        .selectFrom('match_officials')
        .innerJoin('matches', (join) =>
          join
            .onRef('matches.local_date', '=', 'match_officials.match_date')
            .onRef('matches.home_team_id', '=', 'match_officials.home_team_id')
            .onRef('matches.away_team_id', '=', 'match_officials.away_team_id'),
        )
        .where('match_officials.match_id', 'is', null)
    : db.selectFrom('match_officials').innerJoin('matches', 'matches.id', 'match_officials.match_id');
}

/** The matches a referee officiated, in kick-off order, with the names an answer shows. */
export async function refereeMatches(db: Db, refereeId: string) {
  const read = (byDate: boolean) =>
    officialsWithMatches(db, byDate)
      .innerJoin('competitions', 'competitions.id', 'matches.competition_id')
      .innerJoin('seasons', 'seasons.id', 'matches.season_id')
      .innerJoin('teams as h', 'h.id', 'matches.home_team_id')
      .innerJoin('teams as a', 'a.id', 'matches.away_team_id')
      .select([
        'matches.id',
        'matches.starts_at',
        'matches.status',
        'match_officials.role',
        'competitions.id as competition_id',
        'competitions.name as competition_name',
        'seasons.id as season_id',
        'seasons.name as season_name',
        'h.id as home_team_id',
        'h.name as home_team_name',
        'a.id as away_team_id',
        'a.name as away_team_name',
      ])
      .where('match_officials.referee_id', '=', refereeId)
      .limit(MAX_REFEREE_MATCHES)
      .execute();
  const rows = [...(await read(false)), ...(await read(true))];
  rows.sort((x, y) => x.starts_at.localeCompare(y.starts_at) || x.id.localeCompare(y.id));
  return rows.slice(0, MAX_REFEREE_MATCHES);
}

/** A referee's matches listed at most (the most a World Cup or league referee has is a few hundred). */
export const MAX_REFEREE_MATCHES = 2000;

export interface MatchKey {
  id: string;
  local_date: string | null;
  home_team_id: string;
  away_team_id: string;
}

/** A match's officials of every source, by its ID or its date and teams. */
export async function officialsOfMatch(db: Db, match: MatchKey) {
  return db
    .selectFrom('match_officials')
    .select(['role', 'referee_id', 'name', 'source'])
    .where((eb) =>
      eb.or([
        eb('match_id', '=', match.id),
        eb.and([
          eb('match_id', 'is', null),
          eb('match_date', '=', match.local_date),
          eb('home_team_id', '=', match.home_team_id),
          eb('away_team_id', '=', match.away_team_id),
        ]),
      ]),
    )
    .orderBy('role', 'desc')
    .orderBy('name')
    .execute();
}

/** Whether any match of the competition has its officials recorded. */
export async function competitionHasOfficials(db: Db, competitionId: string): Promise<boolean> {
  for (const byDate of [false, true]) {
    const row = await officialsWithMatches(db, byDate)
      .select('match_officials.id')
      .where('matches.competition_id', '=', competitionId)
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
}

export async function venueMatchCount(db: Db, venueId: string): Promise<number> {
  const row = await db
    .selectFrom('matches')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('venue_id', '=', venueId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A season's placings and awards, with names. */
export async function seasonHonours(db: Db, seasonId: string) {
  const placings = await db
    .selectFrom('season_placings')
    .innerJoin('teams', 'teams.id', 'season_placings.team_id')
    .select(['season_placings.position', 'teams.id', 'teams.name', 'season_placings.source'])
    .where('season_placings.season_id', '=', seasonId)
    .orderBy('season_placings.position')
    .orderBy('teams.name')
    .execute();
  const awards = await db
    .selectFrom('award_winners')
    .leftJoin('players', 'players.id', 'award_winners.player_id')
    .leftJoin('teams', 'teams.id', 'award_winners.team_id')
    .select([
      'award_winners.award',
      'award_winners.shared',
      'award_winners.source',
      'players.id as player_id',
      'players.name as player_name',
      'teams.id as team_id',
      'teams.name as team_name',
    ])
    .where('award_winners.season_id', '=', seasonId)
    .orderBy('award_winners.id')
    .execute();
  return { placings, awards };
}

/** A team's placings over every season, by season. */
export async function teamPlacings(db: Db, teamId: string) {
  return db
    .selectFrom('season_placings')
    .innerJoin('seasons', 'seasons.id', 'season_placings.season_id')
    .innerJoin('competitions', 'competitions.id', 'seasons.competition_id')
    .select([
      'season_placings.position',
      'season_placings.source',
      'seasons.id as season_id',
      'seasons.name as season_name',
      'competitions.id as competition_id',
      'competitions.name as competition_name',
    ])
    .where('season_placings.team_id', '=', teamId)
    .orderBy('seasons.key')
    .orderBy('competitions.name')
    .execute();
}
