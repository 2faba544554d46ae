import { clubScopes } from '../reference/countries.js';

/**
 * football-data league folders and the club directories their team names are looked up in: the
 * country's own, then its neighbours' (Welsh clubs in the English leagues, AS Monaco in Ligue 1).
 */
const LEAGUE_SCOPES: Record<string, string[]> = {
  'premier-league': clubScopes('eng'),
  championship: clubScopes('eng'),
  bundesliga: clubScopes('de'),
  'la-liga': clubScopes('es'),
  'serie-a': clubScopes('it'),
  'ligue-1': clubScopes('fr'),
  eredivisie: clubScopes('nl'),
};

/** `datasets/premier-league/season-2324.csv` -> its league's scopes, or undefined for an unknown league. */
export function leagueScopes(uri: string): { league: string; scopes: string[] } | undefined {
  const match = /(?:^|\/)([a-z0-9-]+)\/season-\d{4}\.csv$/.exec(uri);
  const scopes = match ? LEAGUE_SCOPES[match[1]!] : undefined;
  return match && scopes ? { league: match[1]!, scopes } : undefined;
}

export function isSeasonFile(uri: string): boolean {
  return /(?:^|\/)season-\d{4}\.csv$/.test(uri);
}
