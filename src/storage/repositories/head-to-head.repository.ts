import { sql, type RawBuilder } from 'kysely';
import type { Storage } from '../connection.js';
import { then, type Maybe } from '../maybe.js';
import { QueryTemplates, readRows } from '../query-templates.js';
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

/** The record from the side of the pair's first team (the lower ID), as the database counts it. */
interface RecordRow {
  played: number;
  wins: number;
  draws: number;
  goals_for: number;
  goals_against: number;
  shootout_wins: number;
  shootout_losses: number;
}

/**
 * Counted in SQL over every page's matches (the pairing's index range), so that a request reads one row
 * rather than a row per match. Counts are cast to integers: PostgreSQL sums and counts as bigint, which
 * its driver gives as text. Only finished matches with a score count; a draw's shoot-out (the score
 * includes extra time, never the shoot-out) counts apart.
 */
const recordRows = new QueryTemplates<FilterParams>((db, params) => {
  const first = params.pairFirst!;
  const home = sql`m.home_team_id = ${first}`;
  const whole = (expression: RawBuilder<unknown>) =>
    sql<number>`cast(coalesce(sum(${expression}), 0) as integer)`;
  const counted = (condition: RawBuilder<unknown>) => whole(sql`case when ${condition} then 1 else 0 end`);
  return db
    .selectFrom(
      matching(db, params, [
        'matches.home_team_id',
        'matches.status',
        'matches.home_score',
        'matches.away_score',
        'matches.shootout_winner',
      ]).as('m'),
    )
    .where('m.status', '=', sql.lit('finished'))
    .where('m.home_score', 'is not', null)
    .where('m.away_score', 'is not', null)
    .select([
      sql<number>`cast(count(*) as integer)`.as('played'),
      counted(
        sql`(${home} and m.home_score > m.away_score) or (not ${home} and m.away_score > m.home_score)`,
      ).as('wins'),
      counted(sql`m.home_score = m.away_score`).as('draws'),
      whole(sql`case when ${home} then m.home_score else m.away_score end`).as('goals_for'),
      whole(sql`case when ${home} then m.away_score else m.home_score end`).as('goals_against'),
      counted(
        sql`m.home_score = m.away_score and m.shootout_winner = (case when ${home} then 'home' else 'away' end)`,
      ).as('shootout_wins'),
      counted(
        sql`m.home_score = m.away_score and m.shootout_winner = (case when ${home} then 'away' else 'home' end)`,
      ).as('shootout_losses'),
    ]);
});

/** The record of `row` (the pair's first team's) from `teamId`'s side. */
function recordOf(row: RecordRow, params: FilterParams, teamId: string): HeadToHead {
  const record: HeadToHead = {
    played: row.played,
    wins: row.wins,
    draws: row.draws,
    losses: row.played - row.wins - row.draws,
    goalsFor: row.goals_for,
    goalsAgainst: row.goals_against,
    shootoutWins: row.shootout_wins,
    shootoutLosses: row.shootout_losses,
  };
  if (teamId === params.pairFirst) return record;
  return {
    ...record,
    wins: record.losses,
    losses: record.wins,
    goalsFor: record.goalsAgainst,
    goalsAgainst: record.goalsFor,
    shootoutWins: record.shootoutLosses,
    shootoutLosses: record.shootoutWins,
  };
}

/** The head-to-head record over every match `filter` picks (its teamId and opponentId set). */
export function headToHead(storage: Storage, filter: MatchFilter): Maybe<HeadToHead> {
  const params = filterParams(filter);
  return then(readRows<RecordRow>(storage, recordRows.compile(storage.db, params)), ([row]) =>
    recordOf(row!, params, filter.teamId!),
  );
}
