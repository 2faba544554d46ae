import type {
  AwardWinnerRecord,
  CoachAppointmentRecord,
  CoachRecord,
  MatchOfficialRecord,
  RefereeRecord,
  SeasonPlacingRecord,
  VenueRecord,
} from '../canonical.js';
import { coachId, refereeId, venueId } from './people-ids.js';
import { SOURCE_NAMES } from '../source-precedence.js';
import { foldText } from '../../text/fold.js';
import { eachRow, RowError, type Row, type Sheet } from './csv-sheet.js';
import type { Matches } from './matches.js';
import { gender, optionalFlag, personName, type Players } from './players.js';
import type { Teams } from './teams.js';
import type { Tournaments } from './tournaments.js';

type Credit = (id: string) => void;
const SOURCE = SOURCE_NAMES.fjelstul;

/** Rows keyed by one column, each key once; a repeated key rejects the row. */
function keyed<T extends { id: string }>(
  sheet: Sheet,
  column: string,
  make: (row: Row, key: string) => T,
  credit: Credit,
) {
  const records = new Map<string, T>();
  eachRow(sheet, (row) => {
    const key = row.required(column);
    const record = make(row, key);
    if (records.has(record.id)) throw new RowError(`${column} ${key} appears twice`);
    records.set(record.id, record);
    credit(record.id);
  });
  return records;
}

/** managers.csv: coaches by manager_id. */
export function loadCoaches(sheet: Sheet, credit: Credit): Map<string, CoachRecord> {
  return keyed(
    sheet,
    'manager_id',
    (row, key) => {
      const name = personName(row);
      return {
        id: coachId(key),
        name,
        given_name: row.optional('given_name'),
        family_name: row.optional('family_name'),
        country_name: row.optional('country_name'),
        gender: gender(row),
        search_name: foldText(name),
        source: SOURCE,
      };
    },
    credit,
  );
}

/** referees.csv: referees by referee_id, with their country and confederation. */
export function loadReferees(sheet: Sheet, credit: Credit): Map<string, RefereeRecord> {
  return keyed(
    sheet,
    'referee_id',
    (row, key) => {
      const name = personName(row);
      return {
        id: refereeId(key),
        name,
        given_name: row.optional('given_name'),
        family_name: row.optional('family_name'),
        country_name: row.optional('country_name'),
        confederation: row.optional('confederation_code'),
        gender: gender(row),
        search_name: foldText(name),
        source: SOURCE,
      };
    },
    credit,
  );
}

/** stadiums.csv: venues by stadium_id, with city, country and capacity. */
export function loadVenues(sheet: Sheet, credit: Credit): Map<string, VenueRecord> {
  return keyed(
    sheet,
    'stadium_id',
    (row, key) => {
      const name = row.required('stadium_name');
      const capacity = row.optional('stadium_capacity');
      return {
        id: venueId(key),
        name,
        city: row.optional('city_name'),
        country: row.optional('country_name'),
        capacity: capacity === null ? null : row.count('stadium_capacity'),
        search_name: foldText(name),
        source: SOURCE,
      };
    },
    credit,
  );
}

/** manager_appointments.csv: a coach named for a team at a tournament; the coach must be in managers.csv. */
export function loadCoachAppointments(
  sheet: Sheet,
  tournaments: Tournaments,
  teams: Teams,
  coaches: ReadonlyMap<string, CoachRecord>,
  credit: Credit,
): CoachAppointmentRecord[] {
  const records = new Map<string, CoachAppointmentRecord>();
  eachRow(sheet, (row) => {
    const edition = tournaments.edition(row.required('tournament_id'), row.text('tournament_name'));
    const teamId = teams.resolve(row.required('team_id'), edition.women);
    const coach = coachId(row.required('manager_id'));
    if (!coaches.has(coach)) throw new RowError(`unknown manager ${row.text('manager_id')}`);
    const id = `${edition.seasonId}:${teamId}:${coach}`;
    if (records.has(id)) throw new RowError('the appointment appears twice');
    records.set(id, { id, coach_id: coach, season_id: edition.seasonId, team_id: teamId, source: SOURCE });
    credit(id);
  });
  return [...records.values()];
}

/** referee_appearances.csv: each match's referee (the database records no assistants). */
export function loadOfficials(
  sheet: Sheet,
  matches: Matches,
  referees: ReadonlyMap<string, RefereeRecord>,
  credit: Credit,
): MatchOfficialRecord[] {
  const records = new Map<string, MatchOfficialRecord>();
  eachRow(sheet, (row) => {
    const match = matches.ref(row);
    const referee = refereeId(row.required('referee_id'));
    const known = referees.get(referee);
    if (!known) throw new RowError(`unknown referee ${row.text('referee_id')}`);
    const id = `${match.id}:referee:${referee}`;
    if (records.has(id)) throw new RowError('the referee appears twice in this match');
    records.set(id, {
      id,
      match_id: match.id,
      match_date: null,
      home_team_id: null,
      away_team_id: null,
      role: 'referee',
      referee_id: referee,
      name: known.name,
      source: SOURCE,
    });
    credit(id);
  });
  return [...records.values()];
}

/** tournament_standings.csv: the final placings (1 to 4) of each tournament. */
export function loadPlacings(sheet: Sheet, tournaments: Tournaments, teams: Teams, credit: Credit) {
  const records = new Map<string, SeasonPlacingRecord>();
  eachRow(sheet, (row) => {
    const edition = tournaments.edition(row.required('tournament_id'), row.text('tournament_name'));
    const teamId = teams.resolve(row.required('team_id'), edition.women);
    const id = `${edition.seasonId}:${teamId}:placing`;
    if (records.has(id)) throw new RowError('the team is placed twice in this tournament');
    records.set(id, {
      id,
      season_id: edition.seasonId,
      team_id: teamId,
      position: row.count('position'),
      source: SOURCE,
    });
    credit(id);
  });
  return [...records.values()];
}

/** award_winners.csv: the individual awards of each tournament (Golden Ball, Golden Boot, ...). */
export function loadAwards(
  sheet: Sheet,
  tournaments: Tournaments,
  teams: Teams,
  players: Players,
  credit: Credit,
): AwardWinnerRecord[] {
  const records = new Map<string, AwardWinnerRecord>();
  eachRow(sheet, (row) => {
    const edition = tournaments.edition(row.required('tournament_id'), row.text('tournament_name'));
    const award = row.required('award_name');
    const playerId = players.resolveOptional(row);
    const team = row.optional('team_id');
    const teamId = team === null ? null : teams.resolve(team, edition.women);
    const id = `${edition.seasonId}:${row.required('award_id')}:${playerId ?? teamId ?? ''}`;
    if (records.has(id)) throw new RowError('the award is given twice to the same winner');
    records.set(id, {
      id,
      season_id: edition.seasonId,
      award,
      player_id: playerId,
      team_id: teamId,
      shared: optionalFlag(row, 'shared') === true ? 1 : 0,
      source: SOURCE,
    });
    credit(id);
  });
  return [...records.values()];
}
