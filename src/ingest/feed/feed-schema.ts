import { Type, type Static, type TSchema } from '@sinclair/typebox';

/**
 * The operator feed's document, defined once: the adapter checks every record against these schemas, and
 * docs/feed/feed.schema.json is generated from them (published-schema.ts), so what is documented is what
 * is accepted. Patterns stand in for `format`s so that any JSON Schema validator checks them alike.
 */

/** The version of the format this Touchline reads. */
export const FEED_VERSION = 1;

const Optional = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

const Key = Type.String({
  minLength: 1,
  maxLength: 128,
  pattern: '^\\S+$',
  description: "The operator's own key of the record: any text without spaces, case-sensitive.",
});
const SeasonKey = Type.String({
  maxLength: 64,
  pattern: '^[0-9]{4}\\S*$',
  description: 'A season key begins with the year the season starts: "2025", "2025-26", "2025-apertura".',
});
const touchlineId = (prefix: string, description: string) =>
  Type.String({ pattern: `^${prefix}_[0-9a-hjkmnp-tv-z]{16}$`, description });
const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
const Url = Type.String({ maxLength: 2000, pattern: '^https?://\\S+$' });
const LocalDate = Type.String({
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
  description: "YYYY-MM-DD, the date in the competition's time zone.",
});
const LocalTime = Type.String({
  pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$',
  description: "HH:MM, the kick-off in the competition's time zone.",
});
const Goals = Type.Integer({ minimum: 0, maximum: 999 });
const pair = (description: string) =>
  Type.Object({ home: Goals, away: Goals }, { additionalProperties: false, description });

const Country = Type.Object(
  {
    name: Optional(Name),
    code: Optional(
      Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2 (GB for England).' }),
    ),
  },
  { additionalProperties: false },
);

export const FeedSource = Type.Object(
  {
    name: Name,
    attribution: Optional(Type.String({ minLength: 1, maxLength: 1000 })),
    license: Optional(Type.String({ minLength: 1, maxLength: 200 })),
    url: Optional(Url),
  },
  { additionalProperties: false, description: 'Who publishes the feed and on what terms (informational).' },
);

export const CompetitionReference = Type.Object(
  { key: Key, id: touchlineId('comp', 'The Touchline ID of a stored competition.') },
  {
    additionalProperties: false,
    description: 'A competition Touchline already has, under a key of the feed.',
  },
);
export const CompetitionDefinition = Type.Object(
  {
    key: Key,
    name: Name,
    type: Type.Union([Type.Literal('league'), Type.Literal('cup'), Type.Literal('tournament')]),
    gender: Type.Union([Type.Literal('men'), Type.Literal('women'), Type.Literal('mixed')]),
    timezone: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'IANA time zone its dates and kick-off times are in ("Europe/London").',
    }),
    country: Optional(Country),
    confederation: Optional(
      Type.Union(['FIFA', 'UEFA', 'CONMEBOL', 'CONCACAF', 'CAF', 'AFC', 'OFC'].map((c) => Type.Literal(c))),
    ),
    logo_url: Optional(Url),
  },
  { additionalProperties: false, description: 'A competition of the feed.' },
);

export const SeasonReference = Type.Object(
  { competition: Key, key: SeasonKey, id: touchlineId('season', 'The Touchline ID of a stored season.') },
  { additionalProperties: false, description: 'A season Touchline already has, under a key of the feed.' },
);
export const SeasonDefinition = Type.Object(
  {
    competition: Key,
    key: SeasonKey,
    name: Optional(
      Type.String({ minLength: 1, maxLength: 64, description: 'Shown as is; the key by default.' }),
    ),
  },
  { additionalProperties: false, description: "A season of one of the feed's competitions." },
);

export const TeamReference = Type.Object(
  { key: Key, id: touchlineId('team', 'The Touchline ID of a stored team.') },
  { additionalProperties: false, description: 'A team Touchline already has, under a key of the feed.' },
);
export const TeamDefinition = Type.Object(
  {
    key: Key,
    name: Name,
    short_name: Optional(Name),
    country: Optional(Country),
    logo_url: Optional(Url),
  },
  { additionalProperties: false, description: 'A team of the feed.' },
);

