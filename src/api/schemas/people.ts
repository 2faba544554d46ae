import { Type } from '@sinclair/typebox';
import { LEADER_TYPES, PLAYER_POSITIONS } from '../../vocabulary/people.js';
import { CountedPaginationMeta, Nullable, Reference } from './common.js';
import { AttributionList } from './details.js';

/**
 * People and places as resources (issue 41): players, coaches, referees, venues, a player's career, a
 * competition's leader boards, a season's and a team's honours, a match's officials. A figure no source
 * records is null, never 0; each collection says whether it is covered.
 */

const Gender = Nullable(Type.Union([Type.Literal('men'), Type.Literal('women')]));

export const PlayerResource = Type.Object(
  {
    id: Type.String({ description: 'prefix player_' }),
    name: Type.String(),
    known_as: Nullable(
      Type.String({ description: 'The name the player is known by, where a source has one' }),
    ),
    given_name: Nullable(Type.String()),
    family_name: Nullable(Type.String()),
    date_of_birth: Nullable(Type.String({ format: 'date' })),
    gender: Gender,
    nationality: Nullable(
      Type.String({
        description: 'The national team the player played for (the sources give no citizenship)',
      }),
    ),
    positions: Type.Array(Type.Union(PLAYER_POSITIONS.map((p) => Type.Literal(p)))),
    teams: Type.Array(Reference, { description: 'Teams the player was named for, in a squad or a lineup' }),
    sources: Type.Array(Type.String()),
  },
  { $id: 'Player' },
);

export const PlayerList = Type.Object({ data: Type.Array(PlayerResource), meta: CountedPaginationMeta });
export const PlayerOne = Type.Object({ data: PlayerResource });

const Figure = Nullable(Type.Integer({ minimum: 0 }));

export const CareerRow = Type.Object({
  competition: Reference,
  season: Reference,
  team: Reference,
  appearances: Figure,
  starts: Figure,
  minutes: Figure,
  goals: Figure,
  penalty_goals: Figure,
  own_goals: Figure,
  yellow_cards: Figure,
  red_cards: Figure,
  coverage: Type.Object(
    {
      appearances: Type.Boolean(),
      minutes: Type.Boolean(),
      goals: Type.Boolean(),
      cards: Type.Boolean(),
    },
    {
      description:
        "Whether every match of the team's season is covered for the figure: lineups for appearances and " +
        'starts, lineups and timelines for minutes, timelines whose source records goals (and penalty and ' +
        'own goals) or cards. A figure not covered is null.',
    },
  ),
});

export const PlayerCareer = Type.Object(
  {
    data: Type.Object({
      player: Reference,
      attribution: AttributionList,
      rows: Type.Array(CareerRow),
    }),
    meta: Type.Object({ count: Type.Integer({ minimum: 0 }) }),
  },
  { $id: 'PlayerCareer' },
);

export const LeaderTypeQuery = Type.Union(
  LEADER_TYPES.map((t) => Type.Literal(t)),
  {
    default: 'goals',
    description: 'What the board counts: goals (own goals and shoot-out kicks not), assists, cards',
  },
);

export const LeaderQuery = Type.Object(
  {
    type: Type.Optional(LeaderTypeQuery),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 100,
        default: 20,
        description:
          'Ranks listed: every player whose rank is at most this (ties at the last rank included, up to 200 entries)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const LeaderEntry = Type.Object({
  rank: Type.Integer({ minimum: 1 }),
  player: Type.Object({
    id: Nullable(Type.String({ description: 'Null for a name a source gives without a player record' })),
    name: Type.String(),
  }),
  teams: Type.Array(Reference),
  value: Type.Integer({ minimum: 1 }),
  matches: Nullable(
    Type.Integer({ minimum: 0, description: 'Null where the lineups do not cover every match' }),
  ),
});

export const Leaders = Type.Object(
  {
    data: Type.Object({
      competition: Reference,
      season: Nullable(Reference),
      type: LeaderTypeQuery,
      coverage: Type.Object({
        leaders_available: Type.Boolean(),
        seasons_counted: Type.Integer({ minimum: 0, description: 'Seasons whose timelines cover the type' }),
      }),
      tiebreak: Type.String(),
      attribution: AttributionList,
      leaders: Type.Array(LeaderEntry),
    }),
    meta: Type.Object({ count: Type.Integer({ minimum: 0 }), truncated: Type.Boolean() }),
  },
  { $id: 'Leaders' },
);

