import type { Storage } from '../connection.js';
import { QueryTemplates, readRows } from '../query-templates.js';
import type { MatchTable } from '../schema.js';
import { filterParams, matching, type FilterParams, type MatchFilter } from './match-list-query.js';

/** Two teams' record against each other, from the first team's side. */
export interface HeadToHead {
  /** Finished matches with a score: the only ones counted. */
  played: number;
  wins: number;
  draws: number;
  losses: number;
  goalsFor: number;
  goalsAgainst: number;
  /** Draws (the score includes extra time, never a shoot-out) that the first team won on penalties. */
  shootoutWins: number;
  shootoutLosses: number;
}

type ResultRow = Pick<
  MatchTable,
  'home_team_id' | 'status' | 'home_score' | 'away_score' | 'shootout_winner'
>;

// Every page's matches, not one page's: a pairing's matches are two short index ranges (a few hundred
// rows for the most played pairing of international football), so they are read and counted here rather
// than in SQL, the same on both engines.
const resultRows = new QueryTemplates<FilterParams>((db, params) =>
  matching(db, params, [
    'matches.home_team_id',
    'matches.status',
    'matches.home_score',
    'matches.away_score',
    'matches.shootout_winner',
  ]),
);

function count(rows: readonly ResultRow[], teamId: string): HeadToHead {
  const record: HeadToHead = {
    played: 0,
    wins: 0,
    draws: 0,
    losses: 0,
    goalsFor: 0,
    goalsAgainst: 0,
    shootoutWins: 0,
    shootoutLosses: 0,
  };
  for (const row of rows) {
    if (row.status !== 'finished' || row.home_score === null || row.away_score === null) continue;
    const home = row.home_team_id === teamId;
    const scored = home ? row.home_score : row.away_score;
    const conceded = home ? row.away_score : row.home_score;
    record.played += 1;
    record.goalsFor += scored;
    record.goalsAgainst += conceded;
    if (scored > conceded) record.wins += 1;
    else if (scored < conceded) record.losses += 1;
    else {
      record.draws += 1;
      if (row.shootout_winner) {
        if ((row.shootout_winner === 'home') === home) record.shootoutWins += 1;
        else record.shootoutLosses += 1;
      }
    }
  }
  return record;
}

/** The head-to-head record over every match `filter` picks (its teamId and opponentId set). */
export async function headToHead(storage: Storage, filter: MatchFilter): Promise<HeadToHead> {
  const query = resultRows.compile(storage.db, filterParams(filter));
  return count(await readRows<ResultRow>(storage, query), filter.teamId!);
}

/** headToHead, synchronous, where the database is in process (SQLite); undefined otherwise. */
export function headToHeadNow(storage: Storage): ((filter: MatchFilter) => HeadToHead) | undefined {
  const { readNow } = storage;
  if (!readNow) return undefined;
  return (filter) =>
    count(readNow(resultRows.compile(storage.db, filterParams(filter))) as ResultRow[], filter.teamId!);
}
