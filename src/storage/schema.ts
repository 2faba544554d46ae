import type { Generated } from 'kysely';

/**
 * The tables as Kysely sees them. Timestamps are ISO-8601 UTC strings and booleans are 0/1 integers on
 * both engines, so every query and every comparison is identical on SQLite and PostgreSQL.
 */
export interface CompetitionTable {
  id: string;
  code: string;
  slug: string;
  name: string;
  /** Season key of the source file `name` was taken from; a newer season's name wins. */
  name_season: string;
  country_name: string | null;
  country_code: string | null;
  /** FIFA, or the continental confederation the competition belongs to (migration 0012). */
  confederation: string | null;
  type: string;
  gender: string;
  logo_url: string | null;
  timezone: string;
  search_name: string;
  season_count: number;
  match_count: number;
  result_count: number;
  team_count: number;
  /** Matches with team statistics, lineups, timeline events; standing rows; squad entries. */
  stats_match_count: number;
  lineup_match_count: number;
  event_match_count: number;
  standing_count: number;
  /** Seasons with a table, published or computed from their results (migration 0009). */
  table_season_count: number;
  squad_count: number;
  created_at: string;
  updated_at: string;
}

export interface SeasonTable {
  id: string;
  competition_id: string;
  key: string;
  name: string;
  starts_on: string | null;
  ends_on: string | null;
  is_current: number;
  team_count: number;
  match_count: number;
  created_at: string;
  updated_at: string;
}

export interface TeamTable {
  id: string;
  slug: string;
  name: string;
  /** Season key of the source spelling `name` was taken from; a newer season's spelling wins. */
  name_season: string;
  short_name: string | null;
  country_name: string | null;
  country_code: string | null;
  logo_url: string | null;
  search_name: string;
  created_at: string;
  updated_at: string;
}

export interface TeamAliasTable {
  scope: string;
  alias_key: string;
  alias: string;
  team_id: string;
  source: string;
  created_at: string;
}

