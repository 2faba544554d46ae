/**
 * Countries the openfootball sources name, keyed by the openfootball/clubs country key (the file prefix of
 * `<key>.clubs.txt`). ISO 3166-1 has no code for the home nations of the United Kingdom, so England,
 * Scotland, Wales and Northern Ireland carry their sovereign state's code, GB, and keep their own name.
 */
export interface Country {
  key: string;
  name: string;
  iso2: string;
  fifa: string;
  timezone: string;
}

const ROWS: Array<[key: string, name: string, iso2: string, fifa: string, timezone: string]> = [
  ['ad', 'Andorra', 'AD', 'AND', 'Europe/Andorra'],
  ['ar', 'Argentina', 'AR', 'ARG', 'America/Argentina/Buenos_Aires'],
  ['at', 'Austria', 'AT', 'AUT', 'Europe/Vienna'],
  ['au', 'Australia', 'AU', 'AUS', 'Australia/Sydney'],
  ['az', 'Azerbaijan', 'AZ', 'AZE', 'Asia/Baku'],
  ['be', 'Belgium', 'BE', 'BEL', 'Europe/Brussels'],
  ['bg', 'Bulgaria', 'BG', 'BUL', 'Europe/Sofia'],
  ['bo', 'Bolivia', 'BO', 'BOL', 'America/La_Paz'],
  ['br', 'Brazil', 'BR', 'BRA', 'America/Sao_Paulo'],
  ['by', 'Belarus', 'BY', 'BLR', 'Europe/Minsk'],
  ['ca', 'Canada', 'CA', 'CAN', 'America/Toronto'],
  ['ch', 'Switzerland', 'CH', 'SUI', 'Europe/Zurich'],
  ['cl', 'Chile', 'CL', 'CHI', 'America/Santiago'],
  ['cn', 'China', 'CN', 'CHN', 'Asia/Shanghai'],
  ['co', 'Colombia', 'CO', 'COL', 'America/Bogota'],
  ['cy', 'Cyprus', 'CY', 'CYP', 'Asia/Nicosia'],
  ['cz', 'Czech Republic', 'CZ', 'CZE', 'Europe/Prague'],
  ['de', 'Germany', 'DE', 'GER', 'Europe/Berlin'],
  ['dk', 'Denmark', 'DK', 'DEN', 'Europe/Copenhagen'],
  ['dz', 'Algeria', 'DZ', 'ALG', 'Africa/Algiers'],
  ['ec', 'Ecuador', 'EC', 'ECU', 'America/Guayaquil'],
  ['eg', 'Egypt', 'EG', 'EGY', 'Africa/Cairo'],
  ['eng', 'England', 'GB', 'ENG', 'Europe/London'],
  ['es', 'Spain', 'ES', 'ESP', 'Europe/Madrid'],
  ['fr', 'France', 'FR', 'FRA', 'Europe/Paris'],
  ['gr', 'Greece', 'GR', 'GRE', 'Europe/Athens'],
  ['hr', 'Croatia', 'HR', 'CRO', 'Europe/Zagreb'],
  ['hu', 'Hungary', 'HU', 'HUN', 'Europe/Budapest'],
  ['il', 'Israel', 'IL', 'ISR', 'Asia/Jerusalem'],
  ['it', 'Italy', 'IT', 'ITA', 'Europe/Rome'],
  ['jp', 'Japan', 'JP', 'JPN', 'Asia/Tokyo'],
  ['kz', 'Kazakhstan', 'KZ', 'KAZ', 'Asia/Almaty'],
  ['li', 'Liechtenstein', 'LI', 'LIE', 'Europe/Vaduz'],
  ['ma', 'Morocco', 'MA', 'MAR', 'Africa/Casablanca'],
  ['mc', 'Monaco', 'MC', 'MCO', 'Europe/Monaco'],
  ['mx', 'Mexico', 'MX', 'MEX', 'America/Mexico_City'],
  ['nir', 'Northern Ireland', 'GB', 'NIR', 'Europe/London'],
  ['nl', 'Netherlands', 'NL', 'NED', 'Europe/Amsterdam'],
  ['nz', 'New Zealand', 'NZ', 'NZL', 'Pacific/Auckland'],
  ['pe', 'Peru', 'PE', 'PER', 'America/Lima'],
  ['pl', 'Poland', 'PL', 'POL', 'Europe/Warsaw'],
  ['pt', 'Portugal', 'PT', 'POR', 'Europe/Lisbon'],
  ['py', 'Paraguay', 'PY', 'PAR', 'America/Asuncion'],
  ['ro', 'Romania', 'RO', 'ROU', 'Europe/Bucharest'],
  ['rs', 'Serbia', 'RS', 'SRB', 'Europe/Belgrade'],
  ['ru', 'Russia', 'RU', 'RUS', 'Europe/Moscow'],
  ['sco', 'Scotland', 'GB', 'SCO', 'Europe/London'],
  ['se', 'Sweden', 'SE', 'SWE', 'Europe/Stockholm'],
  ['si', 'Slovenia', 'SI', 'SVN', 'Europe/Ljubljana'],
  ['sk', 'Slovakia', 'SK', 'SVK', 'Europe/Bratislava'],
  ['tr', 'Turkey', 'TR', 'TUR', 'Europe/Istanbul'],
  ['ua', 'Ukraine', 'UA', 'UKR', 'Europe/Kyiv'],
  ['us', 'United States', 'US', 'USA', 'America/New_York'],
  ['uy', 'Uruguay', 'UY', 'URU', 'America/Montevideo'],
  ['ve', 'Venezuela', 'VE', 'VEN', 'America/Caracas'],
  ['wal', 'Wales', 'GB', 'WAL', 'Europe/London'],
];

/**
 * Clubs that play in a neighbour's league, filed in their own country's directory: Welsh clubs in the
 * English pyramid, Canadian clubs in MLS, AS Monaco in the French league, FC Vaduz in the Swiss, FC Andorra
 * in the Spanish and Wellington Phoenix in the Australian. A league's (or a country code's) club names are
 * looked up in these directories after the country's own, so such a club is one team wherever it plays.
 */
const NEIGHBOURS: Record<string, string[]> = {
  eng: ['wal'],
  us: ['ca'],
  fr: ['mc'],
  ch: ['li'],
  es: ['ad'],
  au: ['nz'],
};

const BY_KEY = new Map<string, Country>();
const BY_FIFA = new Map<string, Country>();
for (const [key, name, iso2, fifa, timezone] of ROWS) {
  const country = { key, name, iso2, fifa, timezone };
  BY_KEY.set(key, country);
  BY_FIFA.set(fifa, country);
}

export function countryByKey(key: string): Country | undefined {
  return BY_KEY.get(key);
}

export function countryByFifaCode(code: string): Country | undefined {
  return BY_FIFA.get(code);
}

/** The club directories a country's club names are looked up in, in order: its own, then its neighbours'. */
export function clubScopes(key: string): string[] {
  return [key, ...(NEIGHBOURS[key] ?? [])];
}
