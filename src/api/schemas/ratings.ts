import { Type } from '@sinclair/typebox';
import { CountedPaginationMeta, Nullable, PageQuery, Reference } from './common.js';
import { IdString } from './ids.js';

const day = (description: string) => Type.String({ format: 'date', description });
const System = Type.Union([Type.Literal('national'), Type.Literal('club')], {
  description: 'national: men’s national teams (World Football Elo method); club: clubs (ClubElo-like)',
});
const Rating = (description: string) => Type.Number({ description });
const probability = (description: string) => Type.Number({ minimum: 0, maximum: 1, description });

export const RankingsQuery = Type.Object(
  {
    type: Type.Union([Type.Literal('national'), Type.Literal('club')], {
      default: 'national',
      description: 'Which ranking: national teams or clubs',
    }),
    date: Type.Optional(
      day('The day, YYYY-MM-DD: ratings after every match dated up to it (default: today, UTC)'),
    ),
    competition_id: Type.Optional(
      IdString('comp_', 'The teams that played a match of this competition (any season)'),
    ),
    country_code: Type.Optional(
      Type.String({
        pattern: '^[A-Za-z]{2}$',
        description: 'ISO 3166-1 alpha-2 of the team’s country (case-insensitive)',
      }),
    ),
    ...PageQuery,
  },
  { additionalProperties: false },
);

const RankedTeam = Type.Object({
  rank: Type.Integer({ minimum: 1, description: 'Position in this list (equal ratings share a rank)' }),
  team: Reference,
  country_code: Nullable(Type.String()),
  rating: Rating('Elo rating after the team’s last match dated up to the day, to one decimal'),
  rating_change_year: Nullable(
    Type.Number({ description: 'Change since the same day a year before; null: not rated then' }),
  ),
  rank_change_year: Nullable(
    Type.Integer({
      description: 'Places gained (positive) since a year before, in the same list; null: not ranked then',
    }),
  ),
  matches: Type.Integer({
    minimum: 1,
    description: 'Rated matches counted (a predecessor state’s included)',
  }),
  last_match_date: Type.String({ format: 'date' }),
  provisional: Type.Boolean({ description: 'Fewer rated matches than the system needs to settle (30)' }),
});

export const Rankings = Type.Object({
  data: Type.Array(RankedTeam),
  meta: Type.Composite([
    CountedPaginationMeta,
    Type.Object({
      type: System,
      date: Type.String({ format: 'date' }),
      meaningful_from: Nullable(
        Type.String({ format: 'date', description: 'Before this day the system’s ratings have not settled' }),
      ),
    }),
  ]),
});

export const TeamRatingsQuery = Type.Object(
  {
    date_from: Type.Optional(day('Inclusive, YYYY-MM-DD (the match’s date)')),
    date_to: Type.Optional(day('Inclusive, YYYY-MM-DD')),
    ...PageQuery,
  },
  { additionalProperties: false },
);

const RatingPoint = Type.Object({
  match_id: Type.String(),
  date: Type.String({ format: 'date' }),
  starts_at: Type.String({ format: 'date-time' }),
  opponent: Reference,
  rating_before: Rating('Before the match'),
  rating_after: Rating('After the match'),
  change: Type.Number(),
  matches: Type.Integer({ minimum: 1 }),
});

/** A team's rating now: the newest point. */
export const CurrentRating = Type.Object({
  team: Reference,
  type: System,
  rating: Rating('After the team’s newest rated match'),
  matches: Type.Integer({ minimum: 1 }),
  last_match_id: Type.String(),
  last_match_date: Type.String({ format: 'date' }),
  provisional: Type.Boolean(),
});

export const TeamRatings = Type.Object({
  data: Type.Object({
    team: Reference,
    type: Nullable(System),
    current: Nullable(CurrentRating),
    points: Type.Array(RatingPoint, { description: 'One per rated match in the range, oldest first' }),
  }),
  meta: Type.Composite([
    CountedPaginationMeta,
    Type.Object({
      date_from: Nullable(Type.String({ format: 'date' })),
      date_to: Nullable(Type.String({ format: 'date' })),
    }),
  ]),
});

const SideRating = Type.Object({
  team: Reference,
  rating: Rating('The team’s rating after its newest match kicking off before this one (a new team’s start)'),
  matches: Type.Integer({ minimum: 0, description: 'Rated matches it was counted over' }),
  rated_through: Nullable(
    Type.String({
      format: 'date-time',
      description: 'Kick-off of the newest match the rating counts; null: none',
    }),
  ),
  provisional: Type.Boolean(),
});

export const MatchPrediction = Type.Object({
  data: Type.Object({
    match_id: Type.String(),
    status: Type.String(),
    starts_at: Type.String({ format: 'date-time' }),
    available: Type.Boolean({
      description: 'False for a match no rating system covers (women’s football): then every figure is null',
    }),
    type: Nullable(System),
    as_of: Nullable(
      Type.String({
        format: 'date-time',
        description:
          'The ratings count only matches kicking off strictly before this instant (the kick-off), also for a finished match',
      }),
    ),
    home_win: Nullable(probability('Probability of a home win (after extra time; a shoot-out is a draw)')),
    draw: Nullable(probability('Probability of a draw')),
    away_win: Nullable(probability('Probability of an away win; the three sum to 1')),
    home: Nullable(SideRating),
    away: Nullable(SideRating),
    home_advantage: Nullable(
      Type.Number({ description: 'Points added to the home side: 0 on neutral ground' }),
    ),
    rating_difference: Nullable(Type.Number({ description: 'Home minus away, home advantage included' })),
    model: Nullable(
      Type.Object({
        rating: Type.String({ description: 'The rating method' }),
        outcome: Type.String({
          description: 'How probabilities follow from the difference (docs/ratings.md)',
        }),
      }),
    ),
  }),
});
