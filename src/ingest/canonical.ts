import type {
  CompetitionTable,
  MatchEventTable,
  MatchLineupTable,
  MatchSourceTable,
  MatchTable,
  MatchTeamSheetTable,
  MatchTeamStatsTable,
  PlayerTable,
  SeasonTable,
  SquadMemberTable,
  StandingTable,
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
  | Stamped
  | 'season_count'
  | 'match_count'
  | 'result_count'
  | 'team_count'
  | 'stats_match_count'
  | 'lineup_match_count'
  | 'event_match_count'
  | 'standing_count'
  | 'table_season_count'
  | 'squad_count'
>;
export type SeasonRecord = Omit<
  SeasonTable,
  Stamped | 'starts_on' | 'ends_on' | 'is_current' | 'team_count' | 'match_count'
>;
export type TeamRecord = Omit<TeamTable, Stamped>;
export type TeamAliasRecord = Omit<TeamAliasTable, 'created_at'>;
export type MatchRecord = Omit<MatchTable, Stamped | 'row_hash'>;
export type PlayerRecord = Omit<PlayerTable, Stamped>;
export type SquadMemberRecord = Omit<SquadMemberTable, Stamped>;
export type MatchTeamStatsRecord = Omit<MatchTeamStatsTable, Stamped>;
export type MatchTeamSheetRecord = Omit<MatchTeamSheetTable, Stamped>;
export type MatchLineupRecord = Omit<MatchLineupTable, Stamped>;
export type MatchEventRecord = Omit<MatchEventTable, Stamped>;
export type StandingRecord = Omit<StandingTable, Stamped>;
export type MatchSourceRecord = Omit<MatchSourceTable, Stamped>;

/** Detail rows some sources carry; a source without them leaves the lists empty. */
export interface DetailRecords {
  players: PlayerRecord[];
  squadMembers: SquadMemberRecord[];
  teamStats: MatchTeamStatsRecord[];
  teamSheets: MatchTeamSheetRecord[];
  lineups: MatchLineupRecord[];
  events: MatchEventRecord[];
  standings: StandingRecord[];
  matchSources: MatchSourceRecord[];
}

export function emptyDetails(): DetailRecords {
  return {
    players: [],
    squadMembers: [],
    teamStats: [],
    teamSheets: [],
    lineups: [],
    events: [],
    standings: [],
    matchSources: [],
  };
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
  /** IDs of the records this file contributed, to count inserted/updated/unchanged per file. */
  recordIds: string[];
  /** Reference data (a club directory, a country list): audited, but its entries are not records. */
  reference?: boolean;
  rejected: number;
}

export interface CanonicalBatch {
  competitions: CompetitionRecord[];
  seasons: SeasonRecord[];
  teams: TeamRecord[];
  aliases: TeamAliasRecord[];
  matches: MatchRecord[];
  details: DetailRecords;
  rejections: Rejection[];
  artifacts: ArtifactOutcome[];
  /** Non-fatal observations worth telling the operator, e.g. corrected dates. */
  notes: string[];
}

/** A batch with nothing in it yet, for an adapter to fill. */
export function emptyBatch(notes: string[] = []): CanonicalBatch {
  return {
    competitions: [],
    seasons: [],
    teams: [],
    aliases: [],
    matches: [],
    details: emptyDetails(),
    rejections: [],
    artifacts: [],
    notes,
  };
}
