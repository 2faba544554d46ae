import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../storage/schema.js';
import {
  deletePointsOf,
  insertPoints,
  latestPointsBefore,
  nationalAmong,
  pointsFrom,
  scoredMatchesFrom,
  type RatingPointRow,
} from '../storage/repositories/rating.repository.js';
import { rateMatches, type RatingPoint, type TeamState } from './elo.js';
import { ratedMatches } from './rated-matches.js';
import { RATING_SYSTEMS, RULES_OF, type RatingSystem } from './rating-rules.js';

type Db = Kysely<Database> | Transaction<Database>;

const milli = (rating: number) => Math.round(rating * 1000);

function rowOf(system: RatingSystem, p: RatingPoint): RatingPointRow {
  return {
    match_id: p.matchId,
    team_id: p.teamId,
    system,
    opponent_id: p.opponentId,
    starts_at: p.startsAt,
    date: p.date,
    rating_before: milli(p.before),
    rating_after: milli(p.after),
    matches: p.matches,
  };
}

const sameRow = (a: RatingPointRow, b: RatingPointRow) =>
  a.system === b.system &&
  a.opponent_id === b.opponent_id &&
  a.starts_at === b.starts_at &&
  a.date === b.date &&
  Number(a.rating_before) === b.rating_before &&
  Number(a.rating_after) === b.rating_after &&
  Number(a.matches) === b.matches;

export interface RatingsUpdate {
  /** Teams whose points changed (inserted, updated or removed). */
  teams: string[];
  /** Point rows written (those of the matches whose points changed, written anew). */
  rows: number;
}

/**
 * Brings the stored rating points in line with the matches from `from` (a kick-off instant; null: from
 * the first match): every team's state before `from` is read from its newest stored point, the matches
 * from `from` on are rated again, and only the points that differ are written. Points before `from` are
 * not read or touched, so a new result costs its own day's matches, and a correction the matches after it.
 */
export async function updateRatings(db: Db, from: string | null): Promise<RatingsUpdate> {
  const scored = await scoredMatchesFrom(db, from);
  const teamIds = new Set<string>();
  for (const m of scored) teamIds.add(m.home_team_id).add(m.away_team_id);
  const national = await nationalAmong(db, [...teamIds].sort());
  const bySystem = ratedMatches(scored, national);
  // The teams to resume: those playing from `from` on, and their predecessors.
  const playing = new Set<string>();
  for (const system of RATING_SYSTEMS) {
    for (const m of bySystem[system]) {
      for (const t of [m.home, m.away]) {
        playing.add(t);
        // A successor may take its predecessor's state: the predecessor's is read too.
        const predecessor = RULES_OF[system].elo.predecessors.get(t);
        if (predecessor !== undefined) playing.add(predecessor);
      }
    }
  }
  // From the first match every team starts anew; else each from its newest point before `from`.
  const resumed = from === null ? [] : await latestPointsBefore(db, from, [...playing].sort());
  const fresh = new Map<string, RatingPointRow>();
  for (const system of RATING_SYSTEMS) {
    const states = new Map<string, TeamState>();
    for (const p of resumed) {
      if (p.system !== system) continue;
      states.set(p.team_id, {
        rating: Number(p.rating_after) / 1000,
        matches: Number(p.matches),
        lastPlayed: p.starts_at,
      });
    }
    for (const point of rateMatches(bySystem[system], states, RULES_OF[system].elo)) {
      const row = rowOf(system, point);
      fresh.set(`${row.match_id} ${row.team_id}`, row);
    }
  }
  const stale = new Set<string>();
  const storedRows = await pointsFrom(db, from);
  const stored = new Set<string>();
  for (const row of storedRows) {
    const key = `${row.match_id} ${row.team_id}`;
    stored.add(key);
    const now = fresh.get(key);
    if (!now || !sameRow(row, now)) stale.add(row.match_id);
  }
  for (const [key, row] of fresh) if (!stored.has(key)) stale.add(row.match_id);
  const teams = new Set<string>();
  for (const row of storedRows) if (stale.has(row.match_id)) teams.add(row.team_id);
  for (const row of fresh.values()) if (stale.has(row.match_id)) teams.add(row.team_id);
  if (stale.size === 0) return { teams: [], rows: 0 };
  const matchIds = [...stale];
  await deletePointsOf(db, matchIds);
  const rows = [...fresh.values()].filter((r) => stale.has(r.match_id));
  await insertPoints(db, rows);
  return { teams: [...teams].sort(), rows: rows.length };
}
