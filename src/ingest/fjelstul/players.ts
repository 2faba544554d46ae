import type { PlayerRecord } from '../canonical.js';
import { stableId } from '../identity/stable-id.js';
import { SOURCE_NAMES } from '../source-precedence.js';
import { foldText } from '../../text/fold.js';
import { PLAYER_POSITIONS } from '../../vocabulary/people.js';
import { eachRow, RowError, type Row, type Sheet } from './csv-sheet.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * "Given Family", or the one name a player is known by: the database writes "not applicable" as the given
 * name of players known by a single name (Brazilian mononyms such as "Didi"), and that name is the family
 * name.
 */
export function personName(row: Row): string {
  const parts = [row.optional('given_name'), row.optional('family_name')].filter((p) => p !== null);
  if (parts.length === 0) throw new RowError('no given or family name');
  return parts.join(' ');
}

/** A 0/1 column some copies of a table may lack: null when absent or empty. */
export function optionalFlag(row: Row, column: string): boolean | null {
  return row.optional(column) === null ? null : row.flag(column);
}

/** `women` or `men` from the database's `female` column, where the table has it. */
export function gender(row: Row): string | null {
  const female = optionalFlag(row, 'female');
  return female === null ? null : female ? 'women' : 'men';
}

export function playerId(fjelstulId: string): string {
  return stableId('player', `fjelstul:${fjelstulId}`);
}

/** The positions players.csv flags (goal_keeper, defender, midfielder, forward), comma-separated. */
function positions(row: Row): string | null {
  const flagged = PLAYER_POSITIONS.filter((p) => optionalFlag(row, p) === true);
  return flagged.length > 0 ? flagged.join(',') : null;
}

/** Players from players.csv, by Fjelstul player ID; other tables may only name players found here. */
export class Players {
  private readonly ids = new Map<string, string>();
  readonly records: PlayerRecord[] = [];

  load(sheet: Sheet, credit: (id: string) => void): void {
    eachRow(sheet, (row) => {
      const key = row.required('player_id');
      if (this.ids.has(key)) throw new RowError(`player_id ${key} appears twice`);
      const birth = row.optional('birth_date');
      if (birth !== null && !DATE.test(birth)) throw new RowError(`birth_date "${birth}" is not a date`);
      const id = playerId(key);
      const name = personName(row);
      this.ids.set(key, id);
      this.records.push({
        id,
        name,
        date_of_birth: birth,
        source: SOURCE_NAMES.fjelstul,
        given_name: row.optional('given_name'),
        family_name: row.optional('family_name'),
        // The database keeps no other name a player is known by.
        known_as: null,
        positions: positions(row),
        gender: gender(row),
        search_name: foldText(name),
      });
      credit(id);
    });
  }

  /** The player ID of a row's `player_id`; an unknown player rejects the row. */
  resolve(row: Row, column = 'player_id'): string {
    const key = row.required(column);
    const id = this.ids.get(key);
    if (!id) throw new RowError(`unknown player ${key} (not in players.csv or rejected there)`);
    return id;
  }

  /** The player ID of a row's `player_id`, or null where the row names none. */
  resolveOptional(row: Row, column = 'player_id'): string | null {
    return row.optional(column) === null ? null : this.resolve(row, column);
  }
}
