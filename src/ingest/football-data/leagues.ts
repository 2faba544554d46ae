/** football-data league folders and the club directories their team names are looked up in. */
const LEAGUE_SCOPES: Record<string, string[]> = {
  'premier-league': ['eng', 'wal'],
  championship: ['eng', 'wal'],
  bundesliga: ['de'],
  'la-liga': ['es'],
  'serie-a': ['it'],
  'ligue-1': ['fr', 'mc'],
  eredivisie: ['nl'],
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
