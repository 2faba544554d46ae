import { Type, type Static, type TLiteral, type TUnion } from '@sinclair/typebox';
import { LIVE_EVENT_TYPES, LIVE_PERIODS } from '../vocabulary/event-types.js';
import { LIVE_STATUSES } from '../vocabulary/match-statuses.js';

/**
 * The live match update an operator sends (docs/live-updates.md): one match, one small change. The JSON
 * Schema published in docs/feed/match-update.schema.json is generated from this one (see
 * match-update-json-schema.ts); a test keeps the two equal. Unknown fields are refused everywhere, so a
 * misspelt field is a rejection with a reason rather than an update silently applied without it.
 */

const oneOf = <T extends string>(values: readonly T[], description: string): TUnion<TLiteral<T>[]> =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  );

/** PostgreSQL's `integer`, the column `sequence` is kept in. */
export const MAX_SEQUENCE = 2_147_483_647;
const MAX_ITEMS = 200;

const Name = Type.String({ minLength: 1, maxLength: 200 });
export const OPERATOR_ID_PATTERN = '^\\S(.*\\S)?$';
/** An operator's ID: 1 to 200 characters, not starting or ending with a space. */
const operatorId = (description?: string) =>
  Type.String({ minLength: 1, maxLength: 200, pattern: OPERATOR_ID_PATTERN, description });
const PlayerId = Type.String({ pattern: '^player_[0-9a-z]+$', description: 'A Touchline player ID' });
const Goals = Type.Integer({ minimum: 0, maximum: 999 });
/** One stage's score (score_breakdown), or null to clear it. */
const Stage = (description: string) =>
  Type.Union([Type.Object({ home: Goals, away: Goals }, { additionalProperties: false }), Type.Null()], {
    description,
  });

export const MatchRef = Type.Union(
  [
    Type.String({ pattern: '^match_[0-9a-z]+$', description: 'A Touchline match ID' }),
    Type.Object(
      {
        source: Type.String({ minLength: 1, maxLength: 100, description: 'The source that named the match' }),
        key: Type.String({ minLength: 1, maxLength: 500, description: "That source's own key for it" }),
      },
      {
        additionalProperties: false,
        description: "The operator feed's own key, as an ingestion stored it (match_sources)",
      },
    ),
  ],
  { description: 'The match: its Touchline ID, or {source, key}' },
);

export const LiveEvent = Type.Object(
  {
    id: operatorId("The operator's ID for the event: an event sent again with it replaces the stored one"),
    type: oneOf(LIVE_EVENT_TYPES, 'What happened'),
    minute: Type.Integer({ minimum: 0, maximum: 150, description: "The minute (90 for 90+3')" }),
    stoppage_minute: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: 60 }), Type.Null()], {
        description: "Minutes into stoppage time (3 for 90+3'); null or absent in regulation time",
      }),
    ),
    period: Type.Optional(
      oneOf(LIVE_PERIODS, 'Absent: from the minute (up to 45, 90, 105, 120: the first half, ...)'),
    ),
    team: oneOf(
      ['home', 'away'] as const,
      'The side the event belongs to; for an own goal, the side it counts for',
    ),
    player: Type.Optional(
      Type.Union([Name, Type.Null()], {
        description: 'The player as the operator names them (the one coming on, for a substitution)',
      }),
    ),
    player_id: Type.Optional(PlayerId),
    related_player: Type.Optional(
      Type.Union([Name, Type.Null()], { description: 'Substitutions only: the player going off' }),
    ),
    related_player_id: Type.Optional(PlayerId),
    detail: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()])),
  },
  { additionalProperties: false },
);

const Count = Type.Union([Type.Integer({ minimum: 0, maximum: 10_000 }), Type.Null()]);
const Percent = Type.Union([Type.Number({ minimum: 0, maximum: 100 }), Type.Null()]);

export const LiveStatistics = Type.Object(
  {
    corners: Type.Optional(Count),
    shots_total: Type.Optional(Count),
    shots_on_target: Type.Optional(Count),
    shots_inside_box: Type.Optional(Count),
    possession_percent: Type.Optional(Percent),
    passes_accuracy_percent: Type.Optional(Percent),
    expected_goals: Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: 100 }), Type.Null()])),
    yellow_cards: Type.Optional(Count),
    red_cards: Type.Optional(Count),
  },
  {
    additionalProperties: false,
    description: 'Figures given replace the stored ones (null clears one); figures left out stay as stored',
  },
);

