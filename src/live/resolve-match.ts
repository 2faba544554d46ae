import type { Kysely, Transaction } from 'kysely';
import { STAGE_COLUMNS } from '../storage/repositories/match.repository.js';
import type { Database } from '../storage/schema.js';
import type { MatchRef } from './match-update.js';
import type { StoredStages } from './stage-rules.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * What applying an update reads of its match: its stages too, and its first leg's score when it is a
 * second leg (the aggregate the stream's state shows, and a shoot-out after a leg that was not level).
 */
export interface LiveMatch extends StoredStages {
  id: string;
  competition_id: string;
  season_id: string;
  starts_at: string;
  status: string;
  home_score: number | null;
  away_score: number | null;
  home_team_id: string;
  away_team_id: string;
  local_date: string | null;
  updated_at: string;
  home_team_name: string;
  away_team_name: string;
  source_status: string | null;
  first_leg_id: string | null;
  first_leg_home_score: number | null;
  first_leg_away_score: number | null;
}

/** A match reference as the operator wrote it, for messages and the rejections log. */
export function showMatchRef(ref: MatchRef): string {
  return typeof ref === 'string' ? ref : `${ref.source}:${ref.key}`;
}

/**
 * The match an update names: by its Touchline ID, or by the key a source gave it, through the
 * `match_sources` rows its ingestion stored. Undefined when there is none.
 */
export async function resolveMatch(db: Db, ref: MatchRef): Promise<LiveMatch | undefined> {
  let id: string;
  if (typeof ref === 'string') id = ref;
  else {
    const found = await db
      .selectFrom('match_sources')
      .select('match_id')
      .where('source', '=', ref.source)
      .where('source_key', '=', ref.key)
      .limit(1)
      .executeTakeFirst();
    if (!found) return undefined;
    id = found.match_id;
  }
  return db
    .selectFrom('matches')
    .innerJoin('teams as home', 'home.id', 'matches.home_team_id')
    .innerJoin('teams as away', 'away.id', 'matches.away_team_id')
    .leftJoin('matches as first_leg', 'first_leg.id', 'matches.first_leg_id')
    .select([
      'matches.id',
      'matches.competition_id',
      'matches.season_id',
      'matches.starts_at',
      'matches.status',
      'matches.home_score',
      'matches.away_score',
      'matches.home_team_id',
      'matches.away_team_id',
      'matches.local_date',
      'matches.updated_at',
      'home.name as home_team_name',
      'away.name as away_team_name',
      ...STAGE_COLUMNS,
      'matches.source_status',
      'matches.first_leg_id',
      'first_leg.home_score as first_leg_home_score',
      'first_leg.away_score as first_leg_away_score',
    ])
    .where('matches.id', '=', id)
    .executeTakeFirst();
}
