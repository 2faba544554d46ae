import { refreshDerivedCounts } from '../storage/repositories/derived-counts.js';
import { moveCounts } from './count-moves.js';
import { countScope } from './count-scope.js';
import { wroteAny, type Projection } from './written.js';

/**
 * The counts competitions and seasons carry (matches, results, teams, coverage flags, tables, current
 * season). A match changed in place moves its competition's counts by what it measured (count-moves.ts);
 * any other write recounts the competitions it touched (count-scope.ts), where its rows are and where they
 * were. The counts derive from the written tables alone, so a transaction that wrote nothing leaves them
 * true as they are.
 */
export const countsProjection: Projection = {
  name: 'counts',
  async project({ db }, written) {
    if (written.inPlace) {
      const { match, moves } = written.inPlace;
      return { rows: 0, counts: await moveCounts(db, match, moves, written.at) };
    }
    const scope = wroteAny(written) ? await countScope(db, written) : [];
    const counts = await refreshDerivedCounts(db, written.at, scope);
    return { rows: counts.competitions.length + counts.seasons.length, counts };
  },
};
