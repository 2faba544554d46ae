import { Type } from '@sinclair/typebox';
import { DECIDED_BY, MATCH_WINNERS } from '../../vocabulary/match-outcomes.js';
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

const Goals = (description: string) =>
  Nullable(
    Type.Object({ home: Type.Integer({ minimum: 0 }), away: Type.Integer({ minimum: 0 }) }, { description }),
  );

/** The score's stages (docs/api.md, "Score breakdown"): additions to the contract's one number per side. */
const ScoreBreakdown = Type.Object(
  {
    half_time: Goals('At half-time; null when the source does not give it.'),
    full_time: Goals(
      'After 90 minutes (stoppage time included), before any extra time; null when the source does not give it ' +
        '(a final score alone, from a source that does not say whether extra time was played).',
    ),
    extra_time: Goals(
      "After 120 minutes, cumulative: the 90 minutes' goals included (the score as it stood, as the sources " +
        "give it; football-data.org's extraTime counts extra time's goals alone); null when no extra time " +
        'was played or the source does not say.',
    ),
    penalties: Goals(
      "The shoot-out's kicks scored, part of no other score; null without a shoot-out, or when the source " +
        'gives only its winner.',
    ),
  },
  {
    description:
      'The score by stage (an addition). home_team.score/away_team.score keep their meaning: the result after ' +
      'extra time, before a shoot-out.',
  },
);

export const Match = Type.Object(
  {
    id: Type.String({ description: 'prefix match_' }),
    competition: Reference,
    season: Reference,
    starts_at: Type.String({
      format: 'date-time',
      description: 'The kick-off, in UTC (Z); with tz, the same instant with that zone’s offset then.',
    }),
    starts_at_precision: Type.Union([Type.Literal('datetime'), Type.Literal('date')], {
      description:
        '"date" when the source gave only a date: starts_at is then that date at 00:00:00Z (with tz, at ' +
        '00:00:00 with the zone’s offset, the same date) and its time means nothing.',
    }),
    round: Nullable(Type.String()),
    status: MatchStatus,
    home_team: MatchTeam,
    away_team: MatchTeam,
    score: ScoreBreakdown,
    winner: Nullable(
      Type.Union(
        MATCH_WINNERS.map((w) => Type.Literal(w)),
        {
          description:
            "Who won the match (an addition): the shoot-out's winner where one was taken, else by the score; " +
            'draw for a level score without one. Null until the match is finished with a score.',
        },
      ),
    ),
    decided_by: Nullable(
      Type.Union(
        DECIDED_BY.map((d) => Type.Literal(d)),
        {
          description:
            'What settled the result (an addition): regular_time, extra_time, penalties, or awarded (a result ' +
            'decided off the pitch). Null while the match is not finished, and when the source gives a final ' +
            'score alone without saying whether extra time was played.',
        },
      ),
    ),
    aggregate: Nullable(
      Type.Object(
        {
          home: Type.Integer({ minimum: 0, description: "This match's home side, over both legs" }),
          away: Type.Integer({ minimum: 0, description: "This match's away side, over both legs" }),
          first_leg_id: Type.String({ description: 'The first leg (prefix match_)' }),
        },
        {
          description:
            'On the second leg of a two-legged tie the source shows (an addition): the goals over both legs ' +
            '(after extra time, shoot-out apart), once both legs have a score. Null otherwise.',
        },
      ),
    ),
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
