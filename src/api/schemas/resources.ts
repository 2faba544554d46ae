import { Type } from '@sinclair/typebox';
import { MATCH_STATUSES } from '../../vocabulary/match-statuses.js';
import { Nullable, Reference } from './common.js';

export const Country = Type.Object({
  name: Nullable(Type.String()),
  code: Nullable(
    Type.String({
      minLength: 2,
      maxLength: 2,
      description: 'ISO 3166-1 alpha-2; GB for England, Scotland, Wales and Northern Ireland',
    }),
  ),
});

export const Competition = Type.Object(
  {
    id: Type.String({ description: 'prefix comp_' }),
    slug: Type.String(),
    name: Type.String(),
    country: Country,
    confederation: Nullable(
      Type.String({
        description:
          'FIFA, or the confederation (UEFA, CONMEBOL, CONCACAF, CAF, AFC, OFC) the competition belongs to; ' +
          'null when no source says (an addition to the contract)',
      }),
    ),
    type: Type.Union([
      Type.Literal('league'),
      Type.Literal('cup'),
      Type.Literal('tournament'),
      Type.Literal('unknown'),
    ]),
    gender: Type.Union([
      Type.Literal('men'),
      Type.Literal('women'),
      Type.Literal('mixed'),
      Type.Literal('unknown'),
    ]),
    logo_url: Nullable(Type.String({ format: 'uri' })),
    season_count: Type.Integer({ minimum: 0 }),
  },
  { $id: 'Competition' },
);

export const Season = Type.Object(
  {
    id: Type.String({ description: 'prefix season_' }),
    name: Type.String(),
    starts_on: Nullable(Type.String({ format: 'date' })),
    ends_on: Nullable(Type.String({ format: 'date' })),
    is_current: Type.Boolean({
      description: "True for a competition's newest season while it still has matches to play.",
    }),
    team_count: Type.Integer({ minimum: 0 }),
    match_count: Type.Integer({ minimum: 0 }),
  },
  { $id: 'Season' },
);

export const Team = Type.Object(
  {
    id: Type.String({ description: 'prefix team_' }),
    slug: Type.String(),
    name: Type.String(),
    short_name: Nullable(Type.String()),
    country_name: Nullable(Type.String()),
    country_code: Nullable(Type.String()),
    logo_url: Nullable(Type.String({ format: 'uri' })),
  },
  { $id: 'Team' },
);

export const MatchStatus = Type.Union(MATCH_STATUSES.map((s) => Type.Literal(s)));

const MatchTeam = Type.Object({
  id: Type.String(),
  name: Type.String(),
  logo_url: Nullable(Type.String({ format: 'uri' })),
  score: Nullable(Type.Integer({ minimum: 0 })),
});

export const Match = Type.Object(
  {
    id: Type.String({ description: 'prefix match_' }),
    competition: Reference,
    season: Reference,
    starts_at: Type.String({ format: 'date-time' }),
    starts_at_precision: Type.Union([Type.Literal('datetime'), Type.Literal('date')], {
      description:
        '"date" when the source gave only a date: starts_at is then that date at 00:00:00Z and its time means nothing.',
    }),
    round: Nullable(Type.String()),
    status: MatchStatus,
    home_team: MatchTeam,
    away_team: MatchTeam,
    venue: Nullable(
      Type.Object(
        {
          name: Nullable(Type.String({ description: 'The stadium' })),
          city: Nullable(Type.String({ description: 'As the source names it at the time of the match' })),
          country: Nullable(
            Type.String({ description: 'The country the match was played in, named as it was then' }),
          ),
          neutral: Nullable(Type.Boolean({ description: 'True when neither side played at home' })),
        },
        { description: 'Null when the source says nothing of the venue (city, country, neutral: additions)' },
      ),
    ),
    updated_at: Nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'Match' },
);

export const Capabilities = Type.Object(
  {
    fixtures: Type.Boolean(),
    results: Type.Boolean(),
    teams: Type.Boolean(),
    standings: Type.Boolean(),
    players: Type.Boolean(),
    live: Type.Boolean(),
    odds: Type.Boolean(),
    statistics: Type.Boolean({ description: 'Team match statistics (an addition to the contract)' }),
    lineups: Type.Boolean({ description: 'Match lineups (an addition to the contract)' }),
    timeline: Type.Boolean({ description: 'Match events (an addition to the contract)' }),
  },
  {
    $id: 'Capabilities',
    description: 'Derived from the rows stored for the competition; false means no data.',
  },
);
