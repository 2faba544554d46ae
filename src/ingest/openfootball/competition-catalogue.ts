import { clubScopes, countryByKey, type Country } from '../reference/countries.js';

export interface CompetitionProfile {
  code: string;
  country: Country | null;
  type: 'league' | 'cup' | 'tournament' | 'unknown';
  gender: 'men' | 'women' | 'mixed' | 'unknown';
  /** IANA zone the source's local kick-off times are read in. */
  timezone: string;
  /** Club-directory countries searched, in order, for this competition's team names. */
  teamScopes: string[];
  /** Whether team names carry a " (ENG)"-style FIFA suffix naming their country. */
  teamsCarryCountryCode: boolean;
}

// football.json prefixes that are not openfootball/clubs country keys.
const PREFIX_TO_COUNTRY: Record<string, string> = { en: 'eng', mls: 'us' };

// Continental competitions: no country; their kick-off times are those of the organiser's home zone.
const CONTINENTAL: Record<string, { timezone: string }> = {
  'uefa.cl': { timezone: 'Europe/Paris' },
  'copa.l': { timezone: 'America/Sao_Paulo' },
};

/** Describes a football.json file code such as `en.1`, `de.cup`, `uefa.cl` or `mls`. */
export function competitionProfile(code: string): CompetitionProfile {
  const continental = CONTINENTAL[code];
  if (continental) {
    return {
      code,
      country: null,
      type: 'cup',
      gender: 'men',
      timezone: continental.timezone,
      teamScopes: [],
      teamsCarryCountryCode: true,
    };
  }
  const [prefix = code, tier] = code.split('.');
  const country = countryByKey(PREFIX_TO_COUNTRY[prefix] ?? prefix) ?? null;
  const type = tier === 'cup' ? 'cup' : tier === undefined || /^\d+$/.test(tier) ? 'league' : 'unknown';
  // Leagues with members from a neighbouring directory (Welsh clubs in the English pyramid, AS Monaco in
  // the French league): their names are looked up there after the league's own country.
  const scopes = country ? clubScopes(country.key) : [];
  return {
    code,
    country,
    type,
    // football.json only carries men's competitions; a code this table does not know stays "unknown".
    gender: country ? 'men' : 'unknown',
    timezone: country?.timezone ?? 'UTC',
    teamScopes: scopes,
    teamsCarryCountryCode: false,
  };
}
