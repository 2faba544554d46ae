import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Storage } from '../../../src/storage/connection.js';
import { findRun, listRuns } from '../../../src/storage/repositories/ingestion-run.repository.js';
import {
  ENG_CLUBS,
  EPL_2015_16,
  EPL_2023_24,
  EPL_2023_24_PLAYED,
  makeTempDir,
  removeDir,
  writeClubs,
  writeFootballJson,
} from '../../support/ingest/football-json-fixture.js';
import {
  DATA_TABLES,
  allIds,
  ingest,
  suiteStorages,
  type DataTable,
} from '../../support/ingest/test-storage.js';

async function snapshot(storage: Storage): Promise<Record<DataTable, unknown[]>> {
  const out = {} as Record<DataTable, unknown[]>;
  for (const table of DATA_TABLES) {
    out[table] = await storage.db
      .selectFrom(table)
      .selectAll()
      .orderBy(table === 'team_aliases' ? 'alias_key' : 'id')
      .execute();
  }
  return out;
}

async function teamNames(storage: Storage): Promise<string[]> {
  return (await storage.db.selectFrom('teams').select('name').orderBy('name').execute()).map((t) => t.name);
}

describe('ingestion: re-import and stable IDs', () => {
  let dir: string;
  let all: string;
  let only2015: string;
  let only2023: string;
  let clubs: string;
  const storages = suiteStorages();
  const fresh = storages.open;

  before(() => {
    dir = makeTempDir('reimport');
    clubs = writeClubs(dir, ENG_CLUBS);
    all = writeFootballJson(dir, { '2015-16/en.1': EPL_2015_16, '2023-24/en.1': EPL_2023_24 });
    only2015 = writeFootballJson(dir, { '2015-16/en.1': EPL_2015_16 }, 'only-2015/football.json');
    only2023 = writeFootballJson(dir, { '2023-24/en.1': EPL_2023_24 }, 'only-2023/football.json');
  });

  after(async () => {
    await storages.closeAll();
    removeDir(dir);
  });

  it('an identical re-import writes nothing and records a run with the same sha256', async () => {
    const storage = await fresh('same.db');
    const first = await ingest(storage, all, { clubs, now: '2024-03-01T12:00:00Z' });
    assert.equal(first.outcome, 'succeeded', first.error ?? '');
    assert.equal(first.inserted, 5);
    const before = await snapshot(storage);

    const second = await ingest(storage, all, { clubs, now: '2024-03-02T12:00:00Z' });
    assert.equal(second.outcome, 'succeeded', second.error ?? '');
    assert.deepEqual(
      [second.inserted, second.updated, second.unchanged, second.rejected, second.rowsWritten],
      [0, 0, 5, 0, 0],
    );
    assert.equal(second.sha256, first.sha256);
    assert.match(second.sha256 ?? '', /^[0-9a-f]{64}$/);
    assert.notEqual(second.runId, first.runId);
    // Same rows, same updated_at: nothing was touched.
    assert.deepEqual(await snapshot(storage), before);

    const runs = await listRuns(storage.db);
    assert.deepEqual(
      runs.map((r) => [r.id, r.outcome, r.sha256]),
      [
        [second.runId, 'succeeded', first.sha256],
        [first.runId, 'succeeded', first.sha256],
      ],
    );
    const audit = await findRun(storage.db, second.runId);
    assert.ok(audit);
    assert.deepEqual(
      audit.artifacts.map((a) => [a.uri, a.inserted, a.updated, a.unchanged]),
      [
        ['football.json/2015-16/en.1.json', 0, 0, 2],
        ['football.json/2023-24/en.1.json', 0, 0, 3],
        [clubs, 0, 0, 0],
      ],
    );
  });

  it('a changed result updates that match only', async () => {
    const storage = await fresh('changed.db');
    await ingest(storage, all, { clubs, now: '2024-03-01T12:00:00Z' });
    const before = await snapshot(storage);
    const matchesBefore = await storage.db.selectFrom('matches').selectAll().orderBy('id').execute();
    const changedDir = writeFootballJson(
      dir,
      { '2015-16/en.1': EPL_2015_16, '2023-24/en.1': EPL_2023_24_PLAYED },
      'changed/football.json',
    );
    const summary = await ingest(storage, changedDir, { clubs, now: '2024-06-01T12:00:00Z' });
    assert.deepEqual([summary.inserted, summary.updated, summary.unchanged], [0, 1, 4]);
    const after = await snapshot(storage);
    const matchesAfter = await storage.db.selectFrom('matches').selectAll().orderBy('id').execute();
    assert.deepEqual(
      matchesAfter.map((m) => m.id),
      matchesBefore.map((m) => m.id),
    );
    const changed = matchesAfter.filter((m, i) => m.updated_at !== matchesBefore[i]!.updated_at);
    assert.equal(changed.length, 1);
    assert.equal(changed[0]!.status, 'finished');
    assert.equal(changed[0]!.updated_at, '2024-06-01T12:00:00.000Z');
    assert.deepEqual(after.teams, before.teams);
  });

  it('a fresh database gets the same IDs', async () => {
    const a = await fresh('a.db');
    const b = await fresh('b.db');
    await ingest(a, all, { clubs });
    await ingest(b, all, { clubs, now: '2030-01-01T00:00:00Z' });
    assert.deepEqual(await allIds(b), await allIds(a));
  });

  it('importing the seasons one at a time, in either order, gives the same IDs and names', async () => {
    const reference = await fresh('reference.db');
    await ingest(reference, all, { clubs });
    const expected = await allIds(reference);
    const names = await teamNames(reference);
    assert.ok(names.includes('Manchester United FC'));
    assert.equal(expected.teams!.length, 4);

    for (const [label, order] of [
      ['newest first', [only2023, only2015]],
      ['oldest first', [only2015, only2023]],
    ] as const) {
      const storage = await fresh(`${label.replace(' ', '-')}.db`);
      for (const from of order) {
        const summary = await ingest(storage, from, { clubs });
        assert.equal(summary.outcome, 'succeeded', `${label}: ${summary.error ?? ''}`);
      }
      assert.deepEqual(await allIds(storage), expected, label);
      assert.deepEqual(await teamNames(storage), names, label);
    }
  });

  it('without the clubs directory, "Manchester United" and "Manchester United FC" still make one team', async () => {
    const storage = await fresh('no-clubs.db');
    const empty = writeClubs(`${dir}/empty`);
    const summary = await ingest(storage, all, { clubs: empty });
    assert.equal(summary.outcome, 'succeeded', summary.error ?? '');
    assert.deepEqual(await teamNames(storage), [
      'Burnley',
      'Chelsea FC',
      'Manchester United FC',
      'Tottenham Hotspur FC',
    ]);
  });
});
