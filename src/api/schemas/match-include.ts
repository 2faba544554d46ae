import { Type } from '@sinclair/typebox';
import type { KeywordDefinition, SchemaValidateFunction } from 'ajv';
import { MatchLineups, MatchPlayerStatistics, MatchStatistics, MatchTimeline } from './details.js';

/** What `include=` adds to a match, in the order the answer lists them (and the cache key spells them). */
export const MATCH_INCLUDES = ['stats', 'lineups', 'timeline', 'player_stats'] as const;
export type MatchInclude = (typeof MATCH_INCLUDES)[number];

const KEYWORD = 'x-match-includes';

/**
 * Validation checks `include` and writes it back in MATCH_INCLUDES order, so that `lineups,stats` and
 * `stats,lineups` are one validated query, hence one cache entry and one ETag (the key is made from the
 * validated query: answer-address.ts).
 */
const validateIncludes: SchemaValidateFunction = (_schema, data, _parent, context) => {
  const asked = typeof data === 'string' ? data.split(',') : [];
  const known = asked.every((part) => (MATCH_INCLUDES as readonly string[]).includes(part));
  if (!known || new Set(asked).size !== asked.length) {
    validateIncludes.errors = [
      {
        keyword: KEYWORD,
        message: `must be some of ${MATCH_INCLUDES.join(', ')}, separated by commas, each once`,
        params: {},
      },
    ];
    return false;
  }
  if (context)
    context.parentData[context.parentDataProperty] = MATCH_INCLUDES.filter((i) => asked.includes(i)).join(
      ',',
    );
  return true;
};

/** The Ajv keyword `include` is checked and put in order with (app.ts gives it to Fastify's validator). */
export const MATCH_INCLUDES_KEYWORD: KeywordDefinition = {
  keyword: KEYWORD,
  type: 'string',
  schemaType: 'boolean',
  modifying: true,
  errors: true,
  validate: validateIncludes,
};

/** How many matches an answer may include details for: a match screen, or a fixtures screen. */
export const MAX_INCLUDED_MATCHES = 20;

/** `include`, to spread into a route's query schema. */
export const IncludeQuery = {
  include: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      [KEYWORD]: true,
      examples: ['stats,lineups,timeline,player_stats', 'lineups'],
      description:
        'Details to include in each match, any of stats, lineups, timeline, player_stats (comma-separated, ' +
        'each once, in any order): each is put in `included` exactly as its sub-resource answers it (the ' +
        'data of /football/matches/{id}/stats, /lineups, /timeline, /player-stats, coverage flag included). ' +
        `Counted as one request. On the match list only for a page of at most ${MAX_INCLUDED_MATCHES} ` +
        'matches (limit, or ids); more is a 400.',
    }),
  ),
};

/** The details a validated query's `include` asks for, in MATCH_INCLUDES order. */
export function includesOf(query: Readonly<Record<string, unknown>>): MatchInclude[] {
  const include = query.include;
  return typeof include === 'string' ? (include.split(',') as MatchInclude[]) : [];
}

/** What `included` holds: each part the `data` of its sub-resource's answer. */
export const Included = Type.Object(
  {
    stats: Type.Optional(MatchStatistics.properties.data),
    lineups: Type.Optional(MatchLineups.properties.data),
    timeline: Type.Optional(MatchTimeline.properties.data),
    player_stats: Type.Optional(MatchPlayerStatistics.properties.data),
  },
  { description: 'With include= only: the details asked for, each as its sub-resource answers it' },
);
