import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { zipSync } from 'fflate';
import { create as createTar } from 'tar';
import { findRun } from '../../../src/storage/repositories/ingestion-run.repository.js';
import {
  entry,
  epl,
  makeTempDir,
  removeDir,
  writeClubs,
  writeFootballJson,
  type FixtureFiles,
} from '../../support/ingest/football-json-fixture.js';
import { ingest, matchRows, suiteStorages, type MatchRow } from '../../support/ingest/test-storage.js';

const FILES: FixtureFiles = {
  '2023-24/en.1': epl('2023-24', [
    entry('2023-08-11 20:00', 'Burnley FC', 'Manchester City FC', { ht: [0, 2], ft: [0, 3] }),
    entry('2023-08-12', 'Arsenal FC', 'Nottingham Forest FC'),
    entry('2023-08-12', 'Arsenal FC', 'Nottingham Forest FC'),
  ]),
  '2015-16/en.1': epl('2015-16', [
    entry('2015-08-08 12:45', 'Manchester United', 'Tottenham Hotspur', { ft: [1, 0] }),
  ]),
  '2023-24/de.cup': {
    name: 'DFB Pokal 2023/24',
    matches: [
      entry(
        '2024-05-25 20:00',
        '1. FC Kaiserslautern',
        'Bayer 04 Leverkusen',
        { ft: [0, 1] },
        { round: 'Final' },
      ),
    ],
  },
};

/** Match rows without their write timestamps, which differ between databases. */
function comparable(rows: MatchRow[]): Array<Record<string, unknown>> {
  return rows.map((row) =>
    Object.fromEntries(Object.entries(row).filter(([key]) => key !== 'created_at' && key !== 'updated_at')),
  );
}

describe('ingestion: archives and single files', () => {
  let dir: string;
  let folder: string;
  let clubs: string;
  let expected: ReturnType<typeof comparable>;
  let expectedRejected: number;
  const storages = suiteStorages();

  async function ingestInto(name: string, from: string) {
    const storage = await storages.open(name);
    const summary = await ingest(storage, from, { clubs });
    return { storage, summary };
  }

  before(async () => {
    dir = makeTempDir('archives');
    folder = writeFootballJson(dir, FILES);
    clubs = writeClubs(dir);
    const { storage, summary } = await ingestInto('folder.db', folder);
    assert.equal(summary.outcome, 'succeeded', summary.error ?? '');
    expected = comparable(await matchRows(storage));
    expectedRejected = summary.rejected;
    assert.equal(expected.length, 4);
    assert.equal(expectedRejected, 1);
  });

  after(async () => {
    await storages.closeAll();
    removeDir(dir);
  });

  it('a .tar.gz of the folder ingests the same as the folder', async () => {
    const archive = path.join(dir, 'football.json.tar.gz');
    await createTar({ gzip: true, cwd: dir, file: archive }, ['football.json']);
    const { storage, summary } = await ingestInto('tar.db', archive);
    assert.equal(summary.outcome, 'succeeded', summary.error ?? '');
    assert.equal(summary.rejected, expectedRejected);
    assert.deepEqual(comparable(await matchRows(storage)), expected);
    const run = await findRun(storage.db, summary.runId);
    assert.equal(run?.run.sha256, summary.sha256);
    assert.ok(run?.artifacts.some((a) => a.uri === 'football.json/2023-24/en.1.json'));
    // Sizes are numbers on both engines (a bigint column reads back as a string from PostgreSQL).
    assert.equal(run?.run.bytes, fs.statSync(archive).size);
    assert.ok(run?.artifacts.every((a) => typeof a.bytes === 'number'));
  });

  it('a .zip laid out like a GitHub archive, entries in another order, ingests the same', async () => {
    const entries: Record<string, Uint8Array> = {};
    for (const key of Object.keys(FILES).reverse()) {
      entries[`football.json-master/${key}.json`] = fs.readFileSync(path.join(folder, `${key}.json`));
    }
    entries['football.json-master/README.md'] = Buffer.from('# football.json\n');
    const archive = path.join(dir, 'football.json-master.zip');
    fs.writeFileSync(archive, zipSync(entries));
    const { storage, summary } = await ingestInto('zip.db', archive);
    assert.equal(summary.outcome, 'succeeded', summary.error ?? '');
    assert.equal(summary.rejected, expectedRejected);
    assert.deepEqual(comparable(await matchRows(storage)), expected);
  });

  it('a single <season>/<code>.json file ingests its own matches', async () => {
    const { storage, summary } = await ingestInto('single.db', path.join(folder, '2023-24', 'en.1.json'));
    assert.equal(summary.outcome, 'succeeded', summary.error ?? '');
    assert.deepEqual(
      comparable(await matchRows(storage)),
      expected.filter((m) => m.code === 'en.1' && m.season === '2023-24'),
    );
  });

  it('a .zip without football.json files fails the run', async () => {
    const archive = path.join(dir, 'other.zip');
    fs.writeFileSync(archive, zipSync({ 'notes/readme.txt': Buffer.from('hello') }));
    const { summary } = await ingestInto('other.db', archive);
    assert.equal(summary.outcome, 'failed');
    assert.match(summary.error ?? '', /no football\.json files/);
  });
});
