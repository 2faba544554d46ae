/**
 * Table zones: the places whose outcome a competition's own rules fix by final position (the title,
 * promotion, a promotion or relegation play-off, relegation). They give a computed table's rows their
 * `description`. Kept as data, one line per competition and era with its reference, in competition-zones.ts.
 *
 * European places are not zones on purpose: how many a league gets, and which positions they go to,
 * depend on UEFA coefficients and on who wins the cups each year, not on the league's rules.
 */

/** The whole vocabulary of `description` in a computed table, documented in docs/api.md. */
export const ZONE_DESCRIPTIONS = [
  'Champions',
  'Promotion',
  'Promotion play-offs',
  'Relegation play-offs',
  'Relegation',
] as const;

export type ZoneDescription = (typeof ZONE_DESCRIPTIONS)[number];

/** Positions `from` to `to` (inclusive, 1 = first) lead to `description`. */
export interface TableZone {
  from: number;
  to: number;
  description: ZoneDescription;
}

/** The zones of one era of a competition: `from` and `until` are season keys, inclusive. */
export interface ZoneEra {
  from?: string;
  until?: string;
  /**
   * How many teams the league has under these rules. A table of any other size gets no description:
   * the zones of a 20-team league say nothing about a season stored with 19, or with half its teams.
   */
  teams: number;
  zones: readonly TableZone[];
  /** Public reference the zones were taken from (a URL). */
  reference: string;
}

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
