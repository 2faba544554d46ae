import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { toMatch } from '../../../src/api/mappers.js';
import type { Storage } from '../../../src/storage/connection.js';
import { sql } from 'kysely';
import { MIGRATION_NAMES, migrateToLatest } from '../../../src/storage/migrations/migrate.js';
import { writeAllMatchJson } from '../../../src/storage/repositories/match-json.js';
import {
  listMatches,
  listMatchesAsJson,
  type MatchFilter,
} from '../../../src/storage/repositories/match.repository.js';
import {
  entry,
  epl,
  EPL_2015_16,
  EPL_2023_24,
  EPL_2023_24_PLAYED,
  makeTempDir,
  removeDir,
  writeClubs,
  writeFootballJson,
} from '../../support/ingest/football-json-fixture.js';
import { ingest, suiteStorages } from '../../support/ingest/test-storage.js';
import { UNDO_AFTER_0007 } from '../../support/migration-undo.js';

// Every engine stores each match's JSON (match_json) in the run that changed the match or the names it
// shows; a list page then reads it instead of building it. These tests hold the stored text to the API
// mapper through the changes that must rewrite it: a renamed team, a changed result, a migration.
const PAGE = { page: 1, limit: 100 };

/** The page as the mapper writes it from rows, and as the database hands it out ready-made. */
async function bothWays(storage: Storage, filter: MatchFilter = {}) {
  const rows = await listMatches(storage, filter, PAGE);
  const json = await listMatchesAsJson(storage, filter, PAGE);
  return { expected: rows.rows.map((row) => JSON.stringify(toMatch(row))), json };
}

/** Every match's stored JSON says what the mapper says. */
async function assertStoredJsonCurrent(storage: Storage, filter: MatchFilter = {}): Promise<string[]> {
  const { expected, json } = await bothWays(storage, filter);
  assert.ok(json, 'every match of the page has its JSON stored');
  assert.deepEqual(json.rows, expected);
  return json.rows;
}

const MIGRATION_0007 = '0007-match-json-by-kick-off';

/** The SQLite database's tables, indexes and columns, to compare before an undoing and after the redo. */
async function sqliteSchema(storage: Storage) {
  const objects = await sql<{ type: string; name: string; tbl_name: string }>`
    select type, name, tbl_name from sqlite_master where name not like 'sqlite_%' order by type, name
  `.execute(storage.db);
  const columns = await sql<Record<string, unknown>>`
    select m.name as table_name, c.name, c.type, c."notnull", c.dflt_value, c.pk
    from sqlite_master m join pragma_table_info(m.name) c
    where m.type = 'table' and m.name not like 'sqlite_%'
    order by m.name, c.cid
  `.execute(storage.db);
  return { objects: objects.rows, columns: columns.rows };
}

