import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Storage } from '../../../src/storage/connection.js';
import { findRun, listRuns } from '../../../src/storage/repositories/ingestion-run.repository.js';
import {
  entry,
  epl,
  makeTempDir,
  removeDir,
  writeClubs,
  writeFootballJson,
} from '../../support/ingest/football-json-fixture.js';
import { ingest, openTestStorage, tableCounts } from '../../support/ingest/test-storage.js';

const GOOD = epl('2023-24', [entry('2023-08-11 20:00', 'Burnley FC', 'Manchester City FC', { ft: [0, 3] })]);
// The same file with a corrected score and one more match: if anything were written, it would show.
const CHANGED = epl('2023-24', [
  entry('2023-08-11 20:00', 'Burnley FC', 'Manchester City FC', { ft: [1, 3] }),
  entry('2023-08-12 15:00', 'Arsenal FC', 'Nottingham Forest FC', { ft: [2, 1] }),
]);

describe('ingestion: runs that fail', () => {
  let dir: string;
  let clubs: string;
  let storage: Storage;

  before(async () => {
    dir = makeTempDir('failures');
    clubs = writeClubs(dir);
    storage = await openTestStorage();
    const summary = await ingest(storage, writeFootballJson(dir, { '2023-24/en.1': GOOD }), { clubs });
    assert.equal(summary.outcome, 'succeeded', summary.error ?? '');
  });

  after(async () => {
    await storage.close();
    removeDir(dir);
  });

  /** Runs an ingestion that must fail, and checks it changed no data and left a failed run behind. */
  async function expectFailure(from: string, error: RegExp): Promise<void> {
    const counts = await tableCounts(storage);
    const matches = await storage.db.selectFrom('matches').selectAll().orderBy('id').execute();
    const runsBefore = (await listRuns(storage.db)).length;

    const summary = await ingest(storage, from, { clubs });
    assert.equal(summary.outcome, 'failed');
    assert.match(summary.error ?? '', error);
    assert.deepEqual(
      [summary.inserted, summary.updated, summary.rejected, summary.rowsWritten],
      [0, 0, 0, 0],
    );

    assert.deepEqual(await tableCounts(storage), counts);
    assert.deepEqual(await storage.db.selectFrom('matches').selectAll().orderBy('id').execute(), matches);
    const runs = await listRuns(storage.db);
    assert.equal(runs.length, runsBefore + 1);
    const recorded = await findRun(storage.db, summary.runId);
    assert.ok(recorded);
    assert.equal(recorded.run.outcome, 'failed');
    assert.equal(recorded.run.location, from);
    assert.match(recorded.run.error ?? '', error);
    assert.ok(recorded.run.finished_at);
    assert.deepEqual([recorded.artifacts.length, recorded.rejections.length], [0, 0]);
  }

  it('a malformed JSON file fails the whole run and writes nothing', async () => {
    const from = writeFootballJson(
      dir,
      { '2023-24/en.1': CHANGED, '2023-24/en.2': '{"name": "English Championship 2023/24", "matches": [' },
      'malformed/football.json',
    );
    await expectFailure(from, /2023-24\/en\.2\.json: not valid JSON/);
  });

  it('a JSON file of the wrong shape fails the run', async () => {
    const from = writeFootballJson(
      dir,
      { '2023-24/en.1': CHANGED, '2023-24/en.2': '{"name": "English Championship 2023/24", "matches": {}}' },
      'wrong-shape/football.json',
    );
    await expectFailure(from, /en\.2\.json: not a football\.json file/);
  });

  it('a path that does not exist fails cleanly', async () => {
    await expectFailure(path.join(dir, 'no-such-folder'), /no-such-folder: no such file or folder/);
  });

  it('a folder without football.json files fails cleanly', async () => {
    const empty = path.join(dir, 'empty', 'football.json');
    fs.mkdirSync(empty, { recursive: true });
    fs.writeFileSync(path.join(empty, 'README.md'), '# nothing here\n');
    await expectFailure(empty, /no football\.json files/);
  });

  it('a file that is not an archive or JSON fails cleanly', async () => {
    const file = path.join(dir, 'garbage.tar.gz');
    fs.writeFileSync(file, Buffer.from([0x1f, 0x8b, 0x08, 0x00, 1, 2, 3, 4, 5, 6, 7, 8]));
    await expectFailure(file, /garbage\.tar\.gz: unreadable archive/);
  });

  it('the data stays as the last successful run left it', async () => {
    const m = await storage.db.selectFrom('matches').select(['home_score', 'away_score']).execute();
    assert.deepEqual(m, [{ home_score: 0, away_score: 3 }]);
    const runs = await listRuns(storage.db);
    assert.deepEqual(
      runs.map((r) => r.outcome),
      ['failed', 'failed', 'failed', 'failed', 'failed', 'succeeded'],
    );
  });
});
