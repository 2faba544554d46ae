import { clubScopes, countryByFifaCode } from '../reference/countries.js';
import type { CompetitionProfile } from './competition-catalogue.js';

const COUNTRY_SUFFIX = /^(.*\S)\s+\(([A-Z]{3})\)$/;
const PLACEHOLDER = /^(?:N\.\s?N\.?|TBD|TBA|\?+|(?:Sieger|Verlierer|Winner|Loser)\b.*)$/i;

export interface TeamName {
  name: string;
  scopes: string[];
}

/** True for names that stand for a team not yet known ("N.N.", "Sieger EF", "Winner QF1"). */
export function isPlaceholderTeam(name: string): boolean {
  return PLACEHOLDER.test(name.trim());
}

/**
 * Splits "Manchester City (ENG)" into the club name and the directories to look it up in. Continental
 * competitions name each club's country this way ("AS Monaco (FRA)" is the French league's Monaco, found
 * in Monaco's directory); domestic ones use the competition's own country.
 */
export function teamName(raw: string, profile: CompetitionProfile): TeamName {
  const match = profile.teamsCarryCountryCode ? COUNTRY_SUFFIX.exec(raw) : null;
  if (match) {
    const country = countryByFifaCode(match[2]!);
    return { name: match[1]!, scopes: country ? clubScopes(country.key) : [] };
  }
  return { name: raw, scopes: profile.teamScopes };
}