export const CoachResource = Type.Object(
  {
    id: Type.String({ description: 'prefix coach_' }),
    name: Type.String(),
    given_name: Nullable(Type.String()),
    family_name: Nullable(Type.String()),
    country: Nullable(Type.String()),
    gender: Gender,
    source: Type.String(),
  },
  { $id: 'Coach' },
);

export const RefereeResource = Type.Object(
  {
    id: Type.String({ description: 'prefix referee_' }),
    name: Type.String(),
    given_name: Nullable(Type.String()),
    family_name: Nullable(Type.String()),
    country: Nullable(Type.String()),
    confederation: Nullable(Type.String()),
    gender: Gender,
    source: Type.String(),
  },
  { $id: 'Referee' },
);

export const VenueResource = Type.Object(
  {
    id: Type.String({ description: 'prefix venue_' }),
    name: Type.String(),
    city: Nullable(Type.String()),
    country: Nullable(Type.String()),
    capacity: Nullable(Type.Integer({ minimum: 0 })),
    source: Type.String(),
  },
  { $id: 'Venue' },
);

const MatchRef = Type.Object({
  id: Type.String(),
  starts_at: Type.String({ format: 'date-time' }),
  competition: Reference,
  season: Reference,
  home_team: Reference,
  away_team: Reference,
});

export const CoachList = Type.Object({ data: Type.Array(CoachResource), meta: CountedPaginationMeta });
export const RefereeList = Type.Object({ data: Type.Array(RefereeResource), meta: CountedPaginationMeta });
export const VenueList = Type.Object({ data: Type.Array(VenueResource), meta: CountedPaginationMeta });

export const CoachOne = Type.Object({
  data: Type.Intersect([
    CoachResource,
    Type.Object({
      appointments: Type.Array(Type.Object({ competition: Reference, season: Reference, team: Reference })),
      matches: Type.Integer({ minimum: 0, description: 'Matches the coach is on the team sheet of' }),
    }),
  ]),
});

const CardsShown = Type.Object({
  yellow_cards: Nullable(Type.Integer({ minimum: 0 })),
  red_cards: Nullable(Type.Integer({ minimum: 0 })),
});

export const RefereeOne = Type.Object({
  data: Type.Intersect([
    RefereeResource,
    Type.Object({
      cards: Type.Intersect([CardsShown, Type.Object({ matches_covered: Type.Integer({ minimum: 0 }) })], {
        description:
          "Cards shown in the referee's matches whose timelines record cards; null when none does. A second yellow counts as a yellow and a red.",
      }),
      matches: Type.Array(
        Type.Intersect([MatchRef, Type.Object({ role: Type.String() }), Type.Object({ cards: CardsShown })]),
      ),
    }),
  ]),
});

export const VenueOne = Type.Object({
  data: Type.Intersect([
    VenueResource,
    Type.Object({ matches: Type.Integer({ minimum: 0, description: 'Matches played at the venue' }) }),
  ]),
});

export const MatchOfficials = Type.Object(
  {
    data: Type.Object({
      match_id: Type.String(),
      coverage: Type.Object({ officials_available: Type.Boolean() }),
      attribution: AttributionList,
      officials: Type.Array(
        Type.Object({
          role: Type.String({ description: 'referee, assistant_referee, fourth_official, video_assistant' }),
          referee: Type.Object({ id: Nullable(Type.String()), name: Type.String() }),
        }),
      ),
    }),
  },
  { $id: 'MatchOfficials' },
);

const Placing = Type.Object({
  position: Type.Integer({ minimum: 1 }),
  team: Reference,
  basis: Type.String({ description: 'tournament_standings (published final placings), final, table' }),
});

const Award = Type.Object({
  award: Type.String(),
  player: Nullable(Reference),
  team: Nullable(Reference),
  shared: Type.Boolean(),
});

export const SeasonHonours = Type.Object(
  {
    data: Type.Object({
      competition: Reference,
      season: Reference,
      coverage: Type.Object({ honours_available: Type.Boolean() }),
      attribution: AttributionList,
      champion: Nullable(Reference),
      runner_up: Nullable(Reference),
      placings: Type.Array(Placing),
      awards: Type.Array(Award),
    }),
  },
  { $id: 'SeasonHonours' },
);

export const TeamHonours = Type.Object(
  {
    data: Type.Object({
      team: Reference,
      coverage: Type.Object({ honours_available: Type.Boolean() }),
      attribution: AttributionList,
      honours: Type.Array(
        Type.Object({
          competition: Reference,
          season: Reference,
          position: Type.Integer({ minimum: 1 }),
          basis: Type.String(),
        }),
      ),
    }),
  },
  { $id: 'TeamHonours' },
);
