import { exactNameKey } from './name-keys.js';
import { OTHER_NATIONAL_TEAMS } from './other-national-teams.js';
import { stableId } from './stable-id.js';

/**
 * National teams, shared by every source that names them (World Cup fixtures, the Fjelstul database),
 * so that one country is one team whichever source is read. A team is its three-letter code: the
 * Fjelstul database's `team_code` (ISO 3166-1 alpha-3 style, ENG/SCO/WAL/NIR for the home nations),
 * or for teams it lacks the country's ISO alpha-3. Every other spelling is an alias: the Fjelstul
 * `team_name`s, worldcup.json's names ("USA", "Bosnia & Herzegovina", "Côte d'Ivoire", "Ireland"), its
 * `name_normalised` values ("Korea Republic", "IR Iran", "Türkiye") and FIFA trigrams ("GER", "NED").
 * Men's and women's teams of one country are different teams.
 *
 * Historical teams:
 * - The Fjelstul database gives West Germany the code DEU, Zaire COD and the Dutch East Indies IDN,
 *   the codes of their successors, as FIFA does when it credits their records to Germany, DR Congo and
 *   Indonesia. They are therefore one team each with today's name; the old names are aliases.
 * - The Soviet Union (SUN), Czechoslovakia (CSK), Yugoslavia (YUG), Serbia and Montenegro (SCG) and
 *   East Germany (DDR) have codes of their own: separate teams, with no ISO alpha-2 (null), because the
 *   state no longer exists and its alpha-2 was withdrawn (ISO 3166-3); no successor's code is borrowed,
 *   so filtering teams by a country today never lists them.
 * - England, Scotland, Wales and Northern Ireland carry GB, their sovereign state's code (ISO 3166-1
 *   has none for them), as the club competitions of those countries do.
 * - Kosovo has no ISO 3166-1 code: it carries the user-assigned XK / XKX that the EU, IMF and Unicode
 *   CLDR use.
 * - Teams that never played a World Cup (the international results name 244 of them) are listed in
 *   other-national-teams.ts, with the same rules; that list's `~name` keys stand for teams with no ISO code.
 */
interface NationalTeamRow {
  code: string;
  name: string;
  /** ISO 3166-1 alpha-2 of the country today, null for teams of states that no longer exist. */
  iso2: string | null;
  aliases: string[];
}

/** code, today's name, ISO alpha-2, then other spellings (FIFA trigram first where it differs). */
type Row = [code: string, name: string, iso2: string | null, ...aliases: string[]];