async function storedCount(storage: Storage): Promise<number> {
  const row = await storage.db
    .selectFrom('match_json')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('ingestion: the stored JSON of matches', () => {
  let dir: string;
  let noClubs: string;
  let all: string;
  const storages = suiteStorages();
  const fresh = storages.open;

  before(() => {
    dir = makeTempDir('stored-json');
    // Without the clubs directory, 2015-16's "Manchester United" is its own spelling until 2023-24 renames it.
    noClubs = writeClubs(`${dir}/no-clubs`);
    all = writeFootballJson(
      dir,
      { '2015-16/en.1': EPL_2015_16, '2023-24/en.1': EPL_2023_24 },
      'all/football.json',
    );
  });

  after(async () => {
    await storages.closeAll();
    removeDir(dir);
  });

  it('a team renamed by a newer season is renamed in the stored JSON of its older matches', async () => {
    const storage = await fresh('renamed.db');
    // In another competition, so that only the team's change (not its competition's) reaches them.
    const championship = { name: 'English Championship 2015/16', matches: EPL_2015_16.matches };
    const only2015 = writeFootballJson(dir, { '2015-16/en.2': championship }, 'only-2015/football.json');
    const only2023 = writeFootballJson(dir, { '2023-24/en.1': EPL_2023_24 }, 'only-2023/football.json');
    await ingest(storage, only2015, { clubs: noClubs });
    const before = await assertStoredJsonCurrent(storage);
    assert.match(before.join(), /"Manchester United"/);

    const renaming = await ingest(storage, only2023, { clubs: noClubs });
    assert.equal(renaming.outcome, 'succeeded', renaming.error ?? '');
    const afterRename = await assertStoredJsonCurrent(storage);
    assert.equal(afterRename.length, 5);
    assert.doesNotMatch(afterRename.join(), /"Manchester United"/);
    assert.equal(afterRename.filter((m) => m.includes('"Manchester United FC"')).length, 4);
    assert.equal(await storedCount(storage), 5);
    const again = await ingest(storage, only2023, { clubs: noClubs });
    assert.equal(again.rowsWritten, 0, 'an identical re-import rewrites no JSON');
  });

  it("a competition renamed by a newer season is renamed in its older matches' stored JSON", async () => {
    const storage = await fresh('competition-renamed.db');
    // Teams the newer season does not name, so that only the competition's change reaches these matches.
    const older = epl('2015-16', [entry('2015-08-08 15:00', 'Leicester City', 'Watford', { ft: [2, 1] })]);
    const newer = { name: 'Premier League 2023/24', matches: EPL_2023_24.matches };
    await ingest(storage, writeFootballJson(dir, { '2015-16/en.1': older }, 'epl-2015/football.json'), {
      clubs: noClubs,
    });
    assert.match((await assertStoredJsonCurrent(storage)).join(), /"English Premier League"/);
    await ingest(storage, writeFootballJson(dir, { '2023-24/en.1': newer }, 'pl-2023/football.json'), {
      clubs: noClubs,
    });
    const renamed = await assertStoredJsonCurrent(storage);
    assert.equal(renamed.length, 4);
    assert.equal(renamed.filter((m) => m.includes('"name":"Premier League"')).length, 4);
  });

  it('a changed result rewrites that match only', async () => {
    const storage = await fresh('changed.db');
    await ingest(storage, all, { clubs: noClubs, now: '2024-03-01T12:00:00Z' });
    const before = await assertStoredJsonCurrent(storage);
    const changed = writeFootballJson(
      dir,
      { '2015-16/en.1': EPL_2015_16, '2023-24/en.1': EPL_2023_24_PLAYED },
      'played/football.json',
    );
    const summary = await ingest(storage, changed, { clubs: noClubs, now: '2024-06-01T12:00:00Z' });
    assert.deepEqual([summary.inserted, summary.updated], [0, 1]);
    const afterwards = await assertStoredJsonCurrent(storage);
    const differing = afterwards.filter((m, i) => m !== before[i]);
    assert.equal(differing.length, 1);
    assert.match(differing[0]!, /"status":"finished"/);
    assert.match(differing[0]!, /"score":2/);
  });

  it('a rescheduled match is filed under its new kick-off, once', async () => {
    const storage = await fresh('rescheduled.db');
    await ingest(storage, all, { clubs: noClubs, now: '2024-03-01T12:00:00Z' });
    const before = await assertStoredJsonCurrent(storage);
    const moved = {
      ...EPL_2023_24,
      matches: EPL_2023_24.matches.map((m, i) => (i === 2 ? { ...m, date: '2024-05-26', time: '15:00' } : m)),
    };
    const changed = writeFootballJson(
      dir,
      { '2015-16/en.1': EPL_2015_16, '2023-24/en.1': moved },
      'moved/football.json',
    );
    const summary = await ingest(storage, changed, { clubs: noClubs, now: '2024-03-01T12:00:00Z' });
    assert.deepEqual([summary.inserted, summary.updated], [0, 1]);
    const afterwards = await assertStoredJsonCurrent(storage);
    assert.equal(afterwards.length, before.length);
    assert.match(afterwards.at(-1)!, /"starts_at":"2024-05-26T14:00:00Z"/);
    assert.equal(await storedCount(storage), before.length);
    const again = await ingest(storage, changed, { clubs: noClubs, now: '2024-03-01T12:00:00Z' });
    assert.equal(again.rowsWritten, 0);
  });

  it('a database stored by match ID before migration 0007 is rebuilt by kick-off time', async (t) => {
    const storage = await fresh('upgraded.db');
    if (storage.engine !== 'sqlite') {
      t.skip("stood up with SQLite's DDL and compared on SQLite's schema");
      return;
    }
    await ingest(storage, all, { clubs: noClubs });
    const written = await storage.db.selectFrom('match_json').selectAll().orderBy('id').execute();
    const schema = await sqliteSchema(storage);
    // The table as 0006 left it, filled, with 0007 not yet applied.
    await sql`drop table match_json`.execute(storage.db);
    await sql`create table match_json (id text primary key references matches (id), json text not null) without rowid`.execute(
      storage.db,
    );
    await sql`insert into match_json (id, json) select id, 'stale' from matches`.execute(storage.db);
    // And without what later migrations added, so that they apply again after 0007.
    await sql`delete from touchline_migrations where name >= '0007'`.execute(storage.db);
    const later = MIGRATION_NAMES.slice(MIGRATION_NAMES.indexOf(MIGRATION_0007) + 1);
    const missing = later.filter((name) => !UNDO_AFTER_0007[name]);
    assert.deepEqual(missing, [], 'migrations after 0007 without their undoing in UNDO_AFTER_0007');
    for (const name of [...later].reverse()) {
      for (const statement of UNDO_AFTER_0007[name]!) await sql.raw(statement).execute(storage.db);
    }

    const result = await migrateToLatest(storage);
    assert.deepEqual(
      result.results?.map((r) => [r.migrationName, r.status]),
      [MIGRATION_0007, ...later].map((name) => [name, 'Success']),
    );
    assert.deepEqual(await sqliteSchema(storage), schema, 'the migrations made again what was undone');
    assert.deepEqual(await storage.db.selectFrom('match_json').selectAll().orderBy('id').execute(), written);
    await assertStoredJsonCurrent(storage);
  });

  it('the migration writes what the runs write, and a page whose match has none reads the rows', async () => {
    const storage = await fresh('migrated.db');
    await ingest(storage, all, { clubs: noClubs });
    const written = await storage.db.selectFrom('match_json').selectAll().orderBy('id').execute();

    await storage.db.deleteFrom('match_json').execute();
    assert.equal(
      await listMatchesAsJson(storage, {}, PAGE),
      undefined,
      'no stored JSON: the caller reads rows',
    );
    await writeAllMatchJson(storage.db);
    assert.deepEqual(await storage.db.selectFrom('match_json').selectAll().orderBy('id').execute(), written);

    // One match without its JSON (written by other means than a run): its pages read the rows.
    const [first] = written;
    await storage.db.deleteFrom('match_json').where('id', '=', first!.id).execute();
    assert.equal(await listMatchesAsJson(storage, {}, PAGE), undefined);
    const other = await storage.db
      .selectFrom('matches')
      .select('season_id')
      .where('season_id', '!=', (eb) =>
        eb.selectFrom('matches').select('season_id').where('id', '=', first!.id),
      )
      .executeTakeFirstOrThrow();
    await assertStoredJsonCurrent(storage, { seasonId: other.season_id });
  });
});
