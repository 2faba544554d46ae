import { Type } from '@sinclair/typebox';
import type { KeywordDefinition, SchemaValidateFunction } from 'ajv';
import { canonicalTimeZone } from '../../representation/zoned-time.js';

/**
 * The `tz` query parameter of every route that shows matches (docs/api.md, "Time zones"), and the schema
 * keyword that reads it. Validation resolves the name through Intl and puts the zone it names in its
 * place (US/Eastern, america/new_york and America/New_York are one zone), so the handler, and the
 * response cache, whose key is made from the validated query, see one value per zone: respelling a zone
 * cannot file its answer twice.
 */

const KEYWORD = 'x-time-zone';

const validateTimeZone: SchemaValidateFunction = (_schema, data, _parent, context) => {
  const zone = typeof data === 'string' ? canonicalTimeZone(data) : undefined;
  if (zone === undefined) {
    validateTimeZone.errors = [
      {
        keyword: KEYWORD,
        message: 'must be an IANA time zone name, such as Europe/Berlin, America/Mexico_City or UTC',
        params: {},
      },
    ];
    return false;
  }
  if (context) context.parentData[context.parentDataProperty] = zone;
  return true;
};

/** The Ajv keyword `tz` is checked and resolved with (app.ts gives it to Fastify's validator). */
export const TIME_ZONE_KEYWORD: KeywordDefinition = {
  keyword: KEYWORD,
  type: 'string',
  schemaType: 'boolean',
  modifying: true,
  errors: true,
  validate: validateTimeZone,
};

/** `tz`, to spread into a route's query schema. */
export const TimeZoneQuery = {
  tz: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      [KEYWORD]: true,
      examples: ['America/Mexico_City', 'Europe/Berlin', 'Asia/Tokyo'],
      description:
        'An IANA time zone (Europe/Berlin, America/Mexico_City, Asia/Kathmandu; UTC by default): starts_at ' +
        'is given with that zone’s offset at that instant (2026-06-11T13:00:00-06:00), the same instant; ' +
        'a date-only kick-off (starts_at_precision "date") as its date at 00:00:00 with the offset then, ' +
        'the same date in every zone. Names as Intl knows them: aliases (US/Eastern, Asia/Calcutta) and ' +
        'any letter case are accepted; an offset (+05:30) or an unknown name is a 400. UTC and its ' +
        'aliases (Etc/UTC, GMT) leave starts_at as stored, with Z.',
    }),
  ),
};

/** The zone a validated query's `tz` names, or undefined for UTC, whose answer is the stored text. */
export function zoneOf(query: Readonly<Record<string, unknown>>): string | undefined {
  const tz = query.tz;
  return typeof tz === 'string' && tz !== 'UTC' ? tz : undefined;
}
