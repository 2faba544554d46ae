import { Type } from '@sinclair/typebox';
import { Nullable, Reference } from './common.js';
import { StandingsViewOut } from './standings-view.js';
import { MatchStatus } from './resources.js';
import { PlayerRef, TimelineEvent } from '../../vocabulary/timeline-event.js';

/**
 * Shapes the interface leaves "not shown": match sub-resources, squads, standings and absences. Each
 * carries a coverage flag; false with an empty collection means no source supplies that data for the
 * competition, true with an empty collection means covered and nothing recorded.
 */

export const Attribution = Type.Object({
  source: Type.String(),
  notice: Type.String(),
  license: Type.String(),
  license_url: Type.String({ format: 'uri' }),
  source_url: Type.String({ format: 'uri' }),
});

export const AttributionList = Type.Array(Attribution, {
  description: 'Notices of the sources whose data this answer carries (CC-BY-SA requires them).',
});

export const Statistics = Type.Object({
  corners: Nullable(Type.Integer()),
  shots_total: Nullable(Type.Integer()),
  shots_on_target: Nullable(Type.Integer()),
  shots_inside_box: Nullable(Type.Integer()),
  possession_percent: Nullable(Type.Number()),
  passes_accuracy_percent: Nullable(Type.Number()),
  expected_goals: Nullable(Type.Number()),
  yellow_cards: Nullable(Type.Integer()),
  red_cards: Nullable(Type.Integer()),
});

export const MatchStatistics = Type.Object(
  {
    data: Type.Object({
      match_id: Type.String(),
      status: MatchStatus,
      coverage: Type.Object({ statistics_available: Type.Boolean() }),
      attribution: AttributionList,
      teams: Type.Array(Type.Object({ team: Reference, statistics: Statistics })),
    }),
  },
  { $id: 'MatchStatistics' },
);

const LineupPlayer = Type.Object({
  player: PlayerRef,
  shirt_number: Nullable(Type.Integer()),
  position: Nullable(Type.String()),
});

export const MatchLineups = Type.Object(
  {
    data: Type.Object({
      match_id: Type.String(),
      status: MatchStatus,
      coverage: Type.Object({ lineups_available: Type.Boolean() }),
      attribution: AttributionList,
      teams: Type.Array(
        Type.Object({
          team: Reference,
          formation: Nullable(Type.String()),
          coach: Nullable(
            Type.Object({
              id: Nullable(
                Type.String({
                  description: 'The coach resource (prefix coach_); null for joint coaches or a name alone',
                }),
              ),
              name: Type.String(),
            }),
          ),
          starting: Type.Array(LineupPlayer),
          bench: Type.Array(LineupPlayer),
        }),
      ),
    }),
  },
  { $id: 'MatchLineups' },
);

export const MatchTimeline = Type.Object(
  {
    data: Type.Object({
      match_id: Type.String(),
      status: MatchStatus,
      coverage: Type.Object({ timeline_available: Type.Boolean() }),
      attribution: AttributionList,
      events: Type.Array(TimelineEvent),
    }),
  },
  { $id: 'MatchTimeline' },
);

export const MatchPlayerStatistics = Type.Object(
  {
    data: Type.Object({
      match_id: Type.String(),
      status: MatchStatus,
      coverage: Type.Object({ player_statistics_available: Type.Boolean() }),
      attribution: AttributionList,
      teams: Type.Array(
        Type.Object({
          team: Reference,
          players: Type.Array(
            Type.Object({
              player: PlayerRef,
              minutes_played: Nullable(Type.Integer({ minimum: 0 })),
              rating: Nullable(Type.Number()),
              statistics: Type.Object({
                goals: Nullable(Type.Integer()),
                yellow_cards: Nullable(Type.Integer()),
                red_cards: Nullable(Type.Integer()),
              }),
            }),
          ),
        }),
      ),
    }),
  },
  { $id: 'MatchPlayerStatistics' },
);

export const Player = Type.Object({
  id: Type.String({ description: 'prefix player_' }),
  name: Type.String(),
  shirt_number: Nullable(Type.Integer()),
  position: Nullable(Type.String()),
  season: Reference,
});

