// The undoing of each migration after 0007, for the tests that stand a database of an older version: the
// upgrade test of the stored match JSON and the restore of an older backup.

/**
 * What each migration after 0007 made, undone (SQLite), keyed by the migration's name: the upgrade test
 * (test/storage/ingest/stored-match-json.test.ts) stands a database before 0007 and applies every later migration again. A new migration adds its
 * undoing here; that test checks every migration of the registry has one (an entry whose migration is not
 * registered is not run).
 */
export const UNDO_AFTER_0007: Record<string, readonly string[]> = {
  '0008-key-windows': ['drop table key_windows'],
  '0009-table-season-count': ['alter table competitions drop column table_season_count'],
  '0010-change-log': ['drop table changes'],
  '0011-run-validators': [
    'drop index ingestion_runs_source',
    'alter table ingestion_runs drop column etag',
    'alter table ingestion_runs drop column last_modified',
  ],
  // 0012 rebuilds match_events from the columns 0004 made, whatever else the table has.
  '0012-venues-and-named-players': [
    'alter table competitions drop column confederation',
    'alter table match_sources drop column row_hash',
    ...['shootout_winner', 'venue_city', 'venue_country', 'neutral'].map(
      (column) => `alter table matches drop column ${column}`,
    ),
  ],
  '0013-match-list-queries': [
    'drop index matches_season_round_order',
    'drop index matches_round_order',
    'drop index matches_pairing_order',
    'drop index changes_changed',
    'alter table changes drop column changed_at',
  ],
  '0014-key-rotation': [
    'drop index api_keys_previous_key_hash',
    'alter table api_keys drop column rotated_at',
    'alter table api_keys drop column previous_key_expires_at',
    'alter table api_keys drop column previous_key_hash',
  ],
  '0015-live-events': [
    'drop index match_sources_key',
    'drop table live_rejections',
    'drop table live_events',
  ],
  '0018-key-windows-by-time': ['drop index key_windows_at'],
  '0019-live-rejection-repeats': [
    'drop index live_rejections_received',
    'alter table live_rejections drop column repeats',
  ],
  // Writes rows only: the stored JSON the test compares.
  '0020-match-json-everywhere': [],
  '0021-score-breakdown': ['drop index matches_first_leg', 'alter table matches drop column first_leg_id'],
  '0022-calendar-tokens': [
    'drop table match_calendar',
    'drop index calendar_tokens_key',
    'drop table calendar_tokens',
  ],
  '0024-webhooks': [
    'drop index idempotent_requests_created',
    'drop table idempotent_requests',
    'drop table webhook_usage',
    'drop index webhook_deliveries_subscription',
    'drop table webhook_deliveries',
    'drop index webhook_outbox_created',
    'drop table webhook_outbox',
    'drop index webhook_subscriptions_key',
    'drop table webhook_subscriptions',
  ],
  '0025-team-ratings': [
    'drop index rating_points_starts',
    'drop index rating_points_system_date',
    'drop index rating_points_team',
    'drop table rating_points',
  ],
  '0026-people': [
    'drop index match_events_linked_player',
    'drop index match_events_player',
    'drop index squad_members_player_id',
    'drop index match_lineups_player_id',
    'drop index award_winners_season',
    'drop table award_winners',
    'drop index season_placings_team',
    'drop table season_placings',
    'alter table matches drop column venue_id',
    'alter table match_team_sheets drop column coach_id',
    'drop index match_officials_referee',
    'drop index match_officials_date',
    'drop index match_officials_match',
    'drop table match_officials',
    'drop index coach_appointments_coach',
    'drop table coach_appointments',
    'drop table venues',
    'drop table referees',
    'drop table coaches',
    'drop index players_search',
    'alter table players drop column search_name',
    'alter table players drop column gender',
    'alter table players drop column positions',
    'alter table players drop column known_as',
    'alter table players drop column family_name',
    'alter table players drop column given_name',
  ],
  '0017-change-tombstones': [
    'alter table changes drop column replaced_by',
    'alter table changes drop column removed',
  ],
  '0016-invalidations': [
    'drop index record_versions_seq',
    'drop table record_versions',
    'drop table invalidations',
  ],
};