export interface MatchTable {
  id: string;
  competition_id: string;
  season_id: string;
  round: string | null;
  stage: string | null;
  home_team_id: string;
  away_team_id: string;
  starts_at: string;
  /** 1 when the source gave a kick-off time, 0 when it gave only a date. */
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
  /** `home` or `away`: who won the penalty shoot-out, also where its score is not known (migration 0012). */
  shootout_winner: string | null;
  /** The first leg, when this match is the second leg of a two-legged tie the source shows (migration 0021). */
  first_leg_id: string | null;
  venue_name: string | null;
  /** The venue's record, where the source keeps one (migration 0026). */
  venue_id: string | null;
  /** The venue's city and country as the source names them then (migration 0012). */
  venue_city: string | null;
  venue_country: string | null;
  /** 1 on neutral ground, 0 at a side's home, null when the source does not say. */
  neutral: number | null;
  /** The kick-off date in the competition's own time zone, as the source gives it. */
  local_date: string | null;
  /** The source that wrote this row (see source precedence in docs/sources.md). */
  source: string | null;
  /** Digest of the other normalized columns, compared on re-import. */
  row_hash: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * Each match as the API shows it, names included, written by SQLite in the run that changed the match or
 * its names (repositories/match-json.ts). Always empty on PostgreSQL, which serializes rows instead.
 */
export interface MatchJsonTable {
  starts_at: string;
  id: string;
  json: string;
}

export interface IngestionRunTable {
  id: Generated<number>;
  source: string;
  location: string;
  sha256: string | null;
  bytes: number | null;
  started_at: string;
  finished_at: string | null;
  outcome: string;
  error: string | null;
  records_seen: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
  /** The main artifact's validators from its server (URL sources), for the next conditional request. */
  etag: string | null;
  last_modified: string | null;
}

export interface IngestionArtifactTable {
  run_id: number;
  seq: number;
  uri: string;
  sha256: string;
  bytes: number;
  retrieved_at: string;
  records_seen: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
}

export interface IngestionRejectionTable {
  run_id: number;
  seq: number;
  artifact_uri: string;
  record_ref: string;
  reason: string;
}

export interface ApiKeyTable {
  id: string;
  name: string;
  prefix: string;
  key_hash: string;
  environment: string;
  subscription_active: number;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  plan: string;
  billing_anchor_day: number | null;
  /** The secret the latest rotation replaced, valid until `previous_key_expires_at` (migration 0014). */
  previous_key_hash: string | null;
  previous_key_expires_at: string | null;
  /** When the current secret was issued by `keys rotate`; null: the secret is the one created. */
  rotated_at: string | null;
}

/** Requests admitted per key in one slot of the last minute (see migration 0008). */
/** The change feed's log: one row per record, at the sequence number of its latest change (migration 0010). */
export interface ChangeTable {
  /** Generated; bigint on PostgreSQL, read back as a string there. */
  seq: Generated<number | string>;
  /** `rating`: a team's ratings changed (its record_id is the team's; migration 0025); people and places since migration 0026. */
  kind: 'competition' | 'season' | 'team' | 'match' | 'rating' | 'player' | 'coach' | 'referee' | 'venue';
  record_id: string;
  /**
   * When the change was committed, ISO text; never decreasing along `seq` (migration 0013). Null only for
   * rows no release wrote.
   */
  changed_at: string | null;
  /** 1 for a tombstone: the record was removed (migration 0017). */
  removed: Generated<number>;
  /** For a tombstone, the record that took the removed one's place, when there is one. */
  replaced_by: string | null;
}

/**
 * One applied live match update (migration 0015): the audit of who changed what, and the log the live
 * stream reads, whose `seq` is the event ID clients resume from.
 */
export interface LiveEventTable {
  /** Generated; bigint on PostgreSQL, read back as a string there. */
  seq: Generated<number | string>;
  match_id: string;
  competition_id: string;
  /** The operator's ID for the update: one application per match and ID. */
  update_id: string;
  /** The operator's order of the match's updates: an older one than the newest applied is stale. */
  sequence: number;
  /** Who sent it: `cli`, `admin:<credential name>`, `replay`. */
  actor: string;
  applied_at: string;
  /** The update as applied (JSON). */
  payload: string;
  /** What it changed, before and after (JSON), as the stream sends it. */
  changes: string;
}

/** A live update refused, with the reason (migration 0015). */
export interface LiveRejectionTable {
  seq: Generated<number | string>;
  received_at: string;
  actor: string;
  /** The match the update named, as sent (an ID or the feed's own key); null when unreadable. */
  match_ref: string | null;
  update_id: string | null;
  reason: string;
  /** The start of what was sent, for the operator to find it. */
  excerpt: string;
  /** How many refusals of one batch, for this reason, the row stands for (migration 0019): 1 but in a summary. */
  repeats: Generated<number>;
}

/**
 * What one committed change of served data invalidates (migration 0016): `*` (everything), or scope
 * names separated by spaces (invalidation.repository.ts).
 */
export interface InvalidationTable {
  seq: Generated<number | string>;
  scopes: string;
  recorded_at: string;
}

/** The newest invalidation naming each record (`*`: the newest of everything), migration 0016. */
export interface RecordVersionTable {
  record_id: string;
  seq: number | string;
  recorded_at: string;
}

export interface KeyWindowTable {
  key_id: string;
  /** The slot's end, ms since the epoch (bigint: read back as a string on PostgreSQL). */
  at: number | string;
  count: number;
}

export interface KeyUsageTable {
  key_id: string;
  period_start: string;
  count: number;
  updated_at: string;
}

interface Stamped {
  created_at: string;
  updated_at: string;
}

export interface PlayerTable extends Stamped {
  id: string;
  name: string;
  date_of_birth: string | null;
  source: string;
  /** The name's parts, as the source gives them (migration 0026); null where it gives one name. */
  given_name: string | null;
  family_name: string | null;
  /** The name the player is known by, where a source gives one other than `name`. */
  known_as: string | null;
  /** The positions a source lists, comma-separated (vocabulary/people.ts PLAYER_POSITIONS). */
  positions: string | null;
  /** `men` or `women`, where the source says. */
  gender: string | null;
  /** The name folded (text/fold.ts), searched by `q`; null only for rows no run rewrote since 0026. */
  search_name: string | null;
}

/** A coach, as the source keeps them (migration 0026). */
export interface CoachTable extends Stamped {
  id: string;
  name: string;
  given_name: string | null;
  family_name: string | null;
  country_name: string | null;
  gender: string | null;
  search_name: string;
  source: string;
}

export interface RefereeTable extends Stamped {
  id: string;
  name: string;
  given_name: string | null;
  family_name: string | null;
  country_name: string | null;
  confederation: string | null;
  gender: string | null;
  search_name: string;
  source: string;
}

export interface VenueTable extends Stamped {
  id: string;
  name: string;
  city: string | null;
  country: string | null;
  capacity: number | null;
  search_name: string;
  source: string;
}

/** A coach named for a team at a season (a tournament). */
export interface CoachAppointmentTable extends Stamped {
  id: string;
  coach_id: string;
  season_id: string;
  team_id: string;
  source: string;
}

/** Who officiated a match, in which role (vocabulary/people.ts OFFICIAL_ROLES). */
export interface MatchOfficialTable extends Stamped {
  id: string;
  /** Null for a source that names no match: it gives the match's local date and teams instead. */
  match_id: string | null;
  match_date: string | null;
  home_team_id: string | null;
  away_team_id: string | null;
  role: string;
  /** The referee's record, where the source keeps one. */
  referee_id: string | null;
  name: string;
  source: string;
}

/** A team's final placing in a season, as its source publishes it. */
export interface SeasonPlacingTable extends Stamped {
  id: string;
  season_id: string;
  team_id: string;
  position: number;
  source: string;
}

/** An individual award of a season, and who won it. */
export interface AwardWinnerTable extends Stamped {
  id: string;
  season_id: string;
  award: string;
  player_id: string | null;
  team_id: string | null;
  /** 1 when the award was shared. */
  shared: number;
  source: string;
}

export interface SquadMemberTable extends Stamped {
  id: string;
  season_id: string;
  team_id: string;
  player_id: string;
  shirt_number: number | null;
  position: string | null;
  source: string;
}

export interface MatchTeamStatsTable extends Stamped {
  id: string;
  /** The match's local date as the source gives it; with team and opponent it finds the match. */
  match_date: string;
  team_id: string;
  opponent_team_id: string;
  corners: number | null;
  shots_total: number | null;
  shots_on_target: number | null;
  shots_inside_box: number | null;
  possession_percent: number | null;
  passes_accuracy_percent: number | null;
  expected_goals: number | null;
  yellow_cards: number | null;
  red_cards: number | null;
  source: string;
}

export interface MatchTeamSheetTable extends Stamped {
  id: string;
  match_id: string;
  team_id: string;
  formation: string | null;
  coach_name: string | null;
  /** The coach's record, where the sheet names one coach (migration 0026). */
  coach_id: string | null;
  source: string;
}

export interface MatchLineupTable extends Stamped {
  id: string;
  match_id: string;
  team_id: string;
  player_id: string;
  /** starting or bench */
  role: string;
  shirt_number: number | null;
  position: string | null;
  source: string;
}

export interface MatchEventTable extends Stamped {
  id: string;
  match_id: string;
  /** Orders a match's events: period, minute, stoppage minute, then the source's own order. */
  sort_key: string;
  type: string;
  /** Null when the source gives no minute (migration 0012). */
  period: string | null;
  minute: number | null;
  stoppage_minute: number | null;
  label: string | null;
  team_id: string | null;
  player_id: string | null;
  related_player_id: string | null;
  detail: string | null;
  /** The player as the source names them, where it has no player record for them (migration 0012). */
  source_player_name: string | null;
  /**
   * The player of a World Cup source that `source_player_name` was matched to: derived by every ingestion
   * (repositories/event-player-links.ts), never offered by an adapter.
   */
  linked_player_id: string | null;
  source: string;
  /** Digest of the other columns an adapter gives, compared on re-import (migration 0012). */
  row_hash: string | null;
}

export interface StandingTable extends Stamped {
  id: string;
  season_id: string;
  team_id: string;
  group_name: string | null;
  position: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goals_for: number;
  goals_against: number;
  goal_difference: number;
  points: number;
  form: string | null;
  description: string | null;
  source: string;
}

export interface MatchSourceTable extends Stamped {
  id: string;
  match_id: string;
  source: string;
  source_key: string;
  /** Digest of the other columns, compared on re-import (migration 0012). */
  row_hash: string | null;
}

export interface Database {
  competitions: CompetitionTable;
  seasons: SeasonTable;
  teams: TeamTable;
  team_aliases: TeamAliasTable;
  matches: MatchTable;
  match_json: MatchJsonTable;
  ingestion_runs: IngestionRunTable;
  ingestion_artifacts: IngestionArtifactTable;
  ingestion_rejections: IngestionRejectionTable;
  api_keys: ApiKeyTable;
  key_usage: KeyUsageTable;
  key_windows: KeyWindowTable;
  changes: ChangeTable;
  players: PlayerTable;
  squad_members: SquadMemberTable;
  match_team_stats: MatchTeamStatsTable;
  match_team_sheets: MatchTeamSheetTable;
  match_lineups: MatchLineupTable;
  match_events: MatchEventTable;
  standings: StandingTable;
  match_sources: MatchSourceTable;
  coaches: CoachTable;
  referees: RefereeTable;
  venues: VenueTable;
  coach_appointments: CoachAppointmentTable;
  match_officials: MatchOfficialTable;
  season_placings: SeasonPlacingTable;
  award_winners: AwardWinnerTable;
  live_events: LiveEventTable;
  live_rejections: LiveRejectionTable;
  invalidations: InvalidationTable;
  record_versions: RecordVersionTable;
  calendar_tokens: CalendarTokenTable;
  match_calendar: MatchCalendarTable;
  webhook_subscriptions: WebhookSubscriptionTable;
  webhook_outbox: WebhookOutboxTable;
  webhook_deliveries: WebhookDeliveryTable;
  webhook_usage: WebhookUsageTable;
  idempotent_requests: IdempotentRequestTable;
  rating_points: RatingPointTable;
}

/** A calendar token: a secret of its own for a key's calendar feeds, stored as its hash (migration 0022). */
export interface CalendarTokenTable {
  id: string;
  key_id: string;
  token_hash: string;
  /** The token's first characters, to tell tokens apart. */
  prefix: string;
  label: string | null;
  created_at: string;
  revoked_at: string | null;
}

/** A match's iCalendar SEQUENCE and what it was raised for (migration 0022, projections/calendar-sequence.ts). */
export interface MatchCalendarTable {
  match_id: string;
  sequence: number;
  fingerprint: string;
}

/** A webhook subscription a key owns (migration 0024, docs/webhooks.md). */
export interface WebhookSubscriptionTable {
  id: string;
  key_id: string;
  url: string;
  description: string | null;
  /** A JSON array of the event types subscribed to. */
  event_types: string;
  competition_id: string | null;
  team_id: string | null;
  match_id: string | null;
  /** `whsec_…`, kept as it is: signing needs it. */
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  /** 1 delivering, 0 disabled (by its owner, or after a run of failures: `disabled_reason`). */
  enabled: number;
  disabled_reason: string | null;
  /** The outbox sequence number of the last event delivered or passed over; bigint (a string) on PostgreSQL. */
  cursor: number | string;
  /** Attempts made at the event after the cursor. */
  attempts: number;
  /** Failed attempts in a row, whatever the event. */
  failure_streak: number;
  /** Not before then is the next attempt made (a retry's backoff); null: at once. */
  next_attempt_at: string | null;
  lease_owner: string | null;
  lease_expires_at: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** One event waiting in the outbox, written in its change's transaction (migration 0024). */
export interface WebhookOutboxTable {
  seq: Generated<number | string>;
  type: string;
  match_id: string | null;
  competition_id: string | null;
  season_id: string | null;
  home_team_id: string | null;
  away_team_id: string | null;
  /** The event's `data`, JSON. */
  payload: string;
  created_at: string;
}

/** One attempt at delivering an event (migration 0024); the newest few per subscription are kept. */
export interface WebhookDeliveryTable {
  id: Generated<number | string>;
  subscription_id: string;
  /** Null for a test delivery, which is not in the outbox. */
  outbox_seq: number | string | null;
  webhook_id: string;
  event_type: string;
  attempt: number;
  attempted_at: string;
  outcome: 'delivered' | 'failed';
  status_code: number | null;
  latency_ms: number;
  error: string | null;
  response_excerpt: string | null;
}

/** Deliveries made for a key in one billing period (migration 0024). */
export interface WebhookUsageTable {
  key_id: string;
  period_start: string;
  deliveries: number;
}

/** The answer given to a POST sent with an Idempotency-Key, replayed to a retry of it (migration 0024). */
export interface IdempotentRequestTable {
  key_id: string;
  idempotency_key: string;
  /** SHA-256 of the method, route and body: the same key with another request is refused. */
  fingerprint: string;
  status: number;
  body: string;
  created_at: string;
}

/**
 * A team's Elo before and after one rated match (migration 0025), derived from the matches by the ratings
 * projection; ratings in integer thousandths of a point.
 */
export interface RatingPointTable {
  match_id: string;
  team_id: string;
  /** `national` or `club` (src/ratings/rating-rules.ts). */
  system: string;
  opponent_id: string;
  starts_at: string;
  /** The match's local date (as the source gives it), the day rankings file it under. */
  date: string;
  rating_before: number;
  rating_after: number;
  /** The team's rated matches with this one, a predecessor's included. */
  matches: number;
}
