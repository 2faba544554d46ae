import type { MatchLineupRecord, MatchTeamSheetRecord } from '../canonical.js';
import { SOURCE_NAMES } from '../source-precedence.js';
import { eachRow, RowError, type Row, type Sheet } from './csv-sheet.js';
import type { Matches } from './matches.js';
import { coachId } from './people-ids.js';
import { personName, type Players } from './players.js';

type Credit = (id: string) => void;

/** A shirt number; 0 is the database's "unknown" (early tournaments). */
export function shirtNumber(row: Row): number | null {
  const n = row.count('shirt_number');
  return n === 0 ? null : n;
}

/**
 * Lineups from player_appearances.csv (1970 on): `starter` -> starting, `substitute` -> bench. The table
 * lists the players who played, so the bench holds the substitutes who came on; unused substitutes are
 * in the squad only. Position: the position name ("center back", "goal keeper").
 */
export function loadLineups(sheet: Sheet, matches: Matches, players: Players, credit: Credit) {
  const records = new Map<string, MatchLineupRecord>();
  eachRow(sheet, (row) => {
    const match = matches.ref(row);
    const teamId = matches.side(match, row);
    const playerId = players.resolve(row);
    const starter = row.flag('starter');
    if (starter === row.flag('substitute')) throw new RowError('starter and substitute must differ');
    const id = `${match.id}:${teamId}:${playerId}`;
    if (records.has(id)) throw new RowError('the player appears twice in this match');
    records.set(id, {
      id,
      match_id: match.id,
      team_id: teamId,
      player_id: playerId,
      role: starter ? 'starting' : 'bench',
      shirt_number: shirtNumber(row),
      position: row.optional('position_name') ?? row.optional('position_code'),
      source: SOURCE_NAMES.fjelstul,
    });
    credit(id);
  });
  return [...records.values()];
}

/**
 * Team sheets from manager_appearances.csv: the coach's name, and where a team had joint managers, both
 * names joined by " and " in the file's order; the coach's ID where managers.csv has them and the sheet
 * names one coach. No formation: the database has none.
 */
export function loadTeamSheets(
  sheet: Sheet,
  matches: Matches,
  coaches: ReadonlyMap<string, unknown>,
  credit: Credit,
) {
  const records = new Map<string, MatchTeamSheetRecord>();
  eachRow(sheet, (row) => {
    const match = matches.ref(row);
    const teamId = matches.side(match, row);
    const name = personName(row);
    const key = row.optional('manager_id');
    const coach = key !== null && coaches.has(coachId(key)) ? coachId(key) : null;
    const id = `${match.id}:${teamId}`;
    const existing = records.get(id);
    if (existing) {
      const names = existing.coach_name!.split(' and ');
      if (!names.includes(name)) {
        existing.coach_name = [...names, name].join(' and ');
        // Joint coaches: the joined name, and no one coach's ID.
        existing.coach_id = null;
      }
      return;
    }
    records.set(id, {
      id,
      match_id: match.id,
      team_id: teamId,
      formation: null,
      coach_name: name,
      coach_id: coach,
      source: SOURCE_NAMES.fjelstul,
    });
    credit(id);
  });
  return [...records.values()];
}