export const Squad = Type.Object(
  {
    data: Type.Array(Player),
    meta: Type.Object({ count: Type.Integer({ minimum: 0 }) }),
    coverage: Type.Object({ squad_available: Type.Boolean() }),
    attribution: AttributionList,
  },
  { $id: 'Squad' },
);

export const StandingRow = Type.Object({
  position: Type.Integer(),
  group: Nullable(Type.String()),
  team: Reference,
  played: Type.Integer(),
  won: Type.Integer(),
  drawn: Type.Integer(),
  lost: Type.Integer(),
  goals_for: Type.Integer(),
  goals_against: Type.Integer(),
  goal_difference: Type.Integer(),
  points: Type.Integer(),
  form: Nullable(Type.String()),
  description: Nullable(
    Type.String({
      description:
        'What the place leads to. In a computed table one of "Champions", "Promotion", "Promotion play-offs", ' +
        '"Relegation play-offs", "Relegation", where the competition\'s own rules fix it by position, else ' +
        "null (never European places; see docs/api.md, Standings). A published table keeps its source's " +
        'note ("advanced" in the World Cups\' groups).',
    }),
  ),
});

const TableBasis = Nullable(
  Type.Union([Type.Literal('published'), Type.Literal('computed')], {
    description:
      'published: the table as a source publishes it (authoritative). computed: worked out by Touchline from ' +
      "the stored results of the finished matches of the table's stage, with the competition's points and " +
      'tiebreakers (see rules) and the deductions and awarded results in its curated list (see adjustments); ' +
      'it can miss a deduction or awarded result not in that list, and places decided by lots, fair-play ' +
      'points or play-offs (rules.finally). null: no table for this season (knockout rounds only).',
  }),
);

const TableRules = Nullable(
  Type.Object(
    {
      known: Type.Boolean({
        description:
          "false: the competition's own rules are not known to Touchline; the documented default applies",
      }),
      points_for_win: Type.Integer(),
      points_for_draw: Type.Integer(),
      ranking: Type.Union(
        [
          Type.Literal('points'),
          Type.Literal('points_per_game'),
          Type.Literal('as_stood'),
          Type.Literal('void'),
        ],
        {
          description:
            'What ranks the table before the tiebreakers: points; points per game (points, adjustments ' +
            'included, divided by matches played) for a season the competition ended early and ranked that ' +
            'way (2019-20 in League One, League Two, Ligue 1, Ligue 2 and the Scottish Premiership); ' +
            'as_stood, a season ended early whose table as it stood was declared final, ranked by points ' +
            '(Belgium 2019-20); void, a season declared void, its table as it stood shown for information ' +
            'with no zones (Eredivisie 2019-20). rules.reference then cites the decision',
        },
      ),
      tiebreakers: Type.Array(Type.String(), {
        description:
          'Applied in order to teams level on points; head_to_head_* count only the matches between them',
      }),
      finally: Nullable(
        Type.String({ description: 'What decides after these criteria, when results cannot show it' }),
      ),
      reference: Type.String({ description: 'Where the rules were taken from' }),
      split: Type.Optional(
        Type.Object(
          {
            rounds: Type.Integer({ description: 'Rounds of the first phase, after which the league split' }),
            groups: Type.Array(
              Type.Object({
                label: Type.String(),
                size: Type.Integer({ minimum: 1 }),
                points: Type.Union([Type.Literal('kept'), Type.Literal('halved')], {
                  description: "This group's first-phase points: kept, or halved (see rounding)",
                }),
                later: Type.Boolean({
                  description:
                    "false: nothing this group played after the split counts (a knockout, play-offs with another division's clubs): its clubs keep their first-phase places and points",
                }),
              }),
              { description: 'The groups, top first: places 1 to size of the first, and so on (rows.group)' },
            ),
            points: Type.Union([Type.Literal('kept'), Type.Literal('halved')], {
              description: "The first phase's points in every group that does not say otherwise",
            }),
            rounding: Type.Union([Type.Literal('down'), Type.Literal('up')], {
              description: 'How an odd total is halved: rounded down (Austria) or up (Belgium)',
            }),
            level_first: Nullable(
              Type.Literal('rounded_away', {
                description:
                  'What ranks first among clubs level on points, before the tiebreakers: a club whose half point was rounded away',
              }),
            ),
            level_last: Nullable(
              Type.Literal('rounded_up', {
                description:
                  'What ranks last among clubs level on points, before the tiebreakers: a club whose points were rounded up',
              }),
            ),
            level: Type.Union([Type.Literal('tiebreakers'), Type.Literal('first_phase_position')], {
              description:
                'What decides between clubs of a group still level on points: the tiebreakers over the whole season, or the places of the first phase',
            }),
            reference: Type.String({ description: 'Where the split was taken from' }),
          },
          {
            description:
              'Present when the table is the final one of a league that split after a first phase: each group ' +
              "is ranked by the first phase's points (kept or halved) plus its later points, and no club moves " +
              'between groups. Absent before the split and for every other table.',
          },
        ),
      ),
    },
    { description: 'How a computed table ranks teams; null for a published table' },
  ),
);

