import { Type } from '@sinclair/typebox';
import { MATCH_STATUSES } from '../../vocabulary/match-statuses.js';

const count = (description: string) => Type.Integer({ minimum: 0, description });

export const SeasonRound = Type.Object({
  name: Type.String({
    description: 'The round exactly as its matches show it: pass it back as /football/matches?round=',
  }),
  order: Type.Integer({
    minimum: 1,
    description:
      'The order the rounds are played in: by each round’s median kick-off, then its earliest, then name',
  }),
  first_day: Type.String({ format: 'date', description: 'UTC date of its first kick-off' }),
  last_day: Type.String({
    format: 'date',
    description: 'UTC date of its last kick-off (a rescheduled match included)',
  }),
  matches: Type.Object(
    {
      ...Object.fromEntries(MATCH_STATUSES.map((s) => [s, count(`Matches ${s}`)])),
      total: count('All its matches'),
    },
    { description: 'Its matches by status, every status listed' },
  ),
  is_current: Type.Boolean({
    description:
      'Exactly one round is current: the round of a live match, else the first whose matches near its median ' +
      'kick-off (its core, within 7 days) have not all been played before today (UTC), else the last round',
  }),
});

export const SeasonRoundsMeta = Type.Object({
  count: count('Rounds listed'),
  without_round: count('Matches of the season that name no round: in no round listed'),
});
