import { exactNameKey } from './name-keys.js';
import { stableId } from './stable-id.js';

/**
 * National teams, shared by every source that names them (World Cup fixtures, the Fjelstul database),
 * so that one country is one team whichever source is read. Keyed by a three-letter code (the Fjelstul
 * database's, ISO 3166-1 alpha-3 style; historical teams keep theirs: FRG, URS, TCH, YUG); names and the
 * spellings other sources use ("USA", "Korea Republic", "IR Iran", FIFA trigrams) are aliases.
 * Men's and women's teams of one country are different teams.
 */
interface NationalTeamRow {
  code: string;
  name: string;
  /** ISO 3166-1 alpha-2 of the country today, null for teams of states that no longer exist. */
  iso2: string | null;
  aliases: string[];
}

const ROWS: Array<[code: string, name: string]> = [
  ['DZA', 'Algeria'],
  ['AGO', 'Angola'],
  ['ARG', 'Argentina'],
  ['AUS', 'Australia'],
  ['AUT', 'Austria'],
  ['BEL', 'Belgium'],
  ['BOL', 'Bolivia'],
  ['BIH', 'Bosnia and Herzegovina'],
  ['BRA', 'Brazil'],
  ['BGR', 'Bulgaria'],
  ['CMR', 'Cameroon'],
  ['CAN', 'Canada'],
  ['CHL', 'Chile'],
  ['CHN', 'China'],
  ['TWN', 'Chinese Taipei'],
  ['COL', 'Colombia'],
  ['CRI', 'Costa Rica'],
  ['HRV', 'Croatia'],
  ['CUB', 'Cuba'],
  ['CZE', 'Czech Republic'],
  ['CSK', 'Czechoslovakia'],
  ['DNK', 'Denmark'],
  ['IDN', 'Dutch East Indies'],
  ['DDR', 'East Germany'],
  ['ECU', 'Ecuador'],
  ['EGY', 'Egypt'],
  ['SLV', 'El Salvador'],
  ['ENG', 'England'],
  ['GNQ', 'Equatorial Guinea'],
  ['FRA', 'France'],
  ['DEU', 'Germany'],
  ['GHA', 'Ghana'],
  ['GRC', 'Greece'],
  ['HTI', 'Haiti'],
  ['HND', 'Honduras'],
  ['HUN', 'Hungary'],
  ['ISL', 'Iceland'],
  ['IRN', 'Iran'],
  ['IRQ', 'Iraq'],
  ['ISR', 'Israel'],
  ['ITA', 'Italy'],
  ['CIV', 'Ivory Coast'],
  ['JAM', 'Jamaica'],
  ['JPN', 'Japan'],
  ['KWT', 'Kuwait'],
  ['MEX', 'Mexico'],
  ['MAR', 'Morocco'],
  ['NLD', 'Netherlands'],
  ['NZL', 'New Zealand'],
  ['NGA', 'Nigeria'],
  ['PRK', 'North Korea'],
  ['NIR', 'Northern Ireland'],
  ['NOR', 'Norway'],
  ['PAN', 'Panama'],
  ['PRY', 'Paraguay'],
  ['PER', 'Peru'],
  ['POL', 'Poland'],
  ['PRT', 'Portugal'],
  ['QAT', 'Qatar'],
  ['IRL', 'Republic of Ireland'],
  ['ROU', 'Romania'],
  ['RUS', 'Russia'],
  ['SAU', 'Saudi Arabia'],
  ['SCO', 'Scotland'],
  ['SEN', 'Senegal'],
  ['SRB', 'Serbia'],
  ['SCG', 'Serbia and Montenegro'],
  ['SVK', 'Slovakia'],
  ['SVN', 'Slovenia'],
  ['ZAF', 'South Africa'],
  ['KOR', 'South Korea'],
  ['SUN', 'Soviet Union'],
  ['ESP', 'Spain'],
  ['SWE', 'Sweden'],
  ['CHE', 'Switzerland'],
  ['THA', 'Thailand'],
  ['TGO', 'Togo'],
  ['TTO', 'Trinidad and Tobago'],
  ['TUN', 'Tunisia'],
  ['TUR', 'Turkey'],
  ['UKR', 'Ukraine'],
  ['ARE', 'United Arab Emirates'],
  ['USA', 'United States'],
  ['URY', 'Uruguay'],
  ['WAL', 'Wales'],
  ['DEU', 'West Germany'],
  ['YUG', 'Yugoslavia'],
  ['COD', 'Zaire'],
];

/** Further spellings, and teams the Fjelstul list does not have (2026 and play-off newcomers). */
const EXTRA: NationalTeamRow[] = [];

const ISO2: Record<string, string | null> = {};

const byKey = new Map<string, NationalTeamRow>();
const byCode = new Map<string, NationalTeamRow>();

function add(row: NationalTeamRow): void {
  byCode.set(row.code, row);
  for (const spelling of [row.name, row.code, ...row.aliases]) byKey.set(exactNameKey(spelling), row);
}
for (const [code, name] of ROWS) add({ code, name, iso2: ISO2[code] ?? null, aliases: [] });
for (const row of EXTRA) {
  const existing = byCode.get(row.code);
  if (existing) for (const alias of row.aliases) byKey.set(exactNameKey(alias), existing);
  else add(row);
}

export interface NationalTeam {
  teamId: string;
  code: string;
  name: string;
  iso2: string | null;
}

/** The national team a name or code stands for, or undefined when it is not known. */
export function nationalTeam(nameOrCode: string, women: boolean): NationalTeam | undefined {
  const row = byKey.get(exactNameKey(nameOrCode));
  if (!row) return undefined;
  return {
    teamId: stableId('team', `national:${women ? 'women' : 'men'}:${row.code}`),
    code: row.code,
    name: women ? `${row.name} (women)` : row.name,
    iso2: row.iso2,
  };
}
