/**
 * Table zones of the stored leagues, read from data/standings/competition-zones.json: one entry per
 * competition and era, each naming the public page it was taken from (types, and how zones become
 * descriptions, in table-zones.ts; what is left out and why in docs/standings-rules.md, "Zones").
 *
 * Precision before coverage: a competition or season not listed has no descriptions. Seasons whose
 * outcome the final table did not decide are gaps between eras on purpose (2019-20 seasons cut short
 * and ranked by points per game, or abandoned without relegation), and so are places whose outcome
 * depends on more than the position, such as Serie B's play-offs, held only within a gap in points.
 *
 * Season keys compare by their starting year, `from` and `until` inclusive, as in competition-rules.ts.
 */
import { Type } from '@sinclair/typebox';
import { readDataFile, type PublishedDataSchema } from '../text/data-file.js';
import { startYear } from './competition-rules.js';
import { Notes } from './table-rules.js';
import { ZoneEraSchema, type ZoneEra } from './table-zones.js';

export const COMPETITION_ZONES_FILE = 'standings/competition-zones.json';

const ZonesFileSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    reserveTeams: Type.Object(
      {
        notes: Notes,
        byCompetition: Type.Record(Type.String({ minLength: 1 }), Type.Array(Type.String({ minLength: 1 })), {
          description:
            'Reserve teams the league bars from promotion, by competition code (as stored, or an alias): their places pass to the teams below.',
        }),
      },
      { additionalProperties: false },
    ),
    eras: Type.Array(
      Type.Composite(
        [Type.Object({ competition: Type.String({ minLength: 1 }), notes: Notes }), ZoneEraSchema],
        {
          additionalProperties: false,
        },
      ),
    ),
  },
  { additionalProperties: false },
);

export const COMPETITION_ZONES_SCHEMA: PublishedDataSchema = {
  file: `data/${COMPETITION_ZONES_FILE.replace(/\.json$/, '.schema.json')}`,
  schema: ZonesFileSchema,
  title: 'Touchline table zones',
  description:
    'The places whose outcome a league fixes by final position (title, promotion, play-offs, relegation), ' +
    'by competition and era, and the reserve teams barred from promotion. Generated from ' +
    'src/standings/competition-zones.ts.',
};

const FILE = readDataFile(COMPETITION_ZONES_FILE, ZonesFileSchema);

export type ZoneEntry = ZoneEra & { competition: string };

/** Every era of every competition with zones, in the file's order. */
export const ZONE_ERAS: readonly ZoneEntry[] = FILE.eras;

/**
 * Reserve teams the league's rules bar from promotion (as stored, or an alias): in Spain a B team cannot
 * play in its first team's division, in Germany no reserve team plays above the 3. Liga.
 */
export const ZONE_RESERVE_TEAMS: Readonly<Record<string, readonly string[]>> =
  FILE.reserveTeams.byCompetition;

/**
 * The zones of a competition's season and the reserve teams barred from its upward zones; `era` is
 * undefined where no era holds the season, and the table then has no descriptions.
 */
export function zonesFor(
  competition: string,
  season: string,
): { era?: ZoneEra; reserveTeams: readonly string[] } {
  const reserveTeams = ZONE_RESERVE_TEAMS[competition] ?? [];
  const year = startYear(season);
  if (Number.isNaN(year)) return { reserveTeams };
  const era = ZONE_ERAS.find(
    (e) =>
      e.competition === competition &&
      (e.from === undefined || year >= startYear(e.from)) &&
      (e.until === undefined || year <= startYear(e.until)),
  );
  return era === undefined ? { reserveTeams } : { era, reserveTeams };
}
