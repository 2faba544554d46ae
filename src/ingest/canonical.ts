import type {
  AwardWinnerTable,
  CoachAppointmentTable,
  CoachTable,
  MatchOfficialTable,
  RefereeTable,
  SeasonPlacingTable,
  VenueTable,
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

/** The confederation only some sources know: a source that leaves it out keeps the stored one. */
export type CompetitionRecord = Omit<
  CompetitionTable,
  | Stamped
  | 'confederation'
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
> & { confederation?: string | null };
export type SeasonRecord = Omit<
  SeasonTable,
  Stamped | 'starts_on' | 'ends_on' | 'is_current' | 'team_count' | 'match_count'
>;
export type TeamRecord = Omit<TeamTable, Stamped>;
export type TeamAliasRecord = Omit<TeamAliasTable, 'created_at'>;
/**
 * The venue's city, country and neutral flag are left out by sources that never share a match with another
 * (a row is written whole by the best-ranked source that has the match, so every source that does share
 * matches must give all three, null when it does not know them).
 */
type VenueDetail = 'venue_city' | 'venue_country' | 'neutral';
/**
 * `first_leg_id` is offered only on a second leg whose tie the source shows (football.json). Left out
 * everywhere else, rather than null, so that every other match's digest (record-sync.ts's rowHash, over
 * the record's values) is what it was before the column existed: a re-import after migration 0021 then
 * rewrites only the second legs, not every match with a new updated_at.
 */
type Optional = VenueDetail | 'first_leg_id' | 'venue_id';
export type MatchRecord = Omit<MatchTable, Stamped | 'row_hash' | Optional> &
  Partial<Pick<MatchTable, Optional>>;
/** What only some sources know of a player (the Fjelstul database): a source that leaves it out keeps the stored. */
type PlayerDetail = 'given_name' | 'family_name' | 'known_as' | 'positions' | 'gender';
export type PlayerRecord = Omit<PlayerTable, Stamped | PlayerDetail | 'search_name'> &
  Partial<Pick<PlayerTable, PlayerDetail>> & { search_name: string };
export type SquadMemberRecord = Omit<SquadMemberTable, Stamped>;
export type MatchTeamStatsRecord = Omit<MatchTeamStatsTable, Stamped>;
/** `coach_id` only from a source with coach records. */
export type MatchTeamSheetRecord = Omit<MatchTeamSheetTable, Stamped | 'coach_id'> &
  Partial<Pick<MatchTeamSheetTable, 'coach_id'>>;
export type MatchLineupRecord = Omit<MatchLineupTable, Stamped>;
/** `linked_player_id` is derived by the runner from the stored rows, never offered by an adapter. */
export type MatchEventRecord = Omit<MatchEventTable, Stamped | 'linked_player_id' | 'row_hash'>;
export type StandingRecord = Omit<StandingTable, Stamped>;
export type MatchSourceRecord = Omit<MatchSourceTable, Stamped | 'row_hash'>;

export type CoachRecord = Omit<CoachTable, Stamped>;
export type RefereeRecord = Omit<RefereeTable, Stamped>;
export type VenueRecord = Omit<VenueTable, Stamped>;
export type CoachAppointmentRecord = Omit<CoachAppointmentTable, Stamped>;
export type MatchOfficialRecord = Omit<MatchOfficialTable, Stamped>;
export type SeasonPlacingRecord = Omit<SeasonPlacingTable, Stamped>;
export type AwardWinnerRecord = Omit<AwardWinnerTable, Stamped>;

/** Detail rows some sources carry; a source without them leaves the lists empty. */
export interface DetailRecords {
  coaches: CoachRecord[];
  referees: RefereeRecord[];
  venues: VenueRecord[];
  coachAppointments: CoachAppointmentRecord[];
  officials: MatchOfficialRecord[];
  placings: SeasonPlacingRecord[];
  awards: AwardWinnerRecord[];
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
    coaches: [],
    referees: [],
    venues: [],
    coachAppointments: [],
    officials: [],
    placings: [],
    awards: [],
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
  /**
   * Seasons the batch sends whole: every match the source has of them now, read without a rejection. A
   * match its source wrote before in such a season and no longer sends is removed (dropped-matches.ts).
   * A source that cannot tell (a partial feed) leaves it empty, and never removes anything.
   */
  wholeSeasons: string[];
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
    wholeSeasons: [],
  };
}