/** The most players a team sheet names: a starting eleven, and a bench. */
export const MAX_STARTING = 11;
export const MAX_BENCH = 23;

const placed = {
  shirt_number: Type.Optional(Type.Integer({ minimum: 0, maximum: 99, description: 'The shirt number' })),
  position: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 20,
      description: 'The position, as the operator writes it (GK, CB)',
    }),
  ),
};

export const LineupPlayer = Type.Union(
  [
    Type.Object(
      { id: PlayerId, ...placed },
      { additionalProperties: false, description: 'A player Touchline has, by ID' },
    ),
    Type.Object(
      {
        key: operatorId("The operator's own key for the player: the same key is the same player"),
        name: Name,
        ...placed,
      },
      {
        additionalProperties: false,
        description: "A player by the operator's key and name: stored as a player the first time",
      },
    ),
  ],
  { description: '{id} (a Touchline player ID) or {key, name}' },
);

export const TeamLineup = Type.Object(
  {
    formation: Type.Optional(
      Type.Union([Type.String({ minLength: 1, maxLength: 20 }), Type.Null()], {
        description: 'The formation (4-3-3)',
      }),
    ),
    coach: Type.Optional(Type.Union([Name, Type.Null()], { description: "The coach's name" })),
    starting: Type.Array(LineupPlayer, {
      minItems: 1,
      maxItems: MAX_STARTING,
      description: 'The starting players',
    }),
    bench: Type.Optional(Type.Array(LineupPlayer, { maxItems: MAX_BENCH, description: 'The substitutes' })),
  },
  {
    additionalProperties: false,
    description: "The team's lineup: it replaces the one stored for the team, all of it",
  },
);

export const MatchUpdate = Type.Object(
  {
    update_id: operatorId(
      "The operator's ID for this update, unique per match: sent again, it is a duplicate",
    ),
    match: MatchRef,
    sequence: Type.Integer({
      minimum: 0,
      maximum: MAX_SEQUENCE,
      description: "The operator's order of the match's updates: one not above the newest applied is stale",
    }),
    status: Type.Optional(oneOf(LIVE_STATUSES, 'The match status from now on')),
    score: Type.Optional(
      Type.Object(
        { home: Goals, away: Goals },
        { additionalProperties: false, description: 'The match score from now on (shoot-outs aside)' },
      ),
    ),
    score_breakdown: Type.Optional(
      Type.Object(
        {
          half_time: Type.Optional(Stage('The score at half-time')),
          full_time: Type.Optional(Stage('The score after 90 minutes, before any extra time')),
          extra_time: Type.Optional(Stage('The score after 120 minutes, the 90 minutes included')),
          penalties: Type.Optional(
            Stage("The shoot-out's kicks scored so far: sent after each kick, the last one its result"),
          ),
        },
        {
          additionalProperties: false,
          description:
            "The score at the end of each stage reached, and the shoot-out's: a stage given replaces the " +
            'stored one (null clears it), one left out stays as stored',
        },
      ),
    ),
    events: Type.Optional(
      Type.Array(LiveEvent, { maxItems: MAX_ITEMS, description: 'Timeline events to add or replace' }),
    ),
    remove_events: Type.Optional(
      Type.Array(operatorId(), { maxItems: MAX_ITEMS, description: 'IDs of events sent before, to remove' }),
    ),
    statistics: Type.Optional(
      Type.Object(
        { home: Type.Optional(LiveStatistics), away: Type.Optional(LiveStatistics) },
        { additionalProperties: false, description: "Each side's team statistics" },
      ),
    ),
    lineups: Type.Optional(
      Type.Object(
        { home: Type.Optional(TeamLineup), away: Type.Optional(TeamLineup) },
        { additionalProperties: false, description: "Each side's lineup" },
      ),
    ),
    correction: Type.Optional(
      Type.Boolean({
        description:
          'Allows what the rules refuse otherwise (a status moving back, a score going down or changing ' +
          'after full time); the change is recorded as a correction. Default false',
      }),
    ),
  },
  { additionalProperties: false },
);

export type MatchUpdate = Static<typeof MatchUpdate>;
export type LiveEvent = Static<typeof LiveEvent>;
export type LiveStatistics = Static<typeof LiveStatistics>;
export type MatchRef = Static<typeof MatchRef>;
export type LineupPlayer = Static<typeof LineupPlayer>;
export type TeamLineup = Static<typeof TeamLineup>;
