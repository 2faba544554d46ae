import type { SquadMemberRecord, StandingRecord } from '../canonical.js';
import { SOURCE_NAMES } from '../source-precedence.js';
import { eachRow, RowError, type Sheet } from './csv-sheet.js';
import { shirtNumber } from './lineups.js';
import type { Players } from './players.js';
import { groupLabel, stageLabel } from './rounds.js';
import type { Teams } from './teams.js';
import type { Tournaments } from './tournaments.js';

type Credit = (id: string) => void;

/** Squads from squads.csv: every player named for the tournament, position name, shirt number. */
export function loadSquads(
  sheet: Sheet,
  tournaments: Tournaments,
  teams: Teams,
  players: Players,
  credit: Credit,
): SquadMemberRecord[] {
  const records = new Map<string, SquadMemberRecord>();
  eachRow(sheet, (row) => {
    const edition = tournaments.edition(row.required('tournament_id'), row.text('tournament_name'));
    const teamId = teams.resolve(row.required('team_id'), edition.women);
    const playerId = players.resolve(row);
    credit(edition.competitionId);
    credit(edition.seasonId);
    const id = `${edition.seasonId}:${teamId}:${playerId}`;
    if (records.has(id)) throw new RowError('the player appears twice in this squad');
    records.set(id, {
      id,
      season_id: edition.seasonId,
      team_id: teamId,
      player_id: playerId,
      shirt_number: shirtNumber(row),
      position: row.optional('position_name'),
      source: SOURCE_NAMES.fjelstul,
    });
    credit(id);
  });
  return [...records.values()];
}

/**
 * Published group tables from group_standings.csv. The group is the row's group name ("Group 1"), except
 * for 1950's final round, whose single group the database also calls "Group 1": it is "Final round", as
 * its matches' round is. Description "advanced" when the team went through.
 */
export function loadStandings(
  sheet: Sheet,
  tournaments: Tournaments,
  teams: Teams,
  credit: Credit,
): StandingRecord[] {
  const records = new Map<string, StandingRecord>();
  eachRow(sheet, (row) => {
    const edition = tournaments.edition(row.required('tournament_id'), row.text('tournament_name'));
    const teamId = teams.resolve(row.required('team_id'), edition.women);
    credit(edition.competitionId);
    credit(edition.seasonId);
    const stage = row.text('stage_name');
    const group =
      stage.toLowerCase() === 'final round' ? stageLabel(stage) : groupLabel(row.required('group_name'));
    const id = `${edition.seasonId}:${group}:${teamId}`;
    if (records.has(id)) throw new RowError(`the team appears twice in ${group}`);
    records.set(id, {
      id,
      season_id: edition.seasonId,
      team_id: teamId,
      group_name: group,
      position: row.count('position'),
      played: row.count('played'),
      won: row.count('wins'),
      drawn: row.count('draws'),
      lost: row.count('losses'),
      goals_for: row.count('goals_for'),
      goals_against: row.count('goals_against'),
      goal_difference: row.int('goal_difference'),
      points: row.count('points'),
      form: null,
      description: row.flag('advanced') ? 'advanced' : null,
      source: SOURCE_NAMES.fjelstul,
    });
    credit(id);
  });
  return [...records.values()];
}
