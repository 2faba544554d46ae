/**
 * How a competition ranks its table: points per result and the tiebreakers it applies, in order, to
 * teams level on points, and the changes it made that results do not show. Kept as data
 * (data/standings/*.json, read by competition-rules.ts, competition-zones.ts and adjustments.ts), one entry per competition and era, each with the
 * public reference it was taken from. The schemas below are the one definition: they type the code, check
 * the files at start-up and are published beside them (*.schema.json, scripts/write-json-schemas.ts).
 */
import type { Frozen } from '../text/data-file.js';
import { Type, type Static, type TLiteral, type TUnion } from '@sinclair/typebox';

type Literals<T extends readonly string[]> = { -readonly [K in keyof T]: TLiteral<T[K] & string> };

/** A union of string literals, typed as the union of the values (TypeBox's own map loses them). */
export function literals<const T extends readonly string[]>(
  values: T,
  description: string,
): TUnion<Literals<T>> {
  const union = Type.Union(
    values.map((value) => Type.Literal(value)),
    { description },
  );
  return union as unknown as TUnion<Literals<T>>;
}

/** A season key as stored: "2023-24", or "1994" for a calendar-year season. */
export const SeasonKey = Type.String({
  pattern: '^[0-9]{4}(-[0-9]{2})?$',
  description: 'A season key as stored: "2023-24", or "1994" for a calendar-year season.',
});

/** A public page, as a URL, or a section of Touchline's documentation. */
const Reference = Type.String({ minLength: 1, description: 'Public reference it was taken from (a URL).' });

/** Free text that says what was checked and how: what a comment said when the tables were code. */
export const Notes = Type.Optional(
  Type.Array(Type.String({ minLength: 1 }), {
    description: 'What was checked, against what, and what could not be: one paragraph an item.',
  }),
);

/**
 * Criteria that separate teams level on points. The head-to-head ones compare the teams still level
 * on the matches played between them only (a mini-table); when they separate some of the teams but not
 * all, they are applied again to those still level, as UEFA and FIFA regulations say.
 */
export const TIEBREAKERS = [
  /** goals for minus goals against */
  'goal_difference',
  'goals_for',
  /** goals for divided by goals against (World Cups 1958-1966); no goal against ranks first */
  'goal_average',
  'wins',
  /** matches won away from home */
  'away_wins',
  /** goals scored away from home */
  'away_goals_for',
  'head_to_head_points',
  'head_to_head_goal_difference',
  'head_to_head_goals_for',
  /** goals scored away from home in the matches between the teams level */
  'head_to_head_away_goals',
] as const;
export const TiebreakerSchema = literals(TIEBREAKERS, 'A criterion that separates teams level on points.');
export type Tiebreaker = Static<typeof TiebreakerSchema>;

const SplitPoints = literals(['kept', 'halved'], 'kept, or halved (see rounding)');

