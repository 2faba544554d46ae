import type { ArtifactFile } from '../canonical.js';
import { IngestError } from '../ingest-error.js';

const EVENT = ['match_id', 'team_id', 'player_id', 'minute_regulation', 'minute_stoppage', 'match_period'];

/**
 * The tables the adapter reads, with the columns it needs. Teams, players and matches are required (every
 * other table refers to them); without one of the others the run goes on without what it carries, and says
 * so in a note.
 */
export const TABLES = {
  teams: { required: true, columns: ['team_id', 'team_name', 'team_code', 'mens_team', 'womens_team'] },
  players: { required: true, columns: ['player_id', 'family_name', 'given_name', 'birth_date'] },
  matches: {
    required: true,
    columns: [
      'tournament_id',
      'tournament_name',
      'match_id',
      'stage_name',
      'group_name',
      'match_date',
      'match_time',
      'stadium_name',
      'city_name',
      'country_name',
      'home_team_id',
      'away_team_id',
      'home_team_score',
      'away_team_score',
      'extra_time',
      'penalty_shootout',
      'home_team_score_penalties',
      'away_team_score_penalties',
    ],
  },
  goals: { required: false, columns: ['goal_id', ...EVENT, 'own_goal', 'penalty'] },
  bookings: {
    required: false,
    columns: ['booking_id', ...EVENT, 'yellow_card', 'red_card', 'second_yellow_card', 'sending_off'],
  },
  substitutions: { required: false, columns: ['substitution_id', ...EVENT, 'going_off', 'coming_on'] },
  penalty_kicks: {
    required: false,
    columns: ['penalty_kick_id', 'match_id', 'team_id', 'player_id', 'converted'],
  },
  player_appearances: {
    required: false,
    columns: [
      'match_id',
      'team_id',
      'player_id',
      'shirt_number',
      'position_name',
      'position_code',
      'starter',
      'substitute',
    ],
  },
  manager_appearances: {
    required: false,
    columns: ['match_id', 'team_id', 'manager_id', 'family_name', 'given_name'],
  },
  squads: {
    required: false,
    columns: ['tournament_id', 'tournament_name', 'team_id', 'player_id', 'shirt_number', 'position_name'],
  },
  managers: { required: false, columns: ['manager_id', 'family_name', 'given_name', 'country_name'] },
  manager_appointments: {
    required: false,
    columns: ['tournament_id', 'tournament_name', 'team_id', 'manager_id'],
  },
  referees: {
    required: false,
    columns: ['referee_id', 'family_name', 'given_name', 'country_name', 'confederation_code'],
  },
  referee_appearances: { required: false, columns: ['match_id', 'referee_id'] },
  stadiums: { required: false, columns: ['stadium_id', 'stadium_name', 'city_name', 'country_name'] },
  tournament_standings: {
    required: false,
    columns: ['tournament_id', 'tournament_name', 'position', 'team_id'],
  },
  award_winners: {
    required: false,
    columns: ['tournament_id', 'tournament_name', 'award_id', 'award_name', 'player_id', 'team_id'],
  },
  group_standings: {
    required: false,
    columns: [
      'tournament_id',
      'tournament_name',
      'stage_name',
      'group_name',
      'position',
      'team_id',
      'played',
      'wins',
      'draws',
      'losses',
      'goals_for',
      'goals_against',
      'goal_difference',
      'points',
      'advanced',
    ],
  },
} as const;

export type TableName = keyof typeof TABLES;

function basename(uri: string): string {
  return uri.slice(uri.lastIndexOf('/') + 1);
}

/**
 * Finds each table's file by its name (`matches.csv`) anywhere in the artifact, so a repository checkout,
 * its `data-csv` folder or an archive of either all work. Where a name occurs more than once, the copy in
 * a `data-csv` folder wins; two candidates left is an error, as is a required table missing.
 */
export function locateTables(files: readonly ArtifactFile[]): Map<TableName, ArtifactFile> {
  const found = new Map<TableName, ArtifactFile>();
  for (const name of Object.keys(TABLES) as TableName[]) {
    let candidates = files.filter((f) => basename(f.uri) === `${name}.csv`);
    if (candidates.length > 1) candidates = candidates.filter((f) => /(^|\/)data-csv\//.test(f.uri));
    if (candidates.length > 1) {
      throw new IngestError(`${name}.csv found more than once: ${candidates.map((f) => f.uri).join(', ')}`);
    }
    const file = candidates[0];
    if (file) found.set(name, file);
    else if (TABLES[name].required) {
      throw new IngestError(
        `${name}.csv not found in the artifact: not the Fjelstul World Cup Database (data-csv/*.csv)`,
      );
    }
  }
  return found;
}
