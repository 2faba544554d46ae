import { sql, type Kysely } from 'kysely';
import type { Database, MatchEventTable, MatchLineupTable, MatchTeamStatsTable } from '../schema.js';

export interface MatchKey {
  id: string;
  home_team_id: string;
  away_team_id: string;
  local_date: string | null;
}

/** Team statistics rows for both sides of a match (any source); linked by team, opponent and local date. */
export async function teamStatsForMatch(
  db: Kysely<Database>,
  match: MatchKey,
): Promise<MatchTeamStatsTable[]> {
  if (!match.local_date) return [];
  const date = match.local_date;
  return db
    .selectFrom('match_team_stats')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('team_id', '=', match.home_team_id), eb('opponent_team_id', '=', match.away_team_id)]),
        eb.and([eb('team_id', '=', match.away_team_id), eb('opponent_team_id', '=', match.home_team_id)]),
      ]),
    )
    .where('match_date', '=', date)
    .execute();
}

export type LineupRow = MatchLineupTable & { player_name: string };

/** Lineup rows by role, then shirt number (a missing one first, on both engines), then name. */
export async function lineupsForMatch(db: Kysely<Database>, matchId: string): Promise<LineupRow[]> {
  return db
    .selectFrom('match_lineups')
    .innerJoin('players', 'players.id', 'match_lineups.player_id')
    .selectAll('match_lineups')
    .select('players.name as player_name')
    .where('match_lineups.match_id', '=', matchId)
    .orderBy('match_lineups.role', 'desc')
    .orderBy('match_lineups.shirt_number', (ob) => ob.asc().nullsFirst())
    .orderBy('players.name')
    .execute();
}

export async function teamSheetsForMatch(db: Kysely<Database>, matchId: string) {
  return db.selectFrom('match_team_sheets').selectAll().where('match_id', '=', matchId).execute();
}

export type EventRow = MatchEventTable & {
  team_name: string | null;
  player_name: string | null;
  related_player_name: string | null;
};

/**
 * A match's events, in order. An event's player is its own, or the player its source's name was linked to
 * (`linked_player_id`); `player_name` is that player's name, or else the name the source gives.
 */
export async function eventsForMatch(db: Kysely<Database>, matchId: string): Promise<EventRow[]> {
  const player = sql<string | null>`coalesce(match_events.player_id, match_events.linked_player_id)`;
  return db
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
    .where('match_events.match_id', '=', matchId)
    .orderBy('match_events.sort_key')
    .execute();
}
