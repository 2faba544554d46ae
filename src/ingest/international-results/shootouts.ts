import { eachRow, RowError, type Sheet } from './files.js';
import type { Matches } from './matches.js';

/**
 * shootouts.csv: the winner of each penalty shoot-out, stored on the match as the World Cup sources store
 * their shoot-outs (the match row; they also have its score, `pen_home`/`pen_away`, which this source does
 * not give): `shootout_winner` is `home` or `away`, the side of the match row. `first_shooter` is not kept.
 * A shoot-out can follow a match that was not drawn (the second leg of a tie level on aggregate).
 */
export function loadShootouts(sheet: Sheet, matches: Matches): void {
  const seen = new Map<string, number>();
  eachRow(sheet, (row) => {
    const match = matches.ref(row);
    const winner = row.required('winner');
    if (winner !== match.home && winner !== match.away) {
      throw new RowError(`winner "${winner}" did not play in the match (${match.home} v ${match.away})`);
    }
    const twin = seen.get(match.id);
    if (twin !== undefined) throw new RowError(`a second shoot-out for the match of row ${twin}`);
    seen.set(match.id, row.row);
    match.record.shootout_winner = winner === match.home ? 'home' : 'away';
  });
}