const TableAdjustment = Type.Object({
  team: Reference,
  points: Type.Integer({ description: 'Points added; a deduction is negative' }),
  reason: Type.String(),
  reference: Type.String({ description: 'Public source of the decision' }),
});

const Goals = Type.Object({ home: Type.Integer({ minimum: 0 }), away: Type.Integer({ minimum: 0 }) });

const AwardedResult = Type.Object(
  {
    home_team: Reference,
    away_team: Reference,
    date: Type.String({ format: 'date', description: 'The UTC date of the match' }),
    stored_score: Nullable(
      Type.Object(Goals.properties, {
        description:
          'The score the match shows (as played, or as its source gives it); null when it has none',
      }),
    ),
    counted_score: Type.Object(Goals.properties, {
      description: 'The score the table counts: the awarded one, or the stored one where the goals were kept',
    }),
    winner: Type.Union([Type.Literal('home'), Type.Literal('away'), Type.Literal('draw')], {
      description: 'Who the table counts as having won it',
    }),
    goals: Type.Union([Type.Literal('awarded'), Type.Literal('as_played')], {
      description:
        'awarded: the awarded score counts for the goals too; as_played: the win was awarded with the goals ' +
        'scored kept (Ligue 1 2016-17, Bastia v Lyon)',
    }),
    reason: Type.String(),
    reference: Type.String({ description: 'Public source of the decision' }),
  },
  {
    description:
      'A result the competition awarded, counted by the table instead of the one played, from the curated list',
  },
);

export const CompetitionStandings = Type.Object(
  {
    data: Type.Object({
      competition: Reference,
      season: Reference,
      coverage: Type.Object({ standings_available: Type.Boolean() }),
      basis: TableBasis,
      view: StandingsViewOut,
      rules: TableRules,
      adjustments: Type.Array(TableAdjustment, { description: 'Applied to a computed table' }),
      awarded_results: Type.Array(AwardedResult, {
        description: 'Awarded results a computed table counted; empty for a published one',
      }),
      attribution: AttributionList,
      rows: Type.Array(StandingRow),
    }),
  },
  { $id: 'CompetitionStandings' },
);

export const TeamStandings = Type.Object(
  {
    data: Type.Object({
      team: Reference,
      coverage: Type.Object({ standings_available: Type.Boolean() }),
      attribution: AttributionList,
      rows: Type.Array(
        Type.Intersect([
          StandingRow,
          Type.Object({ competition: Reference, season: Reference, basis: TableBasis }),
        ]),
      ),
    }),
  },
  { $id: 'TeamStandings' },
);

export const Absences = Type.Object(
  {
    data: Type.Array(
      Type.Object({
        player: PlayerRef,
        type: Type.Union([Type.Literal('injury'), Type.Literal('suspension'), Type.Literal('other')]),
        reason: Nullable(Type.String()),
        since: Nullable(Type.String({ format: 'date' })),
        expected_return: Nullable(Type.String({ format: 'date' })),
      }),
    ),
    meta: Type.Object({ count: Type.Integer({ minimum: 0 }) }),
    coverage: Type.Object({ injuries_available: Type.Boolean() }),
  },
  { $id: 'Absences' },
);