export const FixtureStatus = Type.Union(
  ['scheduled', 'live', 'finished', 'postponed', 'canceled'].map((s) => Type.Literal(s)),
  { description: 'Left out: finished with a score, else scheduled until the kick-off and unknown after it.' },
);

export const FixtureScore = Type.Object(
  {
    home: Goals,
    away: Goals,
    half_time: Optional(pair('At half-time.')),
    full_time: Optional(
      pair('After 90 minutes: only for a match that went to extra time (home/away then include it).'),
    ),
    penalties: Optional(pair('The shoot-out, never part of home/away.')),
    awarded: Optional(
      Type.Boolean({
        description:
          'true: the score was awarded (a forfeit, a sanction), not played: the fixture is finished, decided ' +
          'off the pitch.',
      }),
    ),
  },
  {
    additionalProperties: false,
    description: 'The score as it stands (live) or the final one, extra time included, a shoot-out apart.',
  },
);

export const Venue = Type.Object(
  {
    name: Optional(Name),
    city: Optional(Name),
    country: Optional(Name),
    neutral: Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const FixtureDefinition = Type.Object(
  {
    key: Key,
    id: Type.Optional(
      touchlineId(
        'match',
        'The Touchline ID of a stored match this fixture is: the feed writes it (docs/feed.md).',
      ),
    ),
    competition: Key,
    season: SeasonKey,
    home: Key,
    away: Key,
    date: LocalDate,
    time: Optional(LocalTime),
    status: Optional(FixtureStatus),
    score: Optional(FixtureScore),
    round: Optional(
      Type.String({ minLength: 1, maxLength: 200, description: '"Matchday 3", "Group A", "Final".' }),
    ),
    stage: Optional(Type.String({ minLength: 1, maxLength: 200, description: '"Regular", "group stage".' })),
    venue: Optional(Venue),
  },
  { additionalProperties: false, description: 'A fixture: its teams, kick-off, status and score.' },
);

export type CompetitionReferenceRecord = Static<typeof CompetitionReference>;
export type CompetitionDefinitionRecord = Static<typeof CompetitionDefinition>;
export type SeasonReferenceRecord = Static<typeof SeasonReference>;
export type SeasonDefinitionRecord = Static<typeof SeasonDefinition>;
export type TeamReferenceRecord = Static<typeof TeamReference>;
export type TeamDefinitionRecord = Static<typeof TeamDefinition>;
export type FixtureRecord = Static<typeof FixtureDefinition>;
export type FixtureScoreRecord = Static<typeof FixtureScore>;
export type FeedSourceRecord = Static<typeof FeedSource>;

/** The four record lists, each with the schema its entries must satisfy. */
export const RECORD_LISTS = {
  competitions: Type.Union([CompetitionReference, CompetitionDefinition]),
  seasons: Type.Union([SeasonReference, SeasonDefinition]),
  teams: Type.Union([TeamReference, TeamDefinition]),
  matches: FixtureDefinition,
} as const;

export type RecordList = keyof typeof RECORD_LISTS;

/**
 * The document around the records, given the schema of each list's entries: the published schema gives
 * the records' own, the adapter `unknown` (it checks each record apart, so that one bad record is
 * rejected alone instead of failing the document).
 */
export function feedDocument(entry: (list: RecordList) => TSchema) {
  const list = (name: RecordList) => Type.Optional(Type.Array(entry(name)));
  return Type.Object(
    {
      $schema: Type.Optional(Type.String({ description: 'Where editors find this schema; not read.' })),
      feed_version: Type.Literal(FEED_VERSION),
      source: Type.Optional(FeedSource),
      competitions: list('competitions'),
      seasons: list('seasons'),
      teams: list('teams'),
      matches: list('matches'),
    },
    { additionalProperties: false },
  );
}

/** What the adapter checks of a whole document before it looks at any record. */
export const FeedEnvelope = feedDocument(() => Type.Unknown());
export type FeedEnvelopeRecord = Static<typeof FeedEnvelope>;
