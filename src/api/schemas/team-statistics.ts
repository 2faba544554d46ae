import { Type } from '@sinclair/typebox';
import { Nullable, Reference } from './common.js';
import { AttributionList } from './details.js';
import { IdString } from './ids.js';

const count = (description?: string) => Type.Integer({ minimum: 0, description });

export const TeamStatisticsQuery = Type.Object(
  {
    season_id: Type.Optional(IdString('season_', 'The season; its competition is the one counted')),
    competition_id: Type.Optional(
      IdString(
        'comp_',
        'Without season_id: the team’s newest season in this competition (without either: its newest season ' +
          'of all, a league’s first). With season_id: must be its competition, else 404.',
      ),
    ),
  },
  { additionalProperties: false },
);

const Split = Type.Object({
  played: count(),
  won: count(),
  drawn: count(),
  lost: count(),
  goals_for: count(),
  goals_against: count(),
  clean_sheets: count('Matches without a goal conceded'),
  failed_to_score: count('Matches without a goal scored'),
});

const Streak = Type.Object({
  longest: count('The longest run of the season, in matches'),
  current: count('The run at the team’s latest counted match'),
});

const NotableResult = Nullable(
  Type.Object(
    {
      match_id: Nullable(Type.String()),
      date: Type.String({ format: 'date', description: 'UTC date of the kick-off' }),
      opponent: Reference,
      venue: Type.Union([Type.Literal('home'), Type.Literal('away')]),
      goals_for: count(),
      goals_against: count(),
    },
    { description: 'Widest margin, then most goals scored (conceded for a defeat), then the earliest' },
  ),
);

/** A figure for and against, counted over the matches whose data has it; null where none has. */
const Covered = (what: string) =>
  Nullable(
    Type.Object(
      {
        for: count(),
        against: count(),
        matches: count(`Counted matches whose ${what} is stored: the figures are over these only`),
      },
      { description: `From the stored ${what}; null when none of the team’s counted matches has them` },
    ),
  );

export const TeamStatistics = Type.Object({
  data: Type.Object({
    team: Reference,
    competition: Reference,
    season: Reference,
    table: Nullable(
      Type.Object(
        {
          position: Type.Integer({ minimum: 1 }),
          group: Nullable(Type.String()),
          points: Type.Integer({ description: 'As the table shows them, its adjustments included' }),
        },
        {
          description:
            'The team’s row in the season’s table (its last group’s, if it played in several); null: no table',
        },
      ),
    ),
    matches: Type.Object(
      {
        ...Split.properties,
        goal_difference: Type.Integer(),
        points_per_game: Nullable(
          Type.Number({ description: 'Table points (adjustments included) per match played, 2 decimals' }),
        ),
      },
      {
        description:
          'The matches the season’s table counts for the team (a league’s matches; a tournament’s group ' +
          'matches), awarded results as awarded: the same totals as its table row, by construction',
      },
    ),
    home: Split,
    away: Split,
    biggest_win: NotableResult,
    biggest_defeat: NotableResult,
    runs: Type.Object({
      winning: Streak,
      unbeaten: Streak,
      losing: Streak,
      without_win: Streak,
    }),
    form: Nullable(Type.String({ description: 'The last five results, oldest first (W, D, L)' })),
    statistics: Type.Object(
      {
        corners: Covered('team statistics (corners)'),
        shots: Covered('team statistics (shots)'),
        shots_on_target: Covered('team statistics (shots on target)'),
        yellow_cards: Covered('team statistics (yellow cards)'),
        red_cards: Covered('team statistics (red cards)'),
        penalty_goals: Covered('timeline'),
      },
      {
        description:
          'Counted from the stored match statistics and timelines where they cover the team’s matches. A ' +
          'match counts for penalty goals when its timeline has any event, so a goalless match without ' +
          'events is not counted as covered.',
      },
    ),
    attribution: AttributionList,
  }),
});
