import type { MatchOfficialRecord, RefereeRecord } from '../canonical.js';
import { stableId } from '../identity/stable-id.js';
import { SOURCE_NAMES } from '../source-precedence.js';
import { foldText } from '../../text/fold.js';
import type { Row } from './statistics-rows.js';

const SOURCE = SOURCE_NAMES.footballDataCsv;

/**
 * The referee a row names (`Referee`, "C Pawson"): a referee record keyed by that name as the files spell
 * it (the files have no referee key, and two referees sharing a spelling cannot be told apart), and the
 * official of the match under its date and teams. Null where the cell is empty.
 */
export function refereeOf(
  row: Row,
  date: string,
  homeTeamId: string,
  awayTeamId: string,
): { referee: RefereeRecord; official: MatchOfficialRecord } | null {
  const name = (row.Referee ?? '').trim().replace(/\s+/g, ' ');
  if (name === '') return null;
  const id = stableId('referee', `football-data:${foldText(name)}`);
  return {
    referee: {
      id,
      name,
      given_name: null,
      family_name: null,
      country_name: null,
      confederation: null,
      gender: null,
      search_name: foldText(name),
      source: SOURCE,
    },
    official: {
      id: `${SOURCE}:${date}:${homeTeamId}:${awayTeamId}:referee`,
      match_id: null,
      match_date: date,
      home_team_id: homeTeamId,
      away_team_id: awayTeamId,
      role: 'referee',
      referee_id: id,
      name,
      source: SOURCE,
    },
  };
}
