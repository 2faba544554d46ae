/**
 * What adapters hand to the runner: source-neutral records with their stable IDs already derived.
 * Timestamps are ISO-8601 UTC strings.
 */
export interface CompetitionRecord {
  id: string;
  code: string;
  slug: string;
  name: string;
  name_season: string;
  country_name: string | null;
  country_code: string | null;
  type: string;
  gender: string;
  logo_url: string | null;
  timezone: string;
  search_name: string;
}

export interface SeasonRecord {
  id: string;
  competition_id: string;
  key: string;
  name: string;
}

export interface TeamRecord {
  id: string;
  slug: string;
  name: string;
  name_season: string;
  short_name: string | null;
  country_name: string | null;
  country_code: string | null;
  logo_url: string | null;
  search_name: string;
}

export interface TeamAliasRecord {
  scope: string;
  alias_key: string;
  alias: string;
  team_id: string;
  source: string;
}

export interface MatchRecord {
  id: string;
  competition_id: string;
  season_id: string;
  round: string | null;
  stage: string | null;
  home_team_id: string;
  away_team_id: string;
  starts_at: string;
  time_known: number;
  status: string;
  source_status: string | null;
  home_score: number | null;
  away_score: number | null;
  ht_home: number | null;
  ht_away: number | null;
  ft_home: number | null;
  ft_away: number | null;
  et_home: number | null;
  et_away: number | null;
  pen_home: number | null;
  pen_away: number | null;
  venue_name: string | null;
}

export interface Rejection {
  artifactUri: string;
  recordRef: string;
  reason: string;
}

/** One file (or other unit) of a source artifact, as read and fingerprinted. */
export interface ArtifactFile {
  uri: string;
  bytes: Buffer;
  sha256: string;
  retrievedAt: string;
}

export interface ArtifactOutcome {
  uri: string;
  sha256: string;
  bytes: number;
  retrievedAt: string;
  recordsSeen: number;
  /** IDs of the match records this file contributed, to count inserted/updated/unchanged per file. */
  matchIds: string[];
  rejected: number;
}

export interface CanonicalBatch {
  competitions: CompetitionRecord[];
  seasons: SeasonRecord[];
  teams: TeamRecord[];
  aliases: TeamAliasRecord[];
  matches: MatchRecord[];
  rejections: Rejection[];
  artifacts: ArtifactOutcome[];
  /** Non-fatal observations worth telling the operator, e.g. corrected dates. */
  notes: string[];
}
