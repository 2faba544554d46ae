import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';
import { newestPointsOf, teamNames } from '../storage/repositories/rating.repository.js';
import { RULES_OF, type RatingSystem } from '../ratings/rating-rules.js';

/** The current rating of each of these teams that has one, as `current` of a team's ratings serves it. */
export async function currentRatings(db: Kysely<Database>, teamIds: readonly string[]) {
  if (teamIds.length === 0) return [];
  const points = await newestPointsOf(db, teamIds);
  const names = await teamNames(
    db,
    points.map((p) => p.team_id),
  );
  return points.map((p) => {
    const system = p.system as RatingSystem;
    return {
      team: { id: p.team_id, name: names.get(p.team_id) ?? p.team_id },
      type: system,
      rating: Math.round(Number(p.rating_after) / 100) / 10,
      matches: Number(p.matches),
      last_match_id: p.match_id,
      last_match_date: p.date,
      provisional: Number(p.matches) < RULES_OF[system].provisionalBelow,
    };
  });
}
