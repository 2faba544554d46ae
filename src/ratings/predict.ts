import type { RatingPointRow } from '../storage/repositories/rating.repository.js';
import { ratingDifference, startRatingAt } from './elo.js';
import { outcomeProbabilities, roundedProbabilities, type Probabilities } from './outcome-model.js';
import type { RatingRules } from './rating-rules.js';

export interface Side {
  team: { id: string; name: string };
  rating: number;
  matches: number;
  rated_through: string | null;
  provisional: boolean;
}

export interface Prediction extends Probabilities {
  home: Side;
  away: Side;
  home_advantage: number;
  rating_difference: number;
}

/**
 * A side's rating before a kick-off: after its newest match kicking off strictly before it, or, for a
 * team with none, a new team's start. A successor state's first match uses its own start here too: a
 * prediction reads the stored points only, and the rating pass decides an inheritance at the match.
 */
function side(
  team: { id: string; name: string },
  point: RatingPointRow | undefined,
  rules: RatingRules,
  startsAt: string,
): Side {
  const rating = point ? Number(point.rating_after) / 1000 : startRatingAt(rules.elo, startsAt);
  const matches = point ? Number(point.matches) : 0;
  return {
    team,
    rating: Math.round(rating * 10) / 10,
    matches,
    rated_through: point?.starts_at ?? null,
    provisional: matches < rules.provisionalBelow,
  };
}

/** The probabilities of a match from its sides' ratings before kick-off. */
export function predict(
  rules: RatingRules,
  home: { team: { id: string; name: string }; point: RatingPointRow | undefined },
  away: { team: { id: string; name: string }; point: RatingPointRow | undefined },
  neutral: boolean,
  startsAt: string,
): Prediction {
  const h = side(home.team, home.point, rules, startsAt);
  const a = side(away.team, away.point, rules, startsAt);
  const exact = (p: RatingPointRow | undefined) =>
    p ? Number(p.rating_after) / 1000 : startRatingAt(rules.elo, startsAt);
  const advantage = neutral ? 0 : rules.elo.homeAdvantage;
  const difference = ratingDifference(exact(home.point), exact(away.point), neutral, rules.elo.homeAdvantage);
  return {
    ...roundedProbabilities(outcomeProbabilities(difference, rules.outcome, rules.elo.scale)),
    home: h,
    away: a,
    home_advantage: advantage,
    rating_difference: Math.round(difference * 10) / 10,
  };
}
