/**
 * Table zones: the places whose outcome a competition's own rules fix by final position (the title,
 * promotion, a promotion or relegation play-off, relegation). They give a computed table's rows their
 * `description`. Kept as data, one entry per competition and era with its reference, in
 * data/standings/competition-zones.json (read by competition-zones.ts).
 *
 * European places are not zones on purpose: how many a league gets, and which positions they go to,
 * depend on UEFA coefficients and on who wins the cups each year, not on the league's rules.
 */
import type { Frozen } from '../text/data-file.js';
import { Type, type Static } from '@sinclair/typebox';
import { literals, SeasonKey } from './table-rules.js';

/** The whole vocabulary of `description` in a computed table, documented in docs/api.md. */
export const ZONE_DESCRIPTIONS = [
  'Champions',
  'Promotion',
  'Promotion play-offs',
  'Relegation play-offs',
  'Relegation',
] as const;

export const ZoneDescriptionSchema = literals(
  ZONE_DESCRIPTIONS,
  'What the places lead to: the `description` of their rows.',
);
export type ZoneDescription = Static<typeof ZoneDescriptionSchema>;

/** Positions `from` to `to` (inclusive, 1 = first) lead to `description`. */
export const TableZoneSchema = Type.Object(
  {
    from: Type.Integer({ minimum: 1 }),
    to: Type.Integer({ minimum: 1 }),
    description: ZoneDescriptionSchema,
  },
  { additionalProperties: false },
);
export type TableZone = Frozen<Static<typeof TableZoneSchema>>;

/** The zones of one era of a competition: `from` and `until` are season keys, inclusive. */
export const ZoneEraSchema = Type.Object(
  {
    from: Type.Optional(SeasonKey),
    until: Type.Optional(SeasonKey),
    teams: Type.Integer({
      minimum: 1,
      description:
        'How many teams the league has under these rules. A table of any other size gets no description: the zones of a 20-team league say nothing about a season stored with 19, or with half its teams.',
    }),
    zones: Type.Array(TableZoneSchema, { minItems: 1 }),
    reference: Type.String({
      minLength: 1,
      description: 'Public reference the zones were taken from (a URL).',
    }),
  },
  { additionalProperties: false },
);
export type ZoneEra = Frozen<Static<typeof ZoneEraSchema>>;

/** Zones counted among the teams that may go up; the others are counted by position. */
const UPWARD: ReadonlySet<ZoneDescription> = new Set(['Champions', 'Promotion', 'Promotion play-offs']);

/**
 * The description of each row of a table, in the rows' order: the zone its place leads to, or null.
 * Only a league's single table (every `group` null, so not a phase before a split) of exactly the
 * era's size is described. Upward zones count places among the teams `barred` does not exclude, so a
 * reserve team in third place hands a play-off place to the team below it; downward zones count every
 * team. During a season the positions are those of the matches played so far.
 */
export function zoneDescriptions(
  rows: ReadonlyArray<{ position: number; group: string | null; team: string }>,
  era: ZoneEra | undefined,
  barred: (team: string) => boolean = () => false,
): Array<ZoneDescription | null> {
  const none = rows.map(() => null);
  if (era === undefined || rows.length !== era.teams || rows.some((r) => r.group !== null)) return none;
  const ordered = [...rows].sort((a, b) => a.position - b.position);
  const eligibleRank = new Map<string, number>();
  for (const row of ordered) if (!barred(row.team)) eligibleRank.set(row.team, eligibleRank.size + 1);
  return rows.map((row) => {
    for (const zone of era.zones) {
      const place = UPWARD.has(zone.description) ? eligibleRank.get(row.team) : row.position;
      if (place !== undefined && place >= zone.from && place <= zone.to) return zone.description;
    }
    return null;
  });
}
