import type { PlayerRecord } from '../canonical.js';
import { stableId } from '../identity/stable-id.js';
import { SOURCE_NAMES } from '../source-precedence.js';
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

export function playerId(fjelstulId: string): string {
  return stableId('player', `fjelstul:${fjelstulId}`);
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
      this.ids.set(key, id);
      this.records.push({
        id,
        name: personName(row),
        date_of_birth: birth,
        source: SOURCE_NAMES.fjelstul,
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
}