/** A group of a split season, of `size` clubs, named by `label` in the rows of the final table. */
export const SplitGroupSchema = Type.Object(
  {
    label: Type.String({ minLength: 1 }),
    size: Type.Integer({ minimum: 1 }),
    points: Type.Optional(
      literals(
        ['kept', 'halved'],
        "The first phase's points in this group, where they differ from the split's (Belgium's relegation play-offs).",
      ),
    ),
    later: Type.Optional(
      Type.Literal(false, {
        description:
          'false: no later phase of this group counts toward the table (a knockout, play-offs with clubs of another division, or nothing at all): its clubs keep their first-phase places and points, and a later match of theirs in the data is not counted.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type SplitGroup = Frozen<Static<typeof SplitGroupSchema>>;

/**
 * A league season that splits after a first phase of `rounds` rounds: the clubs go, by their position
 * then, into groups of the given sizes (top first), play on within their group, and no club moves
 * between groups. The final table lists the groups in order, each ranked by its points: the first
 * phase's kept (`kept`) or halved (`halved`, rounded down unless `rounding` is `up`), plus the points of
 * the later phase. Tiebreakers count the results of the whole season, unless `level` says otherwise. The
 * split applies once every club has played its `rounds` first-phase matches, or once the data holds
 * matches of the later phase; before, the table is an ordinary one.
 */
export const TableSplitSchema = Type.Object(
  {
    rounds: Type.Integer({ minimum: 1 }),
    groups: Type.Array(SplitGroupSchema, { minItems: 1 }),
    points: SplitPoints,
    rounding: Type.Optional(
      Type.Literal('up', {
        description:
          'How an odd total is halved: rounded down (by default: Austria) or up (Belgium, Greece).',
      }),
    ),
    levelFirst: Type.Optional(
      Type.Literal('rounded_away', {
        description:
          'What ranks first among clubs level on points, before every tiebreaker: a club whose half point was rounded away (Austria).',
      }),
    ),
    levelLast: Type.Optional(
      Type.Literal('rounded_up', {
        description:
          'What ranks last among clubs level on points, before every tiebreaker: a club whose points were rounded up (Belgium).',
      }),
    ),
    level: Type.Optional(
      Type.Literal('first_phase_position', {
        description:
          "What decides, within a group, between clubs still level on points (after levelFirst or levelLast): the era's tiebreakers over the whole season's results (by default), or the places of the first phase (Belgium, Czechia).",
      }),
    ),
    reference: Reference,
  },
  { additionalProperties: false, description: 'A league that splits into groups after a first phase.' },
);
export type TableSplit = Frozen<Static<typeof TableSplitSchema>>;

export const TableRulesSchema = Type.Object(
  {
    pointsForWin: Type.Integer({ minimum: 0 }),
    pointsForDraw: Type.Integer({ minimum: 0 }),
    tiebreakers: Type.Array(TiebreakerSchema, {
      description:
        'Applied in order to teams level on points; teams still level after all of them share an order by name.',
    }),
    finally: Type.Optional(
      Type.String({
        minLength: 1,
        description:
          'What decides once every criterion is exhausted, when it is not something results can show (a drawing of lots, fair-play points, a play-off): said in the documentation of computed tables.',
      }),
    ),
    ranking: Type.Optional(
      Type.Union(
        [
          Type.Literal('points_per_game', {
            description:
              'Ranked by points per game (points, adjustments included, divided by matches played) instead of points; the tiebreakers then separate teams level on points per game.',
          }),
          Type.Literal('as_stood', {
            description:
              'The table as it stood when play stopped, declared final: ranked by points as usual, over the matches played.',
          }),
          Type.Literal('void', {
            description:
              'The season was declared void: no champion, promotion or relegation; the table as it stood is shown for information, with no zones.',
          }),
        ],
        {
          description:
            'How the competition ranked a season it ended early (points, the default, otherwise). Given in an era of that season alone, with its reference.',
        },
      ),
    ),
    reference: Reference,
    split: Type.Optional(TableSplitSchema),
  },
  { additionalProperties: false },
);
export type TableRules = Frozen<Static<typeof TableRulesSchema>>;

/** Rules of one competition, by era: `from` and `until` are season keys, inclusive ("1994", "1981-82"). */
export const CompetitionRulesSchema = Type.Object(
  {
    competition: Type.String({
      minLength: 1,
      description: 'competitions.code, as the sources give it ("en.1").',
    }),
    notes: Notes,
    eras: Type.Array(
      Type.Object(
        {
          from: Type.Optional(SeasonKey),
          until: Type.Optional(SeasonKey),
          notes: Notes,
          rules: TableRulesSchema,
        },
        { additionalProperties: false },
      ),
      { minItems: 1 },
    ),
  },
  { additionalProperties: false },
);
export type CompetitionRules = Frozen<Static<typeof CompetitionRulesSchema>>;

/**
 * A change the competition made to its table that results do not show, each with its public reference.
 * Teams are named as stored (teams.name) or by any stored alias.
 */
export const PointsAdjustmentSchema = Type.Object(
  {
    kind: Type.Literal('points'),
    competition: Type.String({ minLength: 1 }),
    season: SeasonKey,
    team: Type.String({ minLength: 1 }),
    points: Type.Integer({ description: 'Points added; a deduction is negative.' }),
    afterSplit: Type.Optional(
      Type.Literal(true, {
        description:
          'In a season whose points are halved at a split: true when the competition took the points from the total after the halving; otherwise they count in the first phase\u2019s total, halved with it.',
      }),
    ),
    reason: Type.String({ minLength: 1 }),
    reference: Reference,
    notes: Notes,
  },
  { additionalProperties: false },
);
export type PointsAdjustment = Frozen<Static<typeof PointsAdjustmentSchema>>;

/** The match an awarded result is about: its season's teams, by stored name, and its date where needed. */
const AwardedMatch = {
  competition: Type.String({ minLength: 1 }),
  season: SeasonKey,
  home: Type.String({ minLength: 1 }),
  away: Type.String({ minLength: 1 }),
  date: Type.Optional(
    Type.String({
      pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
      description: "The match's date, for a season where the two teams met more than once at home.",
    }),
  ),
};

/** A match whose result was awarded (a walkover, a forfeit): the table counts this score instead. */
export const AwardedScoreSchema = Type.Object(
  {
    kind: Type.Literal('awarded'),
    ...AwardedMatch,
    homeGoals: Type.Integer({ minimum: 0 }),
    awayGoals: Type.Integer({ minimum: 0 }),
    reason: Type.String({ minLength: 1 }),
    reference: Reference,
    notes: Notes,
  },
  { additionalProperties: false },
);

/**
 * A match awarded to one side with the goals scored kept (Ligue 1's "match perdu par pénalité" of
 * 2016-17): the table counts it won by `winner` and lost by the other, with the stored goals.
 */
export const AwardedWinSchema = Type.Object(
  {
    kind: Type.Literal('awarded'),
    ...AwardedMatch,
    winner: Type.Union([Type.Literal('home'), Type.Literal('away')], {
      description: 'The side given the win; the goals counted stay the stored ones.',
    }),
    reason: Type.String({ minLength: 1 }),
    reference: Reference,
    notes: Notes,
  },
  { additionalProperties: false },
);

export const AwardedResultSchema = Type.Union([AwardedScoreSchema, AwardedWinSchema]);
export type AwardedResult = Frozen<Static<typeof AwardedResultSchema>>;

export const TableAdjustmentSchema = Type.Union([
  PointsAdjustmentSchema,
  AwardedScoreSchema,
  AwardedWinSchema,
]);
export type TableAdjustment = Frozen<Static<typeof TableAdjustmentSchema>>;
