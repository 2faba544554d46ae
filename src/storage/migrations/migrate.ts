import { Migrator, type Migration, type MigrationResultSet } from 'kysely/migration';
import type { Storage } from '../connection.js';
import * as initial from './0001-initial.js';
import * as plansAndUsage from './0002-plans-and-usage.js';
import * as matchRowHash from './0003-match-row-hash.js';
import * as matchDetails from './0004-match-details.js';
import * as teamSeasonIndexes from './0005-team-season-indexes.js';
import * as matchJson from './0006-match-json.js';
import * as matchJsonByKickOff from './0007-match-json-by-kick-off.js';
import * as keyWindows from './0008-key-windows.js';
import * as tableSeasonCount from './0009-table-season-count.js';
import * as changeLog from './0010-change-log.js';
import * as runValidators from './0011-run-validators.js';
import * as venuesAndNamedPlayers from './0012-venues-and-named-players.js';
import * as matchListQueries from './0013-match-list-queries.js';
import * as keyRotation from './0014-key-rotation.js';
import * as liveEvents from './0015-live-events.js';
import * as invalidations from './0016-invalidations.js';
import * as changeTombstones from './0017-change-tombstones.js';
import * as keyWindowsByTime from './0018-key-windows-by-time.js';
import * as liveRejectionRepeats from './0019-live-rejection-repeats.js';
import * as matchJsonEverywhere from './0020-match-json-everywhere.js';
import * as scoreBreakdown from './0021-score-breakdown.js';
import * as calendarTokens from './0022-calendar-tokens.js';
import * as webhooks from './0024-webhooks.js';
import * as teamRatings from './0025-team-ratings.js';
import * as people from './0026-people.js';

/** Migrations are listed here in order; each receives the engine for the few DDL spellings that differ. */
const MIGRATIONS = {
  '0001-initial': initial,
  '0002-plans-and-usage': plansAndUsage,
  '0003-match-row-hash': matchRowHash,
  '0004-match-details': matchDetails,
  '0005-team-season-indexes': teamSeasonIndexes,
  '0006-match-json': matchJson,
  '0007-match-json-by-kick-off': matchJsonByKickOff,
  '0008-key-windows': keyWindows,
  '0009-table-season-count': tableSeasonCount,
  '0010-change-log': changeLog,
  '0011-run-validators': runValidators,
  '0012-venues-and-named-players': venuesAndNamedPlayers,
  '0013-match-list-queries': matchListQueries,
  '0014-key-rotation': keyRotation,
  '0015-live-events': liveEvents,
  '0016-invalidations': invalidations,
  '0017-change-tombstones': changeTombstones,
  '0018-key-windows-by-time': keyWindowsByTime,
  '0019-live-rejection-repeats': liveRejectionRepeats,
  '0020-match-json-everywhere': matchJsonEverywhere,
  '0021-score-breakdown': scoreBreakdown,
  '0022-calendar-tokens': calendarTokens,
  '0024-webhooks': webhooks,
  '0025-team-ratings': teamRatings,
  '0026-people': people,
};

/** The migrations' names, in the order they apply. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS);

export async function migrateToLatest(storage: Storage): Promise<MigrationResultSet> {
  const migrations: Record<string, Migration> = {};
  for (const [name, module] of Object.entries(MIGRATIONS)) {
    migrations[name] = { up: (db) => module.up(db, storage.engine) };
  }
  const migrator = new Migrator({
    db: storage.db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'touchline_migrations',
    migrationLockTableName: 'touchline_migrations_lock',
  });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  return result;
}
