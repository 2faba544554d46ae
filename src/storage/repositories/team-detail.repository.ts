import type { Kysely } from 'kysely';
import type { Storage } from '../connection.js';
import type { Maybe } from '../maybe.js';
import { QueryTemplates, readRows } from '../query-templates.js';
import type { Database } from '../schema.js';

/** The newest season (by key) in which the team has squad rows, with those rows. */
export async function latestSquad(db: Kysely<Database>, teamId: string) {
  const latest = await db
    .selectFrom('squad_members')
    .innerJoin('seasons', 'seasons.id', 'squad_members.season_id')
    .select(['seasons.id', 'seasons.name', 'seasons.key'])
    .where('squad_members.team_id', '=', teamId)
    .orderBy('seasons.key', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) return undefined;
  const players = await db
    .selectFrom('squad_members')
    .innerJoin('players', 'players.id', 'squad_members.player_id')
    .select([
      'players.id',
      'players.name',
      'squad_members.shirt_number',
      'squad_members.position',
      'squad_members.source',
    ])
    .where('squad_members.team_id', '=', teamId)
    .where('squad_members.season_id', '=', latest.id)
    // A missing shirt number first on both engines (SQLite's default; PostgreSQL's is last).
    .orderBy('squad_members.shirt_number', (ob) => ob.asc().nullsFirst())
    .orderBy('players.name')
    .execute();
  return { season: { id: latest.id, name: latest.name }, players };
}

function standingsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('standings')
    .innerJoin('teams', 'teams.id', 'standings.team_id')
    .innerJoin('seasons', 'seasons.id', 'standings.season_id')
    .innerJoin('competitions', 'competitions.id', 'seasons.competition_id')
    .selectAll('standings')
    .select([
      'teams.name as team_name',
      'seasons.name as season_name',
      'seasons.key as season_key',
      'competitions.id as competition_id',
      'competitions.name as competition_name',
    ]);
}

const seasonStandingsQuery = (db: Kysely<Database>, seasonId: string) =>
  standingsQuery(db)
    .where('standings.season_id', '=', seasonId)
    .orderBy('standings.group_name', (ob) => ob.asc().nullsFirst())
    .orderBy('standings.position');

export type StandingRowWithNames = Awaited<
  ReturnType<ReturnType<typeof seasonStandingsQuery>['execute']>
>[number];

const SEASON_STANDINGS = new QueryTemplates<{ seasonId: string }>((db, { seasonId }) =>
  seasonStandingsQuery(db, seasonId),
);

/** A season's published table(s), by group then position. */
export function seasonStandings(storage: Storage, seasonId: string): Maybe<StandingRowWithNames[]> {
  return readRows<StandingRowWithNames>(storage, SEASON_STANDINGS.compile(storage.db, { seasonId }));
}
