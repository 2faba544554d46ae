import { Type } from '@sinclair/typebox';
import { NO_CONTROL_CHARACTERS } from './common.js';

/** How many of each team's latest matches a form table counts at most, and by default. */
export const MAX_FORM_MATCHES = 50;
export const DEFAULT_FORM_MATCHES = 5;

export const STANDINGS_VIEWS = ['total', 'home', 'away', 'form'] as const;

/** The standings route's query: which table of the season, and as of when. */
export const StandingsViewQuery = Type.Object(
  {
    view: Type.Optional(
      Type.Union(
        STANDINGS_VIEWS.map((v) => Type.Literal(v)),
        {
          default: 'total',
          description:
            'total: the whole table (the default). home, away: each team’s home or away matches only, ranked ' +
            'with the same points and tiebreakers (head-to-head over those matches). form: each team’s last ' +
            '`last` matches. home, away and form tables are computed, apply no points adjustment and no split, ' +
            'and describe no zones.',
        },
      ),
    ),
    last: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_FORM_MATCHES,
        description: `With view=form: how many of each team’s latest matches count (default ${DEFAULT_FORM_MATCHES}). Without it: 400.`,
      }),
    ),
    date: Type.Optional(
      Type.String({
        format: 'date',
        description:
          'The table as it stood at the end of this UTC day: only matches that kicked off on or before it ' +
          'count. Always computed, also for a season a source publishes (basis says so); the season’s ' +
          'points adjustments all apply (the curated list has no dates).',
      }),
    ),
    round: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        pattern: NO_CONTROL_CHARACTERS,
        description:
          'The table after this round, as a match shows it (the rounds endpoint lists them in order): only ' +
          'its matches and those of the rounds before it count. A round the season does not have: 404. ' +
          'Not with date (400).',
      }),
    ),
  },
  { additionalProperties: false },
);

export const StandingsViewOut = Type.Object(
  {
    type: Type.Union(
      STANDINGS_VIEWS.map((v) => Type.Literal(v)),
      { description: 'The view asked for (view)' },
    ),
    last: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
      description: 'With form: the matches counted per team',
    }),
    date: Type.Union([Type.String({ format: 'date' }), Type.Null()], {
      description: 'The table as of the end of this UTC day; null: now',
    }),
    round: Type.Union([Type.String(), Type.Null()], {
      description: 'The table after this round; null: after every round played',
    }),
  },
  { description: 'Which table of the season the rows are' },
);