// Every team of the Fjelstul database (teams.csv), by its team_code.
const FJELSTUL: Row[] = [
  ['DZA', 'Algeria', 'DZ', 'ALG'],
  ['AGO', 'Angola', 'AO', 'ANG'],
  ['ARG', 'Argentina', 'AR'],
  ['AUS', 'Australia', 'AU'],
  ['AUT', 'Austria', 'AT'],
  ['BEL', 'Belgium', 'BE'],
  ['BOL', 'Bolivia', 'BO'],
  ['BIH', 'Bosnia and Herzegovina', 'BA', 'Bosnia & Herzegovina', 'Bosnia-Herzegovina'],
  ['BRA', 'Brazil', 'BR'],
  ['BGR', 'Bulgaria', 'BG', 'BUL'],
  ['CMR', 'Cameroon', 'CM'],
  ['CAN', 'Canada', 'CA'],
  ['CHL', 'Chile', 'CL', 'CHI'],
  ['CHN', 'China', 'CN', 'China PR'],
  ['TWN', 'Chinese Taipei', 'TW', 'TPE', 'Taiwan'],
  ['COL', 'Colombia', 'CO'],
  ['CRI', 'Costa Rica', 'CR', 'CRC'],
  ['HRV', 'Croatia', 'HR', 'CRO'],
  ['CUB', 'Cuba', 'CU'],
  ['CZE', 'Czech Republic', 'CZ', 'Czechia'],
  ['CSK', 'Czechoslovakia', null, 'TCH'],
  ['DNK', 'Denmark', 'DK', 'DEN'],
  ['IDN', 'Indonesia', 'ID', 'INA', 'Dutch East Indies'],
  ['DDR', 'East Germany', null, 'GDR', 'German DR'],
  ['ECU', 'Ecuador', 'EC'],
  ['EGY', 'Egypt', 'EG'],
  ['SLV', 'El Salvador', 'SV'],
  ['ENG', 'England', 'GB'],
  ['GNQ', 'Equatorial Guinea', 'GQ', 'EQG'],
  ['FRA', 'France', 'FR'],
  ['DEU', 'Germany', 'DE', 'GER', 'West Germany', 'FRG', 'Germany FR'],
  ['GHA', 'Ghana', 'GH'],
  ['GRC', 'Greece', 'GR', 'GRE'],
  ['HTI', 'Haiti', 'HT', 'HAI'],
  ['HND', 'Honduras', 'HN', 'HON'],
  ['HUN', 'Hungary', 'HU'],
  ['ISL', 'Iceland', 'IS'],
  ['IRN', 'Iran', 'IR', 'IR Iran'],
  ['IRQ', 'Iraq', 'IQ'],
  ['ISR', 'Israel', 'IL'],
  ['ITA', 'Italy', 'IT'],
  ['CIV', 'Ivory Coast', 'CI', "Côte d'Ivoire"],
  ['JAM', 'Jamaica', 'JM'],
  ['JPN', 'Japan', 'JP'],
  ['KWT', 'Kuwait', 'KW', 'KUW'],
  ['MEX', 'Mexico', 'MX'],
  ['MAR', 'Morocco', 'MA'],
  ['NLD', 'Netherlands', 'NL', 'NED', 'Holland'],
  ['NZL', 'New Zealand', 'NZ'],
  ['NGA', 'Nigeria', 'NG'],
  ['PRK', 'North Korea', 'KP', 'Korea DPR'],
  ['NIR', 'Northern Ireland', 'GB'],
  ['NOR', 'Norway', 'NO'],
  ['PAN', 'Panama', 'PA'],
  ['PRY', 'Paraguay', 'PY', 'PAR'],
  ['PER', 'Peru', 'PE'],
  ['POL', 'Poland', 'PL'],
  ['PRT', 'Portugal', 'PT', 'POR'],
  ['QAT', 'Qatar', 'QA'],
  // worldcup.json's "Ireland" (1990, 1994, 2002) is the Republic of Ireland.
  ['IRL', 'Republic of Ireland', 'IE', 'Ireland'],
  ['ROU', 'Romania', 'RO'],
  ['RUS', 'Russia', 'RU'],
  ['SAU', 'Saudi Arabia', 'SA', 'KSA'],
  ['SCO', 'Scotland', 'GB'],
  ['SEN', 'Senegal', 'SN'],
  ['SRB', 'Serbia', 'RS'],
  ['SCG', 'Serbia and Montenegro', null],
  ['SVK', 'Slovakia', 'SK'],
  ['SVN', 'Slovenia', 'SI'],
  ['ZAF', 'South Africa', 'ZA', 'RSA'],
  ['KOR', 'South Korea', 'KR', 'Korea Republic'],
  ['SUN', 'Soviet Union', null, 'URS', 'USSR'],
  ['ESP', 'Spain', 'ES'],
  ['SWE', 'Sweden', 'SE'],
  ['CHE', 'Switzerland', 'CH', 'SUI'],
  ['THA', 'Thailand', 'TH'],
  ['TGO', 'Togo', 'TG', 'TOG'],
  ['TTO', 'Trinidad and Tobago', 'TT', 'TRI'],
  ['TUN', 'Tunisia', 'TN'],
  ['TUR', 'Turkey', 'TR', 'Türkiye'],
  ['UKR', 'Ukraine', 'UA'],
  ['ARE', 'United Arab Emirates', 'AE', 'UAE'],
  ['USA', 'United States', 'US', 'United States of America'],
  ['URY', 'Uruguay', 'UY', 'URU'],
  ['WAL', 'Wales', 'GB'],
  // FR Yugoslavia (1992-2003) played the 1998 World Cup as "Yugoslavia", which the database records as YUG.
  ['YUG', 'Yugoslavia', null, 'FR Yugoslavia'],
  ['COD', 'DR Congo', 'CD', 'Zaire', 'ZAI', 'Congo DR'],
];

// Teams the Fjelstul database lacks: 2026 World Cup newcomers and the 2026 qualification play-offs.
const NEWCOMERS: Row[] = [
  ['ALB', 'Albania', 'AL'],
  ['CPV', 'Cape Verde', 'CV', 'Cabo Verde'],
  ['CUW', 'Curaçao', 'CW'],
  ['JOR', 'Jordan', 'JO'],
  ['XKX', 'Kosovo', 'XK', 'KVX'],
  ['NCL', 'New Caledonia', 'NC'],
  ['MKD', 'North Macedonia', 'MK', 'Macedonia'],
  ['SUR', 'Suriname', 'SR'],
  ['UZB', 'Uzbekistan', 'UZ'],
];

const byKey = new Map<string, NationalTeamRow>();

for (const [code, name, iso2, ...aliases] of [...FJELSTUL, ...NEWCOMERS, ...OTHER_NATIONAL_TEAMS]) {
  const row: NationalTeamRow = { code, name, iso2, aliases };
  for (const spelling of [name, code, ...aliases]) {
    const key = exactNameKey(spelling);
    const taken = byKey.get(key);
    // A spelling two teams share would silently merge them: the table must never contain one.
    if (taken && taken !== row) {
      throw new Error(`national teams: "${spelling}" names both ${taken.code} and ${code}`);
    }
    byKey.set(key, row);
  }
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
