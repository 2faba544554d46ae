import { Type } from '@sinclair/typebox';
import { NO_CONTROL_CHARACTERS, Nullable, PageQuery, PaginationMeta } from './common.js';
import { MAX_LISTED } from '../../storage/repositories/match-list-query.js';
import { IdListString, IdString } from './ids.js';
import { IncludeQuery } from './match-include.js';

/** How many matches `ids=` may name. */
export const MAX_IDS = 100;
import { MatchStatus } from './resources.js';
import { TimeZoneQuery } from './time-zone.js';

const day = (description: string) => Type.String({ format: 'date', description });
const count = (description: string) => Type.Integer({ minimum: 0, description });

/** `sort`'s values: kick-off oldest first or, with a minus, newest first (the default: match-list-request.ts orderOf). */
export const MATCH_SORTS = ['starts_at', '-starts_at'] as const;

export const MatchListQuery = Type.Object(
  {
    competition_id: Type.Optional(
      IdListString(
        'comp_',
        MAX_LISTED,
        `A competition, or up to ${MAX_LISTED} separated by commas (any of them)`,
      ),
    ),
    season_id: Type.Optional(IdString('season_')),
    team_id: Type.Optional(
      IdListString(
        'team_',
        MAX_LISTED,
        `Matches where this team is home or away; up to ${MAX_LISTED} teams separated by commas: matches of ` +
          'any of them, each listed once',
      ),
    ),
    opponent_id: Type.Optional(
      IdString(
        'team_',
        'With one team_id only: the matches between the two teams, either at home; meta.head_to_head then ' +
          'sums them up from team_id’s side. Without team_id, with several, or equal to it: 400.',
      ),
    ),
    status: Type.Optional(MatchStatus),
    round: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        pattern: NO_CONTROL_CHARACTERS,
        description:
          'The round exactly as a match shows it in `round` ("Matchday 1", "Final"): case and spaces count.',
      }),
    ),
    date_from: Type.Optional(day('Inclusive UTC date, YYYY-MM-DD')),
    date_to: Type.Optional(day('Inclusive UTC date, YYYY-MM-DD')),
    date: Type.Optional(
      day(
        'One local day, YYYY-MM-DD, in tz (UTC by default): the matches kicking off from its first instant ' +
          'there to the next day’s (23 or 25 hours on a daylight-saving day), and the date-only ones of that ' +
          'date. Not with date_from or date_to (400), which stay UTC dates whatever tz is.',
      ),
    ),
    ...TimeZoneQuery,
    updated_since: Type.Optional(
      Type.String({
        format: 'date-time',
        description:
          'RFC 3339 date-time with an offset (2024-05-01T12:00:00Z; a "+" offset must be sent as %2B): only ' +
          'the matches whose served fields changed after this instant, the names they show included (a ' +
          'renamed team changes its matches). meta.next_updated_since is the value to ask with next time.',
      }),
    ),
    ids: Type.Optional(
      IdListString(
        'match_',
        MAX_IDS,
        `Up to ${MAX_IDS} match IDs separated by commas: those matches, in the order asked (one asked twice is ` +
          'listed once, where first asked), all in one page (page must be 1; limit is not used), unknown ' +
          'ones named in meta.missing. No other filter with it (400).',
      ),
    ),
    ...IncludeQuery,
    sort: Type.Optional(
      Type.Union(
        MATCH_SORTS.map((s) => Type.Literal(s)),
        {
          description:
            'starts_at: oldest kick-off first; -starts_at: newest first; ties by id. Without it: oldest first ' +
            'when season_id, date, date_from or date_to bounds the list (a fixture list), newest first ' +
            'otherwise (the latest matches of the archive, a team or a competition first).',
        },
      ),
    ),
    ...PageQuery,
  },
  { additionalProperties: false },
);

export const HeadToHead = Type.Object(
  {
    team_id: Type.String({ description: 'The side the record is counted from (the team_id asked)' }),
    opponent_id: Type.String(),
    played: count(
      'Matches counted: the finished ones with a score, of every page (not only this one) and within ' +
        'the other filters; scheduled, postponed, canceled and unknown ones are listed but not counted',
    ),
    wins: count('Won on the score'),
    draws: count('Level on the score, a shoot-out after it included'),
    losses: count('Lost on the score'),
    goals_for: count('Goals team_id scored in the counted matches (extra time included, shoot-outs not)'),
    goals_against: count('Goals team_id conceded in the counted matches'),
    shootout_wins: count('Draws team_id then won on penalties (counted in draws too)'),
    shootout_losses: count('Draws team_id then lost on penalties (counted in draws too)'),
  },
  { description: 'Two teams’ record against each other, from team_id’s side' },
);

export const MatchListMeta = Type.Object(
  {
    ...PaginationMeta.properties,
    head_to_head: Type.Optional(HeadToHead),
    missing: Type.Optional(
      Type.Array(Type.String(), {
        description: 'With ids only: the IDs asked that name no stored match, in the order asked',
      }),
    ),
    next_updated_since: Type.Optional(
      Nullable(
        Type.String({
          format: 'date-time',
          description:
            'With updated_since only: when the newest change to any match was logged. Ask with it as ' +
            'updated_since next time to get every match changed after this answer, whatever the clocks; ' +
            'null while no match is stored.',
        }),
      ),
    ),
  },
  { description: 'Pagination meta, and what the match list adds for updated_since and opponent_id' },
);
