import type {
  CompetitionTable,
  MatchTable,
  SeasonTable,
  TeamAliasTable,
  TeamTable,
} from '../storage/schema.js';

/**
 * What adapters hand to the runner: source-neutral records with their stable IDs already derived, in the
 * shape of the rows they become (less what storage derives: timestamps and counts).
 */
type Stamped = 'created_at' | 'updated_at';

export type CompetitionRecord = Omit<
  CompetitionTable,
  Stamped | 'season_count' | 'match_count' | 'result_count' | 'team_count'
>;
export type SeasonRecord = Omit<
  SeasonTable,
  Stamped | 'starts_on' | 'ends_on' | 'is_current' | 'team_count' | 'match_count'
>;
export type TeamRecord = Omit<TeamTable, Stamped>;
export type TeamAliasRecord = Omit<TeamAliasTable, 'created_at'>;
export type MatchRecord = Omit<MatchTable, Stamped | 'row_hash'>;

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
